import { z } from 'zod';
import type { CallBudget } from '../platform-call-budget';
import { REJECT_REASON_LABELS, type RejectReason } from '../../../../shared/online-orders-contract';
import { isoDateTime } from '../../../../shared/dates';
import {
  addressLine,
  addressText,
  e164,
  freeNote,
  latitude,
  lineQuantity,
  longitude,
  mealCardBrand,
  optionalAmount,
  optionalText,
  personName,
  platformOrderId,
  productCode,
  productName,
  sameSecret,
  tlAmount,
  PlatformBodyError,
  PlatformCallError,
  cancelReasonText,
  type PlatformAdapter,
  type PlatformCancellation,
  type PlatformLookups,
  type PlatformOrder,
  type PlatformRead,
} from './types';

/**
 * Getir Yemek (GetirFood API, Swagger "GetirFood API Documentation" v1.5.8, and its webhook
 * description). Its webhooks (new order, cancel) carry the shared `x-api-key` set in Getir's panel
 * and wrap the order as `{"foodOrder": {…}}` (the webhook model integrators publish); the same order
 * without the envelope is what `GET /food-orders/{id}` and the periodic lists answer, so both are
 * read. Our calls log in with POST /auth/login {appSecretKey, restaurantSecretKey} → {token}, sent
 * as the `token` header (about 1 h). The order moves verify (verify-scheduled for a scheduled one,
 * status 325) → prepare → handover (Getir's courier, deliveryType 1) or deliver (the restaurant's,
 * deliveryType 2); a rejection is a cancel with a reason id from the order's cancel options.
 *
 * Amounts are numbers in TL. `totalPrice` is the food at menu prices, `totalDiscountedPrice` what
 * the customer pays; the webhook does not say who funds the difference (Getir's report endpoint
 * does), so it is kept as the platform's discount. Payment: the authoritative list of ids is
 * `GET /payment-methods` (read and kept, getirPayment below); then the order's own
 * `paymentMethodText.tr` ("Kapıda Nakit", "Kapıda Multinet", "Online Kredi Kartı"); then one
 * integrator's published mapping of ids (4 = Kapıda Nakit, 5 Multinet, 6/17/19 Sodexo = Pluxee,
 * 8 Ticket = Edenred, 1/2/3/15/16 online).
 */

const localized = z.union([z.string(), z.object({ tr: z.string(), en: z.string().nullish() })]).transform((v) => (typeof v === 'string' ? v : v.tr)).pipe(productName);
const text = (max: number) => z.string().max(max).nullish();

/** The webhook's envelope, or the order itself as Getir's read endpoints answer it. */
const unwrapped = (schema: z.ZodType) =>
  z.preprocess((body) => (body && typeof body === 'object' && 'foodOrder' in body && (body as { foodOrder: unknown }).foodOrder && typeof (body as { foodOrder: unknown }).foodOrder === 'object' ? (body as { foodOrder: unknown }).foodOrder : body), schema);

const order = z.object({
  id: platformOrderId,
  status: z.number().int().nullish(),
  confirmationId: text(40),
  isScheduled: z.boolean().nullish(),
  scheduledDate: isoDateTime('Planlı teslim zamanı saat dilimli bir ISO 8601 tarih olmalı').nullish(),
  client: z.object(
    {
      name: personName,
      clientPhoneNumber: text(40),
      clientUnmaskedPhoneNumber: text(40),
      contactPhoneNumber: text(40),
      deliveryAddress: z
        .object({
          address: addressText.nullish(),
          aptNo: optionalText('Apartman', 60),
          floor: optionalText('Kat', 60),
          doorNo: optionalText('Daire', 60),
          city: optionalText('Şehir', 80),
          district: optionalText('İlçe', 80),
          description: freeNote('Adres tarifi').nullish(),
        })
        .nullish(),
      location: z.object({ lat: latitude, lon: longitude }).nullish(),
    },
    { error: 'Müşteri bilgisi (client) gerekli' },
  ),
  products: z
    .array(
      z.object({
        product: productCode,
        name: localized,
        count: lineQuantity,
        price: tlAmount('Ürün fiyatı'),
        note: freeNote('Ürün notu').nullish(),
        optionCategories: z
          .array(
            z.object({
              name: localized.nullish(),
              options: z.array(z.object({ option: productCode, name: localized, price: optionalAmount('Seçenek fiyatı') })).max(50),
            }),
          )
          .max(20)
          .nullish(),
      }),
      { error: 'Ürünler (products) bir liste olmalı' },
    )
    .min(1, 'Siparişte en az bir ürün olmalı')
    .max(50, 'Bir siparişte en fazla 50 satır olabilir'),
  deliveryType: z.union([z.literal(1), z.literal(2)], { error: 'deliveryType 1 (Getir kuryesi) ya da 2 (restoran kuryesi) olmalı' }),
  paymentMethod: z.number({ error: 'Ödeme yöntemi (paymentMethod) bir sayı olmalı' }).int(),
  paymentMethodText: z.object({ tr: text(80), en: text(80) }).nullish(),
  clientNote: freeNote('Müşteri notu').nullish(),
  doNotKnock: z.boolean().nullish(),
  dropOffAtDoor: z.boolean().nullish(),
  totalPrice: tlAmount('Toplam'),
  totalDiscountedPrice: optionalAmount('İndirimli toplam').nullish(),
});
type Order = z.infer<typeof order>;
const payload = unwrapped(order);

