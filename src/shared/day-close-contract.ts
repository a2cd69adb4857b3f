import { z } from 'zod';
import { trDay } from './domain/calendar';
import { multilineText, nameText } from './text';
import { TICKET_LIMITS, TICKET_TYPES } from './ticket-contract';
import { PAYMENT_METHODS } from './domain/payment-methods';

/**
 * Gün Sonu (end of day), Kasa (cash movements) and İade (refunds of closed bills), issue 23. Money
 * is integer kuruş; days are business days (YYYY-MM-DD, Ayarlar's time zone and day-start hour).
 * Owner only.
 *
 *   GET  /api/restaurants/:rid/days/current           → DayCloseReport (the day to close, number null)
 *   POST /api/restaurants/:rid/days/close             DayCloseRequest (+ Idempotency-Key) → DayCloseReport
 *   GET  /api/restaurants/:rid/days                   → ClosedDaySummary[] (newest first)
 *   GET  /api/restaurants/:rid/days/:number           → DayCloseReport
 *   GET  /api/restaurants/:rid/cash-movements         → CashMovementInfo[] (the open day's)
 *   POST /api/restaurants/:rid/cash-movements         CashMovementRequest → CashMovementInfo
 *   POST /api/restaurants/:rid/bills/:ticketId/refunds RefundRequest → RefundInfo
 */

export const DAY_CLOSE_LIMITS = {
  /** 10.000.000 TL: the most one count, movement or refund may be */
  amount: 1_000_000_000,
  reason: 200,
  note: 500,
  /** closed days one list answers at most (newest first) */
  list: 400,
  /** lines one refund may name */
  refundLines: 100,
} as const;

export const DAY_CLOSE_MESSAGES = {
  openTickets: (n: number) =>
    `${n} açık adisyon var: gün sonu almadan önce kapatın ya da "Sonraki güne devret" ile ertesi güne aktarın`,
  reopenedOpen: 'Yeniden açılmış bir hesap sonraki güne devredilemez: önce hesabı kapatın',
  alreadyClosed: (day: string, number: number) =>
    `${trDay(day)} iş gününün gün sonu zaten alınmış (Gün Sonu No ${number}); sıradaki gün sonu, yeni iş günü başlayınca alınabilir`,
  dayNotFound: 'Böyle bir gün sonu yok',
  billNotFound: 'Hesap bulunamadı',
  billOpen: 'Açık bir adisyon iade edilemez: iade yalnızca kapanmış bir hesaba yapılır',
  lineNotFound: 'Bu satır bu hesabın değil',
  lineCancelled: 'İptal edilmiş bir satır iade edilemez (ödenmedi)',
  lineComp: 'İkram edilmiş bir satır iade edilemez (ödenmedi)',
  lineNothingPaid: 'Bu satır için ödenmiş bir tutar yok',
  tooMany: (name: string, left: number) =>
    left === 0 ? `${name}: bu satırın tamamı zaten iade edilmiş` : `${name}: en fazla ${left} adet iade edilebilir (satılan ve henüz iade edilmeyen)`,
  duplicateLines: 'Aynı satır iki kez yazılmış',
  brandMissing: 'Yemek kartı markası seçin',
  reasonMissing: 'Neden yazın',
  amountZero: 'Tutar sıfırdan büyük olmalı',
} as const;

export const CASH_MOVEMENT_KINDS = ['opening', 'in', 'out'] as const;
export type CashMovementKind = (typeof CASH_MOVEMENT_KINDS)[number];
export const CASH_MOVEMENT_LABELS: Record<CashMovementKind, string> = { opening: 'Kasa açılışı', in: 'Kasa girişi', out: 'Kasa çıkışı' };

const money = (label: string) =>
  z
    .number({ error: `${label} bir sayı olmalı (kuruş)` })
    .int(`${label} kuruş cinsinden tam sayı olmalı`)
    .min(0, `${label} negatif olamaz`)
    .max(DAY_CLOSE_LIMITS.amount, `${label} çok büyük`);

const reason = nameText('Neden', { max: DAY_CLOSE_LIMITS.reason, collapseSpaces: true });

