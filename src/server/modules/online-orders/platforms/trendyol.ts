import { z } from 'zod';
import type { CallBudget } from '../platform-call-budget';
import type { RejectReason } from '../../../../shared/online-orders-contract';
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
  sameSecret,
  PlatformBodyError,
  cancelReasonText,
  type PlatformAdapter,
  type PlatformCancellation,
  type PlatformConnection,
  type PlatformOrder,
} from './types';

/**
 * Trendyol Go (meal). Trendyol documents no order webhook for meal: integrators poll
 * `GET …/integrator/order/meal/suppliers/{supplierId}/packages` and read each package. Sofra polls
 * (trendyol-poller.ts) and also takes one package as a body (from a relay), authenticated with HTTP
 * Basic supplierId:webhookSecret — the mechanism of Trendyol's own calls. Our calls use HTTP Basic
 * apiKey:apiSecret under /integrator/order/meal/suppliers/{supplierId}/… (base api.tgoapis.com)
 * with the headers Trendyol requires (`User-Agent: "<supplierId> - SelfIntegration"`,
 * `x-agentname`, `x-executor-user`): picked, invoiced and unsupplied name the package in the body
 * (unsupplied with its packageItemIds and a reason id), the two courier steps of the restaurant's
 * own delivery (manual-shipped, manual-delivered) in the path. Integrators differ on these paths
 * (one puts every package id in the path); Sofra follows Trendyol's own pages as extracted from
 * developers.tgoapps.com and the integrations that agree with them (tests/fixtures/platforms/SOURCES.md).
 * The store's open/closed status is another API, /integrator/store/meal/…/stores/{storeId}/status.
 *
 * A package as Trendyol's "Model 1" (developers.tgoapps.com; the fixtures under
 * tests/fixtures/platforms/trendyol, sources in SOURCES.md there): a line is one product with
 * `items[]`, one item per unit (2 Adana = 2 items; a cancelled item is no longer ordered); its
 * `price` is the unit price (renamed `lineUnitPrice` in Trendyol's 2025-12 notice, both read),
 * `modifierProducts` are the chosen options (nested, each with its own extras), `extraIngredients`
 * are priced additions and `removedIngredients` go into the line's note. The phone is
 * `address.phone`; coordinates are strings. A GO package (Trendyol's courier) carries placeholders
 * ("TGO Yemek", "Trendyol Yemek") instead of the customer's address and coordinates: it has no
 * address for us. `storePickupSelected` is Gel-Al, `testPackage` a test order. Payment:
 * PAY_WITH_CARD (online), PAY_WITH_MEAL_CARD (`mealCard.cardSourceType`, e.g. "PLUXEE - ONLINE"),
 * PAY_WITH_ON_DELIVERY (`onDelivery.paymentType`: CASH, CARD or a meal card at the door).
 * Totals: `totalPrice` (`packageTotalPrice`) is what the customer pays; `totalDiscount`
 * (`packageSellerDiscount`) the restaurant's discount, `totalTyDiscount` (`packageTyDiscount`) Trendyol's.
 */

const text = (max: number) => z.string().max(max).nullish();
const code = z.union([z.string().max(64), z.number()]).nullish();

interface Modifier {
  code: string;
  name: string;
  priceKurus: number;
  children: Modifier[];
  removed: string[];
}
const ingredient = z.object({ id: code, name: productName, price: optionalAmount('Malzeme fiyatı') });
const modifier: z.ZodType<Modifier> = z.lazy(() =>
  z
    .object({
      productId: code,
      name: productName,
      price: optionalAmount('Seçenek fiyatı'),
      modifierProducts: z.array(modifier).max(50).nullish(),
      extraIngredients: z.array(ingredient).max(50).nullish(),
      removedIngredients: z.array(ingredient).max(50).nullish(),
    })
    .transform((m) => ({
      code: String(m.productId ?? ''),
      name: m.name,
      priceKurus: m.price,
      children: [...(m.modifierProducts ?? []), ...(m.extraIngredients ?? []).map((e) => ({ code: String(e.id ?? ''), name: e.name, priceKurus: e.price, children: [], removed: [] }))],
      removed: (m.removedIngredients ?? []).map((r) => r.name),
    })),
);
const flatten = (mods: Modifier[]): Modifier[] => mods.flatMap((m) => [m, ...flatten(m.children)]);

/** Trendyol's placeholder where a GO package hides the customer's address. */
const isPlaceholder = (v: string | null | undefined) => !v || /(TGO|Trendyol)\s*Yemek/i.test(v);
const real = (v: string | null | undefined) => (isPlaceholder(v) ? null : v!.trim());

const packageId = z.union([z.string(), z.number()]).nullish();