type Payment = PlatformOrder['payment'];
const ONLINE: Payment = { method: 'online', brand: null };
const GETIR_PAYMENT_IDS: Record<number, Payment> = {
  1: ONLINE,
  2: ONLINE,
  3: ONLINE,
  15: ONLINE,
  16: ONLINE,
  4: { method: 'cash', brand: null },
  5: { method: 'meal_card', brand: 'Multinet' },
  6: { method: 'meal_card', brand: 'Pluxee' },
  17: { method: 'meal_card', brand: 'Pluxee' },
  19: { method: 'meal_card', brand: 'Pluxee' },
  8: { method: 'meal_card', brand: 'Edenred' },
};

/** A payment Getir names in Turkish ("Kapıda Nakit", "Kapıda Multinet", "Online Kredi Kartı"), or null. */
function paymentNamed(text: string | null | undefined): Payment | null {
  const name = (text ?? '').toLocaleLowerCase('tr-TR');
  if (!name.trim()) return null;
  const brand = mealCardBrand(name);
  if (brand) return { method: 'meal_card', brand };
  if (name.includes('nakit')) return { method: 'cash', brand: null };
  if (name.includes('kapıda') && name.includes('kart')) return { method: 'card', brand: null };
  if (name.includes('online') || name.includes('kredi kart') || name.includes('banka kart')) return ONLINE;
  return null;
}

/** Refused when Getir's payment cannot be named: the caller may read Getir's list of payment methods and try again. */
export class UnknownGetirPayment extends PlatformBodyError {}

/**
 * How the customer pays, most authoritative first: the name Getir's own list of payment methods
 * (GET /payment-methods, when Sofra has read it) gives the order's id; the name the order itself
 * carries (`paymentMethodText.tr`); one integrator's published table of ids. A payment none of them
 * names is refused, never guessed.
 */
export function getirPayment(id: number, text: string | null | undefined, catalog?: ReadonlyMap<string, string>): Payment {
  const listed = catalog?.get(String(id));
  const payment = paymentNamed(listed) ?? paymentNamed(text) ?? GETIR_PAYMENT_IDS[id];
  if (payment) return payment;
  throw new UnknownGetirPayment(`Getir ödeme yöntemi tanınmadı (paymentMethod ${id}${text ? `, "${text}"` : ''}): Getir'in ödeme yöntemleri listesine bakın`);
}

/**
 * GET /payment-methods: every payment method Getir offers, `[{id, name: {tr, en}, icon,
 * paymentGroup, deliveryTypes, type}]` (its Swagger, Model1). Read at most once a day per
 * connection (its list changes rarely, and Getir's rate limits are tight); an order's
 * `paymentMethod` is matched against `id` as text (the Swagger types the one a string, the other a
 * number).
 */
export const GETIR_PAYMENT_METHODS: PlatformRead = { path: '/payment-methods', cacheMs: 24 * 60 * 60_000 };
const paymentMethodList = z.array(z.object({ id: z.union([z.string(), z.number()]).transform(String), name: z.union([z.string(), z.object({ tr: z.string().nullish(), en: z.string().nullish() })]).nullish() }).passthrough());

/** Getir's payment-method list as id → Turkish name; what cannot be read is no list (the order's own names remain). */
export function getirPaymentCatalog(body: unknown): ReadonlyMap<string, string> | undefined {
  const parsed = paymentMethodList.safeParse(body);
  if (!parsed.success) return undefined;
  return new Map(parsed.data.flatMap((m) => {
    const name = typeof m.name === 'string' ? m.name : (m.name?.tr ?? m.name?.en ?? '');
    return name ? [[m.id, name] as [string, string]] : [];
  }));
}

