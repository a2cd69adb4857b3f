import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { RejectReason } from '../../../../shared/online-orders-contract';
import { isoDateTime } from '../../../../shared/dates';
import {
  addressLine,
  e164,
  freeNote,
  looseCoordinate,
  mealCardBrand,
  optionalAmount,
  optionalName,
  optionalText,
  platformOrderId,
  productName,
  textQuantity,
  tlAmount,
  PlatformBodyError,
  PlatformCallError,
  cancelReasonText,
  type PlatformAdapter,
  type PlatformCancellation,
  type PlatformOrder,
} from './types';
import { closeVendorCalls } from './yemeksepeti-availability';

/**
 * Yemeksepeti = Delivery Hero's POS plugin API (the same integration middleware as foodpanda and
 * foodora). Incoming, as the middleware calls a plugin: the order on `POST {plugin}/order/{remoteId}`
 * answered with `{"remoteResponse":{"remoteOrderId":…}}`, and status updates (ORDER_CANCELLED, with
 * only `{status, message}`) on `{plugin}/remoteId/{remoteId}/remoteOrder/{remoteOrderId}/posOrderStatus`
 * (platform-intake.routes.ts). Its webhook carries `Authorization: Bearer <JWT>` signed HS512 with
 * the vendor's secret and the claim `service: "middleware"`; our calls log in with client
 * credentials (POST /v2/login → access_token, about 30 min) and answer on the order's token.
 * Yoğunuz is the vendor's availability under its chain code and POS vendor id
 * (yemeksepeti-availability.ts).
 *
 * The body as Delivery Hero documents it (pluginOrder.yaml; the two examples are the fixtures under
 * tests/fixtures/platforms/yemeksepeti, their sources in SOURCES.md there): quantities and prices are
 * strings ("4", "2.50"), a topping's price may be "" and a topping nests further toppings in
 * `children` (up to five levels; a priced child is charged like its parent); `customer.firstName` and
 * `delivery.address` may be missing or null (the platform's rider delivers, the address is not
 * ours to know); `pickup.pickupTime` is when a pickup order is fetched; `price.grandTotal` is what
 * the customer is charged (food + fees − discounts) and `collectFromCustomer` what to take at the
 * door; each discount says who funds it (`sponsorships`: PLATFORM, VENDOR, THIRD_PARTY). Where
 * the sources differ, Delivery Hero's own examples win over integrators' code; on the status
 * update's method they disagree among themselves (one integrator serves PUT, other descriptions
 * name POST) and none is Delivery Hero's own text, so Sofra serves both.
 */

interface Topping {
  code: string;
  name: string;
  priceKurus: number;
  children: Topping[];
}

const topping: z.ZodType<Topping> = z.lazy(() =>
  z
    .object({
      type: z.string().max(40).nullish(),
      remoteCode: z.union([z.string().max(64), z.number()]).nullish(),
      id: z.union([z.string().max(64), z.number()]).nullish(),
      name: productName,
      price: optionalAmount('Seçenek fiyatı'),
      children: z.array(topping).max(50, 'Bir seçenekte en fazla 50 alt seçenek olabilir').nullish(),
    })
    .transform((t) => ({ code: String(t.remoteCode || t.id || ''), name: t.name, priceKurus: t.price, children: t.children ?? [] })),
);

/** Every topping of a product with its children, at any depth, in the order the customer chose them. */
const flatten = (toppings: Topping[]): Topping[] => toppings.flatMap((t) => [t, ...flatten(t.children)]);

const sponsored = z.object({ sponsor: z.string().max(40), amount: optionalAmount('İndirim payı') });
const discount = z.object({ name: z.string().max(200).nullish(), amount: optionalAmount('İndirim'), sponsorships: z.array(sponsored).max(10).nullish() });
const text = (max: number) => z.string().max(max).nullish();