const payload = z
  .object({
    id: packageId,
    shipmentPackageId: packageId,
    orderNumber: z.union([z.string().max(40), z.number()]).nullish(),
    orderCode: text(40),
    packageStatus: text(40),
    testPackage: z.boolean().nullish(),
    storePickupSelected: z.boolean().nullish(),
    deliveryType: z.string({ error: "deliveryType 'GO' ya da 'STORE' olmalı" }).max(20),
    customer: z.object({ firstName: optionalName('Müşteri adı', 80), lastName: optionalName('Müşteri soyadı', 80) }).nullish(),
    address: z
      .object({
        address1: optionalText('Adres', 300),
        address2: optionalText('Adres', 300),
        neighborhood: optionalText('Mahalle', 120),
        apartmentNumber: optionalText('Apartman', 60),
        floor: optionalText('Kat', 60),
        doorNumber: optionalText('Daire', 60),
        district: optionalText('İlçe', 120),
        city: optionalText('Şehir', 120),
        addressDescription: optionalText('Adres tarifi', 300),
        latitude: looseCoordinate(-90, 90),
        longitude: looseCoordinate(-180, 180),
        phone: text(40),
      })
      .nullish(),
    customerNote: freeNote('Müşteri notu').nullish(),
    lines: z
      .array(
        z.object({
          productId: code,
          name: productName,
          price: optionalAmount('Ürün fiyatı'),
          lineUnitPrice: optionalAmount('Ürün fiyatı'),
          items: z.array(z.object({ packageItemId: code, isCancelled: z.boolean().nullish() }), { error: 'Satırın birimleri (items) bir liste olmalı' }).max(99, 'Bir satırda en fazla 99 adet olabilir'),
          modifierProducts: z.array(modifier).max(50).nullish(),
          extraIngredients: z.array(ingredient).max(50).nullish(),
          removedIngredients: z.array(ingredient).max(50).nullish(),
        }),
        { error: 'Ürünler (lines) bir liste olmalı' },
      )
      .min(1, 'Siparişte en az bir ürün olmalı')
      .max(50, 'Bir siparişte en fazla 50 satır olabilir'),
    payment: z.object(
      { paymentType: z.string().max(40), mealCard: z.object({ cardSourceType: text(80) }).nullish(), onDelivery: z.object({ paymentType: text(40) }).nullish() },
      { error: 'Ödeme bilgisi (payment) gerekli' },
    ),
    totalPrice: optionalAmount('Toplam'),
    packageTotalPrice: optionalAmount('Toplam'),
    totalDiscount: optionalAmount('Restoran indirimi'),
    packageSellerDiscount: optionalAmount('Restoran indirimi'),
    totalTyDiscount: optionalAmount('Trendyol indirimi'),
    packageTyDiscount: optionalAmount('Trendyol indirimi'),
  })
  .transform((p, ctx) => {
    const id = p.shipmentPackageId ?? p.id;
    const parsed = platformOrderId.safeParse(id);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: parsed.error.issues[0].message, path: ['id'] });
      return z.NEVER;
    }
    return { ...p, packageId: parsed.data };
  });
type Payload = z.infer<typeof payload>;

function paymentOf(p: Payload['payment']): PlatformOrder['payment'] {
  const type = p.paymentType.toUpperCase();
  if (type === 'PAY_WITH_CARD') return { method: 'online', brand: null };
  if (type === 'PAY_WITH_MEAL_CARD') return { method: 'meal_card', brand: mealCardBrand(p.mealCard?.cardSourceType) };
  if (type === 'PAY_WITH_ON_DELIVERY') {
    const atDoor = (p.onDelivery?.paymentType ?? '').toUpperCase();
    const brand = mealCardBrand(atDoor);
    if (brand) return { method: 'meal_card', brand };
    if (atDoor === 'CASH') return { method: 'cash', brand: null };
    return { method: 'card', brand: null };
  }
  throw new PlatformBodyError(`Trendyol ödeme tipi tanınmadı: ${p.paymentType} (PAY_WITH_CARD, PAY_WITH_MEAL_CARD ya da PAY_WITH_ON_DELIVERY olmalı)`);
}