function toOrder(p: Order, lookups?: PlatformLookups): PlatformOrder {
  const a = p.client.deliveryAddress;
  const payment = getirPayment(p.paymentMethod, p.paymentMethodText?.tr, lookups?.paymentMethods);
  const pays = p.totalDiscountedPrice || p.totalPrice;
  const doorNotes = [p.doNotKnock && 'Kapıyı çalmayın', p.dropOffAtDoor && 'Kapıya bırakın'].filter(Boolean) as string[];
  const note = [p.clientNote, ...doorNotes].filter(Boolean).join(' · ');
  return {
    externalId: p.id,
    isTest: false,
    type: 'delivery',
    customer: {
      name: p.client.name,
      // the webhook's number is masked ("+90 532 *** ** 67": no number); the order read has it unmasked
      phone: e164(p.client.clientUnmaskedPhoneNumber) ?? e164(p.client.clientPhoneNumber),
      address: a ? addressLine([a.address, a.aptNo && `Apt. ${a.aptNo}`, a.floor && `Kat ${a.floor}`, a.doorNo && `Daire ${a.doorNo}`, a.district, a.city, a.description]) : null,
      lat: p.client.location?.lat ?? null,
      lng: p.client.location?.lon ?? null,
    },
    lines: p.products.map((l) => ({
      code: l.product,
      name: l.name,
      quantity: l.count,
      unitPriceKurus: l.price,
      options: (l.optionCategories ?? []).flatMap((c) => c.options.map((o) => ({ code: o.option, name: o.name, priceKurus: o.price }))),
      note: l.note || null,
    })),
    payment,
    platformDiscountKurus: Math.max(0, p.totalPrice - pays),
    restaurantDiscountKurus: 0,
    deliveryFeeKurus: 0,
    customerPaysKurus: pays,
    collectAtDoorKurus: payment.method === 'online' ? 0 : pays,
    platformCourier: p.deliveryType === 1,
    note: note.slice(0, 300) || null,
    expectedAt: p.isScheduled ? (p.scheduledDate ?? null) : null,
    isScheduled: Boolean(p.isScheduled && p.scheduledDate),
  };
}

const GETIR_CLOSE_MINUTES = [15, 30, 45] as const;

/**
 * Getir's cancel reasons are its own ids, read per order from GET /food-orders/{id}/cancel-options:
 * `[{id, message}]` in its Swagger (Model20); a description of the same API gives them as bilingual
 * messages, so `messages: {tr, en}` is read too. Getir publishes no list of them, so the option is
 * chosen by its words: the first whose Turkish (or English) text names Sofra's reason, else one
 * called "Diğer"/"Other", else the first offered. The options are kept for ten minutes (a retried
 * cancel does not spend Getir's budget of 40 cancel-options reads per 10 minutes again).
 */
const cancelOptions = z.array(
  z.object({
    id: z.union([z.string().min(1), z.number()]).transform(String),
    message: z.string().nullish(),
    messages: z.object({ tr: z.string().nullish(), en: z.string().nullish() }).nullish(),
  }),
);
const CANCEL_WORDS: Record<RejectReason, string[]> = {
  dish_unavailable: ['ürün', 'stok', 'tüken', 'kalmadı', 'malzeme', 'product', 'stock', 'unavailable'],
  too_busy: ['yoğun', 'busy', 'yetiş'],
  closed: ['kapalı', 'kapan', 'closed'],
  out_of_area: ['adres', 'bölge', 'mesafe', 'uzak', 'address', 'area'],
  other: ['diğer', 'other'],
};
export const GETIR_CANCEL_MESSAGES = {
  unreadable: 'Getir’in iptal nedenleri okunamadı',
  none: 'Getir bu sipariş için iptal nedeni vermedi: sipariş iptal edilemiyor olabilir, Getir ile görüşün',
} as const;

/** The cancel option of Getir's list that says Sofra's reason. */
export function getirCancelReasonId(body: unknown, reason: RejectReason): string {
  const parsed = cancelOptions.safeParse(body);
  if (!parsed.success) throw new Error(GETIR_CANCEL_MESSAGES.unreadable);
  if (parsed.data.length === 0) throw new Error(GETIR_CANCEL_MESSAGES.none);
  const options = parsed.data.map((o) => ({ id: o.id, text: [o.message, o.messages?.tr, o.messages?.en].filter(Boolean).join(' ').toLocaleLowerCase('tr-TR') }));
  const saying = (words: string[]) => options.find((o) => words.some((w) => o.text.includes(w)));
  return (saying(CANCEL_WORDS[reason]) ?? saying(CANCEL_WORDS.other) ?? options[0]).id;
}

/**
 * Getir's cancel webhook: the whole order again (in the same envelope) with `cancelReason`
 * `{id, messages: {tr, en}, cancelSource}` and the free `cancelNote`.
 */
const cancellation = unwrapped(
  z.object({
    id: platformOrderId,
    cancelNote: cancelReasonText().nullable(),
    cancelReason: z
      .union([z.string().max(200), z.object({ id: z.string().max(64).nullish(), messages: z.object({ tr: text(300), en: text(300) }).nullish() })])
      .nullish(),
  }),
);
type Cancellation = { id: string; cancelNote?: string | null; cancelReason?: string | { id?: string | null; messages?: { tr?: string | null; en?: string | null } | null } | null };

