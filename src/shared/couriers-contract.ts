import { z } from 'zod';
import { ASSIGNMENT_STATUSES, COURIER_PAYMENT_METHODS } from './courier-labels';
import { turkishPhone } from './phone';
import { nameText } from './text';
import { isoDateTime } from './dates';

/**
 * Kurye Takibi (issue 24): the restaurant's couriers, the Paket Servis tickets given to them, their
 * positions and the cash they hand over. Money is integer kuruş; times are ISO strings.
 *
 * Owner (prefix /api/restaurants/:rid):
 *   GET    /couriers                                 → CourierBoardResponse
 *   POST   /couriers                                 CreateCourierRequest → CourierInfo
 *   PATCH  /couriers/:courierId                      UpdateCourierRequest → CourierInfo
 *   POST   /couriers/:courierId/link                 CourierLinkRequest → CourierLinkResult (the token, once)
 *   DELETE /couriers/:courierId/link                 → 204 (every link of the courier stops working)
 *   POST   /couriers/:courierId/assignments          AssignTicketsRequest → CourierInfo
 *   POST   /couriers/:courierId/settlements          SettleCourierRequest → CourierSettlementResult
 * Courier's phone, no sign-in (prefix /api/courier/:token):
 *   GET    /                                         → CourierViewResponse (their own orders only)
 *   POST   /positions                                CourierPositionRequest → 204
 *   POST   /orders/:assignmentId/steps               CourierStepRequest (+ Idempotency-Key) → CourierViewResponse
 */

export const COURIER_LIMITS = {
  name: 80,
  /** tickets one assignment (a trip) may carry */
  ticketsPerTrip: 20,
  /** a link lives this many hours unless told otherwise: a long shift */
  defaultLinkHours: 16,
  maxLinkHours: 24 * 7,
  /** metres: a phone that reports a worse fix than this sends no position worth keeping */
  maxAccuracy: 10_000,
  /** positions kept per courier (the newest) */
  positionHistory: 20,
  /** a position older than this is never shown as live */
  liveSeconds: 120,
} as const;

export const COURIER_MESSAGES = {
  courierNotFound: 'Kurye bulunamadı',
  courierInactive: 'Bu kurye pasif: önce kuryeyi etkinleştirin',
  linkInvalid: 'Kurye bağlantısı geçersiz. İşletmeden yeni bir bağlantı isteyin.',
  linkExpired: 'Kurye bağlantısının süresi dolmuş. İşletmeden yeni bir bağlantı isteyin.',
  linkRevoked: 'Bu kurye bağlantısı iptal edilmiş. İşletmeden yeni bir bağlantı isteyin.',
  orderNotYours: 'Bu sipariş size atanmamış',
  ticketNotFound: 'Paket servis siparişi bulunamadı',
  notDelivery: (n: number) => `#${n} bir paket servis siparişi değil`,
  notReady: (n: number) => `#${n} henüz hazır değil: mutfak hazır dediğinde kuryeye verilebilir`,
  ticketClosed: (n: number) => `#${n} kapanmış bir sipariş`,
  alreadyOnTheWay: (n: number) => `#${n} kuryede yola çıkmış: başka kuryeye verilemez`,
  duplicateTickets: 'Aynı sipariş iki kez seçilmiş',
  orderClosed: 'Bu sipariş kapatılmış: ödeme alınamaz',
  notPickedUp: 'Önce "Aldım" deyin',
  alreadyPaid: 'Bu siparişin ödemesi zaten alınmış',
  paidOtherwise: 'Bu siparişin ödemesi başka bir yöntemle alınmış',
  nothingToCollect: 'Bu siparişte tahsil edilecek tutar yok',
  settleNothing: 'Kapatılacak teslimat yok',
  settleStale: 'Kurye hesabı siz bakarken değişti: listeyi yenileyip tekrar deneyin',
  tooManyPositions: 'Çok sık konum gönderildi; birkaç saniye sonra tekrar denenecek',
  tooManyLinkTries: 'Bu adresten çok fazla geçersiz kurye bağlantısı denendi. Birkaç dakika sonra tekrar deneyin.',
} as const;

export {
  ASSIGNMENT_STATUSES,
  ASSIGNMENT_STATUS_LABELS,
  COURIER_PAYMENT_LABELS,
  COURIER_PAYMENT_METHODS,
  type AssignmentStatus,
  type CourierPaymentMethod,
} from './courier-labels';