const part = (label: string) => optionalText(label, 255);
const address = z.object({
  street: part('Sokak'),
  number: part('Bina numarası'),
  building: part('Bina'),
  entrance: part('Giriş'),
  floor: part('Kat'),
  flatNumber: part('Daire'),
  intercom: part('Zil'),
  room: part('Oda'),
  structure: part('Yapı'),
  company: part('Şirket'),
  deliveryMainArea: part('Semt'),
  deliveryArea: part('Bölge'),
  district: part('İlçe'),
  postcode: part('Posta kodu'),
  city: part('Şehir'),
  other: part('Adres ek bilgisi'),
  deliveryInstructions: optionalText('Adres tarifi', 2048),
  latitude: looseCoordinate(-90, 90),
  longitude: looseCoordinate(-180, 180),
});

const payload = z.object({
  token: z.string({ error: 'Sipariş jetonu (token) gerekli' }).min(1, 'Sipariş jetonu (token) boş olamaz').max(512, 'Sipariş jetonu (token) en fazla 512 karakter olabilir'),
  code: platformOrderId,
  shortCode: z.string().max(255).nullish(),
  expeditionType: z.enum(['delivery', 'pickup'], { error: "expeditionType 'delivery' ya da 'pickup' olmalı" }),
  test: z.boolean().nullish(),
  preOrder: z.boolean().nullish(),
  customer: z
    .object({ firstName: optionalName('Müşteri adı', 120), lastName: optionalName('Müşteri soyadı', 120), mobilePhone: text(40) })
    .nullish(),
  delivery: z
    .object({
      expectedDeliveryTime: isoDateTime('Teslim zamanı saat dilimli bir ISO 8601 tarih olmalı').nullish(),
      riderPickupTime: z.string().max(40).nullish(),
      address: address.nullish(),
    })
    .nullish(),
  pickup: z.object({ pickupTime: isoDateTime('Gel-al zamanı saat dilimli bir ISO 8601 tarih olmalı').nullish() }).nullish(),
  comments: z.object({ customerComment: freeNote('Müşteri notu').nullish() }).nullish(),
  payment: z.object({ status: z.string().max(40), type: text(60) }, { error: 'Ödeme bilgisi (payment) gerekli' }),
  price: z.object(
    {
      grandTotal: tlAmount('Toplam (grandTotal)'),
      deliveryFee: optionalAmount('Teslimat ücreti'),
      deliveryFees: z.array(z.object({ name: text(120), value: optionalAmount('Teslimat ücreti') })).max(20).nullish(),
      collectFromCustomer: optionalAmount('Müşteriden alınacak'),
    },
    { error: 'Fiyat bilgisi (price) gerekli' },
  ),
  products: z
    .array(
      z.object({
        remoteCode: z.union([z.string().max(64), z.number()]).nullish(),
        id: z.union([z.string().max(64), z.number()]).nullish(),
        name: productName,
        quantity: textQuantity,
        unitPrice: tlAmount('Ürün fiyatı'),
        comment: freeNote('Ürün notu').nullish(),
        selectedToppings: z.array(topping).max(50).nullish(),
      }),
      { error: 'Ürünler (products) bir liste olmalı' },
    )
    .min(1, 'Siparişte en az bir ürün olmalı')
    .max(50, 'Bir siparişte en fazla 50 satır olabilir'),
  discounts: z.array(discount).max(20).nullish(),
});
type Payload = z.infer<typeof payload>;

/** Who funds Yemeksepeti's discounts: VENDOR is the restaurant; PLATFORM and THIRD_PARTY are not its money. */
function discountShares(discounts: Payload['discounts']) {
  let restaurant = 0;
  let platform = 0;
  for (const d of discounts ?? []) {
    const shares = d.sponsorships ?? [];
    if (shares.length === 0) {
      platform += d.amount;
      continue;
    }
    for (const s of shares) {
      if (s.sponsor.toUpperCase() === 'VENDOR') restaurant += s.amount;
      else platform += s.amount;
    }
  }
  return { restaurant, platform };
}

/** How the customer pays: `payment.status` paid = online; otherwise at the door, by `payment.type`. */
function paymentOf(p: Payload): PlatformOrder['payment'] {
  if (p.payment.status.toLowerCase() === 'paid') return { method: 'online', brand: null };
  const type = (p.payment.type ?? '').toLocaleLowerCase('tr-TR');
  const brand = mealCardBrand(type);
  if (brand) return { method: 'meal_card', brand };
  if (/card|kart/.test(type)) return { method: 'card', brand: null };
  return { method: 'cash', brand: null };
}