/** Kasa açılışı (the day's opening float; reason optional), Kasa girişi / çıkışı (amount > 0, reason required). */
export const cashMovementRequest = z
  .object({
    kind: z.enum(CASH_MOVEMENT_KINDS, { error: 'Kasa hareketi açılış, giriş ya da çıkış olmalı' }),
    amount: money('Tutar'),
    reason: reason.optional(),
  })
  .refine((m) => m.kind === 'opening' || m.amount > 0, { message: DAY_CLOSE_MESSAGES.amountZero, path: ['amount'] })
  .refine((m) => m.kind === 'opening' || (m.reason ?? '') !== '', { message: DAY_CLOSE_MESSAGES.reasonMissing, path: ['reason'] });
export type CashMovementRequest = z.infer<typeof cashMovementRequest>;

export const cashMovementInfo = z.object({
  id: z.string(),
  businessDay: z.string(),
  kind: z.enum(CASH_MOVEMENT_KINDS),
  amount: z.number().int(),
  reason: z.string(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
});
export type CashMovementInfo = z.infer<typeof cashMovementInfo>;

/** Gün Sonu: the counted cash (kuruş); open adisyons are refused unless carried to the next day. The close time is the server's. */
export const dayCloseRequest = z.object({
  countedCash: z
    .number({ error: 'Sayılan nakit bir sayı olmalı (kuruş)' })
    .int('Sayılan nakit kuruş cinsinden tam sayı olmalı')
    .min(0, 'Sayılan nakit negatif olamaz')
    .max(DAY_CLOSE_LIMITS.amount, 'Sayılan nakit çok büyük'),
  note: multilineText('Not', { max: DAY_CLOSE_LIMITS.note }).optional(),
  carryOpen: z.boolean({ error: 'Sonraki güne devret evet ya da hayır olmalı' }).optional(),
});
export type DayCloseRequest = z.infer<typeof dayCloseRequest>;

export const dayNumberQuery = z.object({
  number: z.coerce
    .number({ error: 'Gün sonu numarası bir sayı olmalı' })
    .int('Gün sonu numarası tam sayı olmalı')
    .min(1, 'Gün sonu numarası en az 1 olmalı')
    .max(2_147_483_647, 'Böyle bir gün sonu numarası olamaz'),
});

/** İade of a closed bill: which lines and how many units, how the money went back, why. */
export const refundRequest = z
  .object({
    lines: z
      .array(
        z.object({
          lineId: z.string(),
          quantity: z
            .number({ error: 'Adet bir sayı olmalı' })
            .int('Adet tam sayı olmalı')
            .min(1, 'Adet en az 1 olmalı')
            .max(TICKET_LIMITS.quantity, `Adet en fazla ${TICKET_LIMITS.quantity} olabilir`),
        }),
        { error: 'İade edilecek satırları seçin' },
      )
      .min(1, 'İade edilecek en az bir satır seçin')
      .max(DAY_CLOSE_LIMITS.refundLines, `Bir iadede en fazla ${DAY_CLOSE_LIMITS.refundLines} satır olabilir`),
    method: z.enum(PAYMENT_METHODS, { error: 'İade yöntemi nakit, kart, yemek kartı, online ya da cari olmalı' }),
    brand: nameText('Yemek kartı markası', { max: 40 }).optional(),
    reason: nameText('Neden', { min: 1, max: DAY_CLOSE_LIMITS.reason, collapseSpaces: true }),
  })
  .refine((r) => r.method !== 'meal_card' || (r.brand ?? '') !== '', { message: DAY_CLOSE_MESSAGES.brandMissing, path: ['brand'] });
export type RefundRequest = z.infer<typeof refundRequest>;

export const refundLineInfo = z.object({
  lineId: z.string(),
  menuItemId: z.string().nullable(),
  name: z.string(),
  quantity: z.number().int(),
  amount: z.number().int(),
  vatRate: z.number().int(),
});
export const refundInfo = z.object({
  id: z.string(),
  ticketId: z.string(),
  billNumber: z.number().int().nullable(),
  businessDay: z.string(),
  method: z.enum(PAYMENT_METHODS),
  brand: z.string().nullable(),
  amount: z.number().int(),
  reason: z.string(),
  createdAt: z.string(),
  approvedByName: z.string().nullable(),
  lines: z.array(refundLineInfo),
});
export type RefundInfo = z.infer<typeof refundInfo>;

/** An adisyon still open at Gün Sonu (in the preview), or one carried to the next day (in a closed report). */
export const openTicketInfo = z.object({
  id: z.string(),
  number: z.number().int(),
  type: z.enum(TICKET_TYPES),
  tableName: z.string().nullable(),
  waiterName: z.string().nullable(),
  total: z.number().int(),
  openedAt: z.string(),
  /** a reopened bill keeps its number: it must be closed, never carried */
  billNumber: z.number().int().nullable(),
});
export type OpenTicketInfo = z.infer<typeof openTicketInfo>;

export const cashCountInfo = z.object({
  openingFloat: z.number().int(),
  /** 'entered': Kasa açılışı of the day; 'carried': the last Gün Sonu's counted cash; 'none': 0 */
  openingFloatSource: z.enum(['entered', 'carried', 'none']),
  /** cash payments of the day's bills (what they settled: handed minus change; tips apart) */
  cashSales: z.number().int(),
  cashIn: z.number().int(),
  cashOut: z.number().int(),
  cashRefunds: z.number().int(),
  /** openingFloat + cashSales + cashIn − cashOut − cashRefunds */
  expected: z.number().int(),
  /** null in the preview */
  counted: z.number().int().nullable(),
  /** counted − expected: positive Fazla, negative Eksik */
  difference: z.number().int().nullable(),
});
export type CashCountInfo = z.infer<typeof cashCountInfo>;

export const daySalesSummary = z.object({
  gross: z.number().int(),
  discounts: z.number().int(),
  comps: z.number().int(),
  cancellations: z.number().int(),
  cancellationCount: z.number().int(),
  serviceCharge: z.number().int(),
  refunds: z.number().int(),
  net: z.number().int(),
  tips: z.number().int(),
  bills: z.number().int(),
  guests: z.number().int(),
  averageBill: z.number().int(),
  vat: z.array(z.object({ rate: z.number().int(), base: z.number().int(), tax: z.number().int() })),
});
export type DaySalesSummary = z.infer<typeof daySalesSummary>;

export const dayCloseReport = z.object({
  /** null: the preview of the day still open */
  number: z.number().int().nullable(),
  businessDay: z.string(),
  /** the first business day this close covers (the day after the previous Gün Sonu, or businessDay) */
  fromDay: z.string(),
  closedAt: z.string().nullable(),
  closedByName: z.string().nullable(),
  note: z.string().nullable(),
  firstBillNumber: z.number().int().nullable(),
  lastBillNumber: z.number().int().nullable(),
  summary: daySalesSummary,
  payments: z.array(z.object({ method: z.enum(PAYMENT_METHODS), brand: z.string().nullable(), amount: z.number().int(), count: z.number().int() })),
  refunds: z.array(refundInfo),
  cash: cashCountInfo,
  movements: z.array(cashMovementInfo),
  /** preview: open now; closed report: carried to the next day */
  openTickets: z.array(openTicketInfo),
  /** the report's link in the restaurant's hash chain (null in the preview) */
  hash: z.string().nullable(),
  /**
   * The audit chain's head right after this close (the hash of its own audit row; null in the
   * preview): printed on the slip and kept on paper, it proves later that nothing before it was
   * rewritten (`npm run verify-audit -- --head <value>`).
   */
  chainHead: z.string().nullable(),
  /** preview: whether this day may be closed now (false once today's Gün Sonu is taken); closed reports: false */
  closable: z.boolean(),
});
export type DayCloseReport = z.infer<typeof dayCloseReport>;

/** GET …/days/open: the business day open now — the clock's, or the day after today's Gün Sonu. */
export const openDayInfo = z.object({ day: z.string() });
export type OpenDayInfo = z.infer<typeof openDayInfo>;

export const closedDaySummary = z.object({
  number: z.number().int(),
  businessDay: z.string(),
  closedAt: z.string(),
  closedByName: z.string().nullable(),
  billCount: z.number().int(),
  net: z.number().int(),
  expectedCash: z.number().int(),
  countedCash: z.number().int(),
  difference: z.number().int(),
});
export type ClosedDaySummary = z.infer<typeof closedDaySummary>;

/** The chain head as people copy it: the first 16 hex digits in groups of four ("a1b2 c3d4 e5f6 0718"). */
export const CHAIN_HEAD_DIGITS = 16;
export const chainHeadText = (hash: string) => (hash.slice(0, CHAIN_HEAD_DIGITS).match(/.{1,4}/g) ?? []).join(' ');

/** "Fazla" / "Eksik" / "Fark yok": the cash difference in words, never colour alone. */
export function differenceWord(difference: number): string {
  return difference > 0 ? 'Fazla' : difference < 0 ? 'Eksik' : 'Fark yok';
}