const courierName = nameText('Kurye adı', { min: 1, max: COURIER_LIMITS.name, collapseSpaces: true });
const version = z.number({ error: 'Sürüm gerekli' }).int().min(1);

export const createCourierRequest = z.object({
  name: courierName,
  phone: turkishPhone('Telefon gerekli'),
});
export type CreateCourierRequest = z.input<typeof createCourierRequest>;

export const updateCourierRequest = z.object({
  version,
  name: courierName.optional(),
  phone: turkishPhone('Telefon gerekli').optional(),
  isActive: z.boolean({ error: 'Etkin alanı evet ya da hayır olmalı' }).optional(),
});
export type UpdateCourierRequest = z.input<typeof updateCourierRequest>;

export const courierLinkRequest = z.object({
  hours: z
    .number({ error: 'Süre bir sayı olmalı (saat)' })
    .int('Süre tam saat olmalı')
    .min(1, 'Süre en az 1 saat olmalı')
    .max(COURIER_LIMITS.maxLinkHours, `Süre en fazla ${COURIER_LIMITS.maxLinkHours} saat olabilir`)
    .optional(),
});
export type CourierLinkRequest = z.infer<typeof courierLinkRequest>;

export const assignTicketsRequest = z.object({
  ticketIds: z
    .array(z.string().max(64))
    .min(1, 'En az bir sipariş seçin')
    .max(COURIER_LIMITS.ticketsPerTrip, `Bir seferde en fazla ${COURIER_LIMITS.ticketsPerTrip} sipariş verilebilir`),
});
export type AssignTicketsRequest = z.infer<typeof assignTicketsRequest>;

/** The deliveries the owner saw on screen: exactly these are settled, or nothing (409). */
export const settleCourierRequest = z.object({
  assignmentIds: z.array(z.string().max(64)).min(1, COURIER_MESSAGES.settleNothing).max(500),
});
export type SettleCourierRequest = z.infer<typeof settleCourierRequest>;

/** A fix from the phone. Out-of-range coordinates and absurd accuracy are refused, never clamped. */
export const courierPositionRequest = z.object({
  lat: z.number({ error: 'Enlem bir sayı olmalı' }).min(-90, 'Enlem -90 ile 90 arasında olmalı').max(90, 'Enlem -90 ile 90 arasında olmalı'),
  lng: z.number({ error: 'Boylam bir sayı olmalı' }).min(-180, 'Boylam -180 ile 180 arasında olmalı').max(180, 'Boylam -180 ile 180 arasında olmalı'),
  accuracy: z
    .number({ error: 'Konum doğruluğu bir sayı olmalı (metre)' })
    .min(0, 'Konum doğruluğu negatif olamaz')
    .max(COURIER_LIMITS.maxAccuracy, `Konum doğruluğu en fazla ${COURIER_LIMITS.maxAccuracy} metre olabilir`),
  /** the phone's time of the fix; a time in the future is taken as now */
  recordedAt: isoDateTime('Konum zamanı geçerli bir tarih olmalı').optional(),
});
export type CourierPositionRequest = z.infer<typeof courierPositionRequest>;

export const COURIER_STEPS = ['picked_up', 'delivered', 'paid'] as const;
export type CourierStep = (typeof COURIER_STEPS)[number];

/** Aldım, Teslim Ettim, Ödeme Alındı; each carries the last position the phone knows. */
export const courierStepRequest = z
  .object({
    step: z.enum(COURIER_STEPS, { error: 'Adım Aldım, Teslim Ettim ya da Ödeme Alındı olmalı' }),
    method: z.enum(COURIER_PAYMENT_METHODS, { error: 'Ödeme yöntemi nakit, kart ya da yemek kartı olmalı' }).optional(),
    brand: nameText('Yemek kartı markası', { max: 40 }).optional(),
    position: courierPositionRequest.optional(),
  })
  .refine((s) => s.step !== 'paid' || s.method !== undefined, { message: 'Ödeme yöntemini seçin', path: ['method'] })
  .refine((s) => s.method !== 'meal_card' || (s.brand ?? '') !== '', { message: 'Yemek kartı markası seçin', path: ['brand'] });
export type CourierStepRequest = z.infer<typeof courierStepRequest>;

// ------------------------------------------------------------------ answers

export const courierPositionInfo = z.object({
  lat: z.number(),
  lng: z.number(),
  accuracy: z.number(),
  recordedAt: z.string(),
});
export type CourierPositionInfo = z.infer<typeof courierPositionInfo>;

