import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { RejectReason } from '../../../../shared/online-orders-contract';
import { isoDateTime } from '../../../../shared/dates';
import {
  addressText,
  freeNote,
  latitude,
  lineQuantity,
  longitude,
  mealCardBrand,
  personName,
  platformOrderId,
  productCode,
  productName,
  tlAmount,
  PlatformCallError,
  cancelReasonText,
  type PlatformAdapter,
  type PlatformCancellation,
  type PlatformOrder,
} from './types';

/**
 * Yemeksepeti (Delivery Hero POS middleware). Their webhook carries `Authorization: Bearer <JWT>`
 * signed HS512 with the vendor's secret and the claim `service: "middleware"`; our calls log in
 * with client credentials (POST /v2/login → access_token, about 30 min) and answer on the order's
 * token: POST /v2/order/status/{token} (order_accepted + acceptanceTime, order_rejected + reason,
 * order_picked_up), POST /v2/orders/{token}/preparation-completed, and the vendor's availability.
 */

const topping = z.object({
  type: z.enum(['PRODUCT', 'VARIANT', 'EXTRA']).optional(),
  remoteCode: productCode.optional(),
  id: productCode.optional(),
  name: productName,
  price: tlAmount('Seçenek fiyatı').default(0),
  quantity: z.number().int().min(1).max(99).optional(),
});

const payload = z.object({
  token: z.string({ error: 'Sipariş jetonu (token) gerekli' }).min(1).max(200),
  code: platformOrderId,
  shortCode: z.string().max(20).optional(),
  expeditionType: z.enum(['delivery', 'pickup'], { error: "expeditionType 'delivery' ya da 'pickup' olmalı" }),
  test: z.boolean().default(false),
  preOrder: z.boolean().default(false),
  expiryDate: z.string().max(40).optional(),
  customer: z.object({ firstName: personName, lastName: z.string().max(80).default(''), mobilePhone: z.string().max(30).optional() }),
  delivery: z
    .object({
      expectedDeliveryTime: isoDateTime('Tarih saat dilimli bir ISO 8601 tarih olmalı').optional(),
      address: z
        .object({
          street: addressText.optional(),
          number: z.string().max(20).optional(),
          city: z.string().max(60).optional(),
          deliveryInstructions: freeNote('Adres tarifi').optional(),
          latitude: latitude.optional(),
          longitude: longitude.optional(),
        })
        .optional(),
    })
    .optional(),
  comments: z.object({ customerComment: freeNote('Müşteri notu').optional() }).optional(),
  payment: z.object({ status: z.string().max(40), type: z.string().max(60).optional() }),
  price: z.object({ grandTotal: tlAmount('Toplam'), payRestaurant: tlAmount('Restorana ödenecek').optional(), collectFromCustomer: tlAmount('Müşteriden alınacak').default(0) }),
  products: z
    .array(
      z.object({
        remoteCode: productCode,
        name: productName,
        quantity: lineQuantity,
        unitPrice: tlAmount('Ürün fiyatı'),
        comment: freeNote('Ürün notu').optional(),
        selectedToppings: z.array(topping).max(50).default([]),
      }),
      { error: 'Ürünler (products) bir liste olmalı' },
    )
    .min(1, 'Siparişte en az bir ürün olmalı')
    .max(50, 'Bir siparişte en fazla 50 satır olabilir'),
  discounts: z.array(z.object({ name: z.string().max(120).optional(), amount: tlAmount('İndirim'), sponsorships: z.array(z.object({ sponsor: z.string().max(40), amount: tlAmount('İndirim payı') })).default([]) })).default([]),
});
type Payload = z.infer<typeof payload>;

function toOrder(p: Payload): PlatformOrder {
  const address = p.delivery?.address;
  const paidOnline = p.price.collectFromCustomer === 0 || p.payment.status.toLowerCase() === 'paid';
  const type = (p.payment.type ?? '').toLowerCase();
  const brand = mealCardBrand(type);
  // the platform's share of its discounts (sponsor PLATFORM); the restaurant's share is its own discount
  const platformDiscount = p.discounts.reduce(
    (sum, d) => sum + (d.sponsorships.length ? d.sponsorships.filter((s) => s.sponsor.toUpperCase() !== 'VENDOR' && s.sponsor.toUpperCase() !== 'RESTAURANT').reduce((a, s) => a + s.amount, 0) : d.amount),
    0,
  );
  return {
    externalId: p.code,
    isTest: p.test,
    type: p.expeditionType === 'pickup' ? 'takeaway' : 'delivery',
    customer: {
      name: `${p.customer.firstName} ${p.customer.lastName}`.trim(),
      phone: p.customer.mobilePhone ?? null,
      address: address ? [address.street, address.number, address.city, address.deliveryInstructions].filter(Boolean).join(', ') || null : null,
      lat: address?.latitude ?? null,
      lng: address?.longitude ?? null,
    },
    lines: p.products.map((l) => ({
      code: l.remoteCode,
      name: l.name,
      quantity: l.quantity,
      unitPriceKurus: l.unitPrice,
      options: l.selectedToppings.map((t) => ({ code: t.remoteCode ?? t.id ?? '', name: t.name, priceKurus: t.price })),
      note: l.comment ?? null,
    })),
    payment: paidOnline ? { method: 'online', brand: null } : brand ? { method: 'meal_card', brand } : { method: type.includes('card') ? 'card' : 'cash', brand: null },
    platformDiscountKurus: platformDiscount,
    note: p.comments?.customerComment ?? null,
    expectedAt: p.delivery?.expectedDeliveryTime ?? null,
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
  out_of_area: 'ADDRESS_INCOMPLETE_MISSTATED',
  other: 'OTHER',
};

/**
 * Yemeksepeti's order status webhook for a cancellation (the middleware's ORDER_CANCELLED): the
 * order's code and the message it carries.
 */
const cancellation = z.object({
  code: platformOrderId,
  status: z.literal('ORDER_CANCELLED', { error: "Durum 'ORDER_CANCELLED' olmalı" }),
  message: cancelReasonText(),
});
type Cancellation = z.infer<typeof cancellation>;

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
  toCancellation: ((p: Cancellation) => ({ externalId: p.code, reason: p.message || null })) as (p: never) => PlatformCancellation,
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
  request(u, connection) {
    const token = encodeURIComponent(u.token ?? '');
    switch (u.kind) {
      case 'accept':
        return { method: 'POST', path: `/v2/order/status/${token}`, body: { status: 'order_accepted', acceptanceTime: new Date(Date.now() + (u.prepMinutes ?? 20) * 60_000).toISOString(), remoteOrderId: u.externalId } };
      case 'reject':
        return { method: 'POST', path: `/v2/order/status/${token}`, body: { status: 'order_rejected', reason: REJECT_CODES[u.reason ?? 'other'], message: u.note ?? '' } };
      case 'ready':
        return { method: 'POST', path: `/v2/orders/${token}/preparation-completed`, body: {} };
      case 'picked_up':
        return { method: 'POST', path: `/v2/order/status/${token}`, body: { status: 'order_picked_up' } };
      case 'delivered':
        return { method: 'POST', path: `/v2/order/status/${token}`, body: { status: 'order_delivered' } };
      case 'pause':
        return {
          method: 'PUT',
          path: `/v2/remoteVendors/${encodeURIComponent(connection.remoteCode)}/availability`,
          body: { availabilityState: 'CLOSED_UNTIL', closedReason: 'TOO_BUSY_KITCHEN', closingMinutes: u.minutes ?? 30 },
        };
    }
  },
};