function toOrder(p: Payload): PlatformOrder {
  const a = p.address;
  const isPickup = p.storePickupSelected === true;
  const byTrendyolCourier = p.deliveryType.toUpperCase() === 'GO';
  const payment = paymentOf(p.payment);
  const pays = p.packageTotalPrice || p.totalPrice;
  const lines = p.lines
    .map((l) => {
      const options = flatten([
        ...(l.modifierProducts ?? []),
        ...(l.extraIngredients ?? []).map((e) => ({ code: String(e.id ?? ''), name: e.name, priceKurus: e.price, children: [], removed: [] })),
      ]);
      const without = [...(l.removedIngredients ?? []).map((r) => r.name), ...options.flatMap((o) => o.removed)];
      return {
        code: String(l.productId ?? ''),
        name: l.name,
        quantity: l.items.filter((i) => !i.isCancelled).length,
        unitPriceKurus: l.lineUnitPrice || l.price,
        options: options.map((o) => ({ code: o.code, name: o.name, priceKurus: o.priceKurus })),
        note: without.length ? `${without.join(', ')} olmasın` : null,
      };
    })
    .filter((l) => l.quantity > 0);
  if (lines.length === 0) throw new PlatformBodyError('Paketteki bütün ürünler iptal edilmiş: alınacak ürün yok');
  const hasAddress = !isPickup && !byTrendyolCourier && a;
  return {
    externalId: p.packageId,
    isTest: p.testPackage ?? false,
    type: isPickup ? 'takeaway' : 'delivery',
    customer: {
      name: [p.customer?.firstName, p.customer?.lastName].filter((n) => n && n.trim()).join(' ').slice(0, 80) || 'Trendyol müşterisi',
      phone: e164(real(a?.phone)),
      address: hasAddress
        ? addressLine([
            real(a.address1),
            real(a.address2),
            real(a.apartmentNumber) && `Apt. ${real(a.apartmentNumber)}`,
            real(a.floor) && `Kat ${real(a.floor)}`,
            real(a.doorNumber) && `Daire ${real(a.doorNumber)}`,
            real(a.neighborhood),
            real(a.district),
            real(a.city),
            real(a.addressDescription),
          ])
        : null,
      lat: hasAddress ? (a.latitude ?? null) : null,
      lng: hasAddress ? (a.longitude ?? null) : null,
    },
    lines,
    payment,
    platformDiscountKurus: p.packageTyDiscount || p.totalTyDiscount,
    restaurantDiscountKurus: p.packageSellerDiscount || p.totalDiscount,
    deliveryFeeKurus: 0,
    customerPaysKurus: pays,
    collectAtDoorKurus: p.payment.paymentType.toUpperCase() === 'PAY_WITH_ON_DELIVERY' ? pays : 0,
    platformCourier: !isPickup && byTrendyolCourier,
    note: p.customerNote || null,
    expectedAt: null,
    isScheduled: false,
    itemIds: p.lines.flatMap((l) => l.items.filter((i) => !i.isCancelled && i.packageItemId != null).map((i) => String(i.packageItemId))),
  };
}

/** Sofra as the integrator (x-agentname), and as the acting user when the connection names no e-mail. */
const TRENDYOL_AGENT = 'SelfIntegration';
const TRENDYOL_EXECUTOR = 'Sofra';

/**
 * The headers Trendyol requires on every call (403 without a User-Agent): the supplier and who
 * integrates (`"<supplierId> - SelfIntegration"`), the integrator's name (x-agentname) and the
 * e-mail of the person acting (x-executor-user: the connection's, set in Ayarlar).
 */
export const trendyolHeaders = (connection: Pick<PlatformConnection, 'remoteCode' | 'executorUser'>) => ({
  'user-agent': `${connection.remoteCode} - SelfIntegration`,
  'x-agentname': TRENDYOL_AGENT,
  'x-executor-user': connection.executorUser || TRENDYOL_EXECUTOR,
});

/**
 * Trendyol's unsupplied reasons a restaurant may send (its own ids; 601–607, 625 and the like are
 * Trendyol's and the customer's, never ours): 621 a supply problem, 622 the store is closed, 623
 * the store cannot prepare the order, 624 too busy / no courier and 626 outside the area — these two
 * only for a restaurant delivering with its own couriers (Model 1) —, 627 an order mix-up. Which id
 * means what: the reason lists of two independent integrations (tests/fixtures/platforms/SOURCES.md);
 * Trendyol's page lists the ids without a public transcription of their words. A GO package
 * (Trendyol's courier) is refused as "cannot prepare" where the Model 1 reason does not apply; an
 * unnamed reason too: it is the restaurant's own, never blamed on the customer.
 */
export const TRENDYOL_UNSUPPLIED_REASONS = { supply: 621, closed: 622, cannotPrepare: 623, busy: 624, outOfArea: 626, mixUp: 627 } as const;

export function unsuppliedReasonId(reason: RejectReason, platformCourier: boolean) {
  const r = TRENDYOL_UNSUPPLIED_REASONS;
  switch (reason) {
    case 'dish_unavailable':
      return r.supply;
    case 'closed':
      return r.closed;
    case 'too_busy':
      return platformCourier ? r.cannotPrepare : r.busy;
    case 'out_of_area':
      return platformCourier ? r.cannotPrepare : r.outOfArea;
    case 'other':
      return r.cannotPrepare;
  }
}

export const TRENDYOL_MESSAGES = {
  noStore: 'Trendyol şube kimliği (storeId) girilmemiş: Ayarlar > Yemek Platformları’nda yazın',
  noItems: 'Paketin ürün kalemleri (packageItemId) bilinmiyor: Trendyol’a iptal bildirilemez',
} as const;