export const assignmentInfo = z.object({
  id: z.string(),
  ticketId: z.string(),
  ticketNumber: z.number().int(),
  tripId: z.string(),
  customerName: z.string().nullable(),
  customerPhone: z.string().nullable(),
  customerAddress: z.string().nullable(),
  total: z.number().int(),
  /** what is still to collect at the door */
  remaining: z.number().int(),
  status: z.enum(ASSIGNMENT_STATUSES),
  isTicketOpen: z.boolean(),
  openedAt: z.string(),
  assignedAt: z.string(),
  pickedUpAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  collectedMethod: z.enum(COURIER_PAYMENT_METHODS).nullable(),
  collectedBrand: z.string().nullable(),
  collectedKurus: z.number().int(),
  /** the customer's note on the order ("Zile basmayın"): null when none or not an online order */
  orderNote: z.string().nullable(),
  /** how the customer said they pay at the door: null for an order opened at the till */
  doorPayment: z.object({ method: z.enum(['online', 'cash', 'card', 'meal_card']), brand: z.string().nullable() }).nullable(),
  /** the delivery fee the customer pays our courier on top of the bill (kept apart from the bill) */
  deliveryFee: z.number().int(),
  /** the time promised to the customer, when they asked for one */
  expectedAt: z.string().nullable(),
});
export type AssignmentInfo = z.infer<typeof assignmentInfo>;

/** What a courier collected since their last settlement (delivered orders only). */
export const courierCashSummary = z.object({
  assignmentIds: z.array(z.string()),
  deliveredCount: z.number().int(),
  cash: z.number().int(),
  card: z.number().int(),
  mealCard: z.number().int(),
});
export type CourierCashSummary = z.infer<typeof courierCashSummary>;

export const courierInfo = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  isActive: z.boolean(),
  version: z.number().int(),
  /** the newest link that still works, if any */
  linkExpiresAt: z.string().nullable(),
  lastPosition: courierPositionInfo.nullable(),
  /** this shift's orders: every one not yet settled, and those still on the way */
  orders: z.array(assignmentInfo),
  unsettled: courierCashSummary,
  /** the settlements of today's business day, newest first, each with the orders it took over */
  settledToday: z.array(
    z.object({
      id: z.string(),
      settledAt: z.string(),
      deliveredCount: z.number().int(),
      cash: z.number().int(),
      card: z.number().int(),
      mealCard: z.number().int(),
      orders: z.array(assignmentInfo),
    }),
  ),
});
export type CourierInfo = z.infer<typeof courierInfo>;

/** A ready Paket Servis ticket no courier has yet. */
export const assignableTicketSummary = z.object({
  ticketId: z.string(),
  number: z.number().int(),
  customerName: z.string().nullable(),
  customerAddress: z.string().nullable(),
  total: z.number().int(),
  remaining: z.number().int(),
  openedAt: z.string(),
  version: z.number().int(),
});
export type AssignableTicketSummary = z.infer<typeof assignableTicketSummary>;

export const courierBoardResponse = z.object({
  couriers: z.array(courierInfo),
  assignable: z.array(assignableTicketSummary),
  /** Ayarlar: the map's tile server ('' = no map tiles, positions drawn on a plain plan) */
  mapTileUrl: z.string(),
  /** the server's clock: ages ("3 dk önce") are counted from it, not from a phone's wrong clock */
  serverTime: z.string(),
});
export type CourierBoardResponse = z.infer<typeof courierBoardResponse>;

export const courierLinkResult = z.object({
  /** the page's path with the token: '/kurye/<token>' (shown once; only its hash is stored) */
  path: z.string(),
  expiresAt: z.string(),
});
export type CourierLinkResult = z.infer<typeof courierLinkResult>;

export const courierSettlementResult = z.object({
  id: z.string(),
  deliveredCount: z.number().int(),
  cash: z.number().int(),
  card: z.number().int(),
  mealCard: z.number().int(),
  settledAt: z.string(),
});
export type CourierSettlementResult = z.infer<typeof courierSettlementResult>;

export const courierViewResponse = z.object({
  courierName: z.string(),
  restaurantName: z.string(),
  /** what the courier may take, as Ayarlar allows */
  paymentMethods: z.array(z.enum(COURIER_PAYMENT_METHODS)),
  mealCardBrands: z.array(z.string()),
  linkExpiresAt: z.string(),
  orders: z.array(assignmentInfo),
});
export type CourierViewResponse = z.infer<typeof courierViewResponse>;