function toCancellation(p: Cancellation): PlatformCancellation {
  const reason = typeof p.cancelReason === 'string' ? p.cancelReason : (p.cancelReason?.messages?.tr ?? p.cancelReason?.messages?.en ?? null);
  const text = [reason, p.cancelNote].filter((t) => t && t.trim()).join(' — ');
  return { externalId: p.id, reason: text ? text.slice(0, 300) : null };
}

/**
 * Getir's rate limiter, as its documentation's "Rate Limiter" section states it (transcribed in
 * github api-evangelist/getir, rate-limits/getir-rate-limits.yml, from developers.getir.com/food/
 * documentation/giris): per token, 300 requests a minute by default (over it the token is blocked
 * 20 s); the restaurant surface (/restaurants/…: open, close, payment methods, zones, courier) 2 a
 * minute (30 s block); cancel-options 40 in 10 minutes (60 s block). The order steps Sofra sends
 * (verify, prepare, handover, deliver, cancel) are exempt; verify-scheduled and the payment-method
 * list are not.
 */
const GETIR_BUDGETS: readonly CallBudget[] = [
  { name: 'Getir restoran işlemleri (2/dk)', matches: (_m, path) => path.startsWith('/restaurants'), limit: 2, windowMs: 60_000 },
  { name: 'Getir iptal nedenleri (40/10 dk)', matches: (_m, path) => /^\/food-orders\/[^/]+\/cancel-options$/.test(path), limit: 40, windowMs: 600_000 },
  { name: 'Getir sipariş adımları (sınırsız)', matches: (_m, path) => /^\/food-orders\/(periodic\/.*|[^/]+\/(verify|prepare|handover|deliver|cancel))$/.test(path), limit: null, windowMs: 0 },
  { name: 'Getir genel (300/dk)', matches: () => true, limit: 300, windowMs: 60_000 },
];

export const getir: PlatformAdapter = {
  platform: 'getir',
  callBudgets: GETIR_BUDGETS,
  // "At least 1 minute must elapse between verify → prepare and between prepare → deliver" (Getir's
  // documentation as transcribed in api-evangelist/getir, skills/getir-fulfil-food-order.md; an
  // integrator's Getir mapping says the same: integration.muditakurye.com.tr, "Getir Timing")
  stepGaps: { ready: { after: ['accept'], ms: 60_000 }, delivered: { after: ['ready'], ms: 60_000 } },
  authenticateWebhook: (headers, connection) => sameSecret(headers['x-api-key'], connection.webhookSecret),
  payload,
  toOrder: toOrder as (p: never, lookups?: PlatformLookups) => PlatformOrder,
  cancellation,
  toCancellation: toCancellation as (p: never) => PlatformCancellation,
  async authHeaders(connection, fetchImpl) {
    const res = await fetchImpl(`${connection.baseUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ appSecretKey: connection.clientId, restaurantSecretKey: connection.clientSecret }),
    });
    if (!res.ok) throw new PlatformCallError(`Getir girişi başarısız: HTTP ${res.status}`, res.status);
    const { token } = (await res.json()) as { token?: string };
    if (!token) throw new Error('Getir girişi jeton döndürmedi');
    return { token };
  },
  authShown: { token: '<token: POST /auth/login>' },
  async request(u, _connection, read) {
    const id = encodeURIComponent(u.externalId ?? '');
    switch (u.kind) {
      case 'accept':
        // a scheduled order (status 325) is approved with its own call
        return [{ method: 'POST', path: `/food-orders/${id}/${u.scheduled ? 'verify-scheduled' : 'verify'}`, body: {} }];
      case 'reject': {
        const reason = u.reason ?? 'other';
        const options = await read({ path: `/food-orders/${id}/cancel-options`, cacheMs: 10 * 60_000 });
        return [{ method: 'POST', path: `/food-orders/${id}/cancel`, body: { cancelReasonId: getirCancelReasonId(options, reason), cancelNote: u.note || REJECT_REASON_LABELS[reason] } }];
      }
      case 'ready':
        return [{ method: 'POST', path: `/food-orders/${id}/prepare`, body: {} }];
      case 'picked_up':
        return [{ method: 'POST', path: `/food-orders/${id}/handover`, body: {} }];
      case 'delivered':
        return [{ method: 'POST', path: `/food-orders/${id}/deliver`, body: {} }];
      case 'pause':
        // Getir closes a restaurant for 15, 30 or 45 minutes only: the nearest of them, never shorter than asked
        return [{ method: 'PUT', path: '/restaurants/status/close', body: { timeOffAmount: GETIR_CLOSE_MINUTES.find((m) => m >= (u.minutes ?? 30)) ?? 45 } }];
      case 'resume':
        // the time off ends by itself
        return [];
    }
  },
};