function toOrder(p: Payload): PlatformOrder {
  const a = p.delivery?.address;
  const isPickup = p.expeditionType === 'pickup';
  const payment = paymentOf(p);
  const shares = discountShares(p.discounts);
  const fees = p.price.deliveryFee || (p.price.deliveryFees ?? []).reduce((sum, f) => sum + f.value, 0);
  const name = [p.customer?.firstName, p.customer?.lastName].filter((n) => n && n.trim()).join(' ').trim();
  return {
    externalId: p.code,
    isTest: p.test ?? false,
    type: isPickup ? 'takeaway' : 'delivery',
    customer: {
      name: name.slice(0, 80) || 'Yemeksepeti müşterisi',
      phone: e164(p.customer?.mobilePhone),
      // a pickup order is fetched at the counter: no door to go to
      address:
        !isPickup && a
          ? addressLine([
              [a.street, a.number].filter(Boolean).join(' '),
              a.building && `Bina ${a.building}`,
              a.entrance && `Giriş ${a.entrance}`,
              a.floor && `Kat ${a.floor}`,
              a.flatNumber && `Daire ${a.flatNumber}`,
              a.intercom && `Zil ${a.intercom}`,
              a.company,
              a.deliveryMainArea,
              a.deliveryArea !== a.deliveryMainArea && a.deliveryArea,
              a.district,
              [a.postcode, a.city].filter(Boolean).join(' '),
              a.deliveryInstructions,
            ])
          : null,
      lat: !isPickup ? (a?.latitude ?? null) : null,
      lng: !isPickup ? (a?.longitude ?? null) : null,
    },
    lines: p.products.map((l) => ({
      code: String(l.remoteCode || l.id || ''),
      name: l.name,
      quantity: l.quantity,
      unitPriceKurus: l.unitPrice,
      options: flatten(l.selectedToppings ?? []).map((t) => ({ code: t.code, name: t.name, priceKurus: t.priceKurus })),
      note: l.comment || null,
    })),
    payment,
    platformDiscountKurus: shares.platform,
    restaurantDiscountKurus: shares.restaurant,
    deliveryFeeKurus: fees,
    customerPaysKurus: p.price.grandTotal,
    collectAtDoorKurus: payment.method === 'online' ? 0 : p.price.collectFromCustomer || p.price.grandTotal,
    // Delivery Hero's own rider has a pickup time; the restaurant's own delivery has none (null)
    platformCourier: !isPickup && Boolean(p.delivery?.riderPickupTime),
    note: p.comments?.customerComment || null,
    expectedAt: (isPickup ? p.pickup?.pickupTime : p.delivery?.expectedDeliveryTime) ?? null,
    // every dispatch carries an expected time; only a pre-order is one the customer chose
    isScheduled: Boolean(p.preOrder),
    token: p.token,
  };
}

const b64url = (b: Buffer) => b.toString('base64url');

/** Verifies an HS512 JWT signed with `secret` (what Delivery Hero's middleware sends). */
export function verifyHs512(jwt: string, secret: string): Record<string, unknown> | null {
  const parts = jwt.split('.');
  if (parts.length !== 3 || !secret) return null;
  try {
    const header = JSON.parse(Buffer.from(parts[0], 'base64url').toString()) as { alg?: string };
    if (header.alg !== 'HS512') return null;
    const expected = createHmac('sha512', secret).update(`${parts[0]}.${parts[1]}`).digest();
    const given = Buffer.from(parts[2], 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString()) as Record<string, unknown>;
    if (typeof claims.exp === 'number' && claims.exp * 1000 < Date.now()) return null;
    return claims;
  } catch {
    return null;
  }
}

/** Signs claims as the middleware does (tests and the simulator). */
export function signHs512(claims: Record<string, unknown>, secret: string) {
  const head = b64url(Buffer.from(JSON.stringify({ alg: 'HS512', typ: 'JWT' })));
  const body = b64url(Buffer.from(JSON.stringify(claims)));
  return `${head}.${body}.${b64url(createHmac('sha512', secret).update(`${head}.${body}`).digest())}`;
}