function basicOf(header: string | string[] | undefined) {
  if (typeof header !== 'string' || !header.startsWith('Basic ')) return null;
  const text = Buffer.from(header.slice(6), 'base64').toString();
  const at = text.indexOf(':');
  return at < 0 ? null : { user: text.slice(0, at), secret: text.slice(at + 1) };
}

export const basicHeader = (user: string, secret: string) => `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`;

/** A package Trendyol cancelled (packageStatus Cancelled or UnSupplied), its reason in `cancelInfo` or `cancelReason`. */
const cancellation = z.object({
  id: packageId,
  shipmentPackageId: packageId,
  packageStatus: z.enum(['Cancelled', 'UnSupplied'], { error: "packageStatus 'Cancelled' ya da 'UnSupplied' olmalı" }),
  cancelReason: cancelReasonText().nullable(),
  cancelInfo: z.object({ reason: text(300), reasonCode: z.union([z.number(), z.string()]).nullish() }).nullish(),
});
type Cancellation = z.infer<typeof cancellation>;

function toCancellation(p: Cancellation): PlatformCancellation {
  const parsed = platformOrderId.safeParse(p.shipmentPackageId ?? p.id);
  if (!parsed.success) throw new PlatformBodyError(parsed.error.issues[0].message);
  return { externalId: parsed.data, reason: (p.cancelInfo?.reason || p.cancelReason || null)?.slice(0, 300) ?? null };
}

/**
 * Trendyol's limit is per endpoint: 50 requests in 10 seconds (tests/fixtures/platforms/SOURCES.md).
 * The package list is the one endpoint Sofra asks repeatedly (the poller); each status call names
 * its own package, so no one of them comes near it.
 */
const TRENDYOL_BUDGETS: readonly CallBudget[] = [
  { name: 'Trendyol paket listesi (50/10 sn)', matches: (method, path) => method === 'GET' && /\/packages$/.test(path), limit: 50, windowMs: 10_000 },
];

export const trendyol: PlatformAdapter = {
  platform: 'trendyol',
  callBudgets: TRENDYOL_BUDGETS,
  authenticateWebhook(headers, connection) {
    const basic = basicOf(headers.authorization);
    return basic !== null && basic.user === connection.remoteCode && sameSecret(basic.secret, connection.webhookSecret);
  },
  payload,
  toOrder: toOrder as (p: never) => PlatformOrder,
  cancellation,
  toCancellation: toCancellation as (p: never) => PlatformCancellation,
  async authHeaders(connection) {
    return { authorization: basicHeader(connection.clientId, connection.clientSecret) };
  },
  authShown: { authorization: 'Basic <base64(apiKey:apiSecret)>' },
  async request(u, connection) {
    const headers = trendyolHeaders(connection);
    const supplier = encodeURIComponent(connection.remoteCode);
    const orders = `/integrator/order/meal/suppliers/${supplier}/packages`;
    const packageId = u.externalId ?? '';
    // Trendyol's pages name the package in the body for picked, invoiced and unsupplied, in the
    // path for the two courier steps of a restaurant's own delivery (its "Model 1")
    const onPackage = `${orders}/${encodeURIComponent(packageId)}`;
    switch (u.kind) {
      case 'accept':
        return [{ method: 'PUT', path: `${orders}/picked`, headers, body: { packageId, preparationTime: u.prepMinutes ?? 20 } }];
      case 'reject':
        // every unit of the package, not supplied, with Trendyol's own reason id
        if (!u.itemIds?.length) throw new Error(TRENDYOL_MESSAGES.noItems);
        return [{ method: 'PUT', path: `${orders}/unsupplied`, headers, body: { packageId, itemIdList: u.itemIds, reasonId: unsuppliedReasonId(u.reason ?? 'other', u.platformCourier ?? false) } }];
      case 'ready':
        return [{ method: 'PUT', path: `${orders}/invoiced`, headers, body: { packageId } }];
      case 'picked_up':
        return [{ method: 'PUT', path: `${onPackage}/manual-shipped`, headers, body: {} }];
      case 'delivered':
        return [{ method: 'PUT', path: `${onPackage}/manual-delivered`, headers, body: {} }];
      case 'pause':
      case 'resume': {
        // Trendyol's store status has no duration: Yoğunuz closes the branch, and a 'resume' queued
        // for its end opens it again (platform-settings.ts)
        if (!connection.storeId) throw new Error(TRENDYOL_MESSAGES.noStore);
        const path = `/integrator/store/meal/suppliers/${supplier}/stores/${encodeURIComponent(connection.storeId)}/status`;
        return [{ method: 'PUT', path, headers, body: { status: u.kind === 'pause' ? 'CLOSED' : 'OPEN' } }];
      }
    }
  },
};