const REJECT_CODES: Record<RejectReason, string> = {
  dish_unavailable: 'ITEM_UNAVAILABLE',
  too_busy: 'TOO_BUSY',
  closed: 'CLOSED',
  out_of_area: 'OUTSIDE_DELIVERY_AREA',
  // Delivery Hero has no "other" among its reject reasons; a reason the owner did not name is
  // reported as the restaurant's own problem, never as the customer's or the rider's
  other: 'TECHNICAL_PROBLEM',
};

/**
 * Yemeksepeti's order status update for a cancellation: `{status: "ORDER_CANCELLED", message}`.
 * The middleware names the order only in the URL (the remoteOrderId we answered with: the order's
 * code); Sofra's older cancellation route also takes the code in the body.
 */
const cancellation = z.object({
  code: platformOrderId.optional(),
  status: z.literal('ORDER_CANCELLED', { error: "Durum 'ORDER_CANCELLED' olmalı" }),
  message: cancelReasonText().nullable(),
});
type Cancellation = z.infer<typeof cancellation>;

/** The plain `{status, message}` of any status update the middleware sends (ORDER_PICKED_UP, modifications…). */
export const yemeksepetiStatusUpdate = z.object({ status: z.string({ error: 'Durum (status) gerekli' }).min(1).max(80) }).passthrough();

function toCancellation(p: Cancellation, externalId?: string): PlatformCancellation {
  const id = externalId ?? p.code;
  if (!id) throw new PlatformBodyError('İptal edilen siparişin numarası yok: adreste ya da gövdede (code) olmalı');
  return { externalId: id, reason: p.message || null };
}

export const yemeksepeti: PlatformAdapter = {
  platform: 'yemeksepeti',
  authenticateWebhook(headers, connection) {
    const auth = headers.authorization;
    if (typeof auth !== 'string' || !auth.startsWith('Bearer ')) return false;
    const claims = verifyHs512(auth.slice(7), connection.webhookSecret);
    return claims !== null && claims.service === 'middleware';
  },
  payload,
  toOrder: toOrder as (p: never) => PlatformOrder,
  cancellation,
  toCancellation: toCancellation as (p: never, externalId?: string) => PlatformCancellation,
  async authHeaders(connection, fetchImpl) {
    const res = await fetchImpl(`${connection.baseUrl}/v2/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: connection.clientId, password: connection.clientSecret, grant_type: 'client_credentials' }).toString(),
    });
    if (!res.ok) throw new PlatformCallError(`Yemeksepeti girişi başarısız: HTTP ${res.status}`, res.status);
    const { access_token } = (await res.json()) as { access_token?: string };
    if (!access_token) throw new Error('Yemeksepeti girişi jeton döndürmedi');
    return { authorization: `Bearer ${access_token}` };
  },
  authShown: { authorization: 'Bearer <access_token: POST /v2/login>' },
  async request(u, connection, read) {
    const token = encodeURIComponent(u.token ?? '');
    switch (u.kind) {
      case 'accept':
        return [{ method: 'POST', path: `/v2/order/status/${token}`, body: { status: 'order_accepted', acceptanceTime: new Date(Date.now() + (u.prepMinutes ?? 20) * 60_000).toISOString(), remoteOrderId: u.externalId } }];
      case 'reject':
        return [{ method: 'POST', path: `/v2/order/status/${token}`, body: { status: 'order_rejected', reason: REJECT_CODES[u.reason ?? 'other'], message: u.note ?? '' } }];
      case 'ready':
        return [{ method: 'POST', path: `/v2/orders/${token}/preparation-completed`, body: {} }];
      case 'picked_up':
        return [{ method: 'POST', path: `/v2/order/status/${token}`, body: { status: 'order_picked_up' } }];
      case 'delivered':
        // Delivery Hero has no "delivered" status for a plugin to send: its rider or the vendor's own
        // delivery ends the order on the platform's side
        return [];
      case 'pause':
        return closeVendorCalls(connection, u.minutes ?? 30, read);
      case 'resume':
        // CLOSED_UNTIL ends by itself at the closing minutes' end
        return [];
    }
  },
};
