import { z } from 'zod';
import { daysInRange } from './domain/calendar';
import { isoDate } from './dates';
import { TICKET_TYPES } from './ticket-contract';
import { PAYMENT_METHODS } from './domain/payment-methods';

/**
 * Satış Raporları (issue 23): the owner's sales report for a range of business days, and the CSV of
 * each of its tables. Money is integer kuruş; days are business days (YYYY-MM-DD, Ayarlar's time
 * zone and day start hour). Net sales is defined once in ./sales-definitions.ts.
 *
 *   GET /api/restaurants/:rid/reports/sales?from=&to=                → SalesReportResponse
 *   GET /api/restaurants/:rid/reports/sales.csv?from=&to=&table=     → text/csv (one table)
 */

export const REPORT_LIMITS = {
  /** the longest period one report covers, in days (both ends included) */
  maxDays: 366,
  /** the exceptions the screen's answer lists at most (the newest first); `exceptionsTotal` counts them all */
  exceptions: 300,
  /** the exceptions the İstisnalar CSV holds at most */
  csvExceptions: 20_000,
} as const;

export const REPORT_MESSAGES = {
  fromAfterTo: 'Başlangıç tarihi bitişten sonra olamaz',
  tooLong: `Bir rapor en fazla ${REPORT_LIMITS.maxDays} günü kapsayabilir`,
  table: 'Bilinmeyen tablo',
} as const;

// ------------------------------------------------------------------ request

const period = {
  from: isoDate,
  to: isoDate,
};
/** both days readable: a malformed one has its own message and no other */
const readable = (q: { from: unknown; to: unknown }) => isoDate.safeParse(q.from).success && isoDate.safeParse(q.to).success;
const periodRules = <T extends { from: string; to: string }>(s: z.ZodType<T>) =>
  s
    .refine((q) => !readable(q) || q.from <= q.to, { message: REPORT_MESSAGES.fromAfterTo, path: ['from'] })
    .refine((q) => !readable(q) || q.from > q.to || daysInRange(q.from, q.to) <= REPORT_LIMITS.maxDays, { message: REPORT_MESSAGES.tooLong, path: ['to'] });

/** `from` and `to` are business days, both included; both required. */
export const salesReportQuery = periodRules(
  z.object({
    from: period.from.describe('Başlangıç günü'),
    to: period.to.describe('Bitiş günü'),
  }),
);
export type SalesReportQuery = z.infer<typeof salesReportQuery>;

export const REPORT_TABLES = ['summary', 'payments', 'byType', 'byChannel', 'byCourier', 'byDay', 'byHour', 'byCategory', 'byItem', 'byWaiter', 'bySection', 'exceptions'] as const;
export type ReportTable = (typeof REPORT_TABLES)[number];

/** Turkish names of the tables (tabs, headings and the CSV's file name). */
export const REPORT_TABLE_LABELS: Record<ReportTable, string> = {
  summary: 'Özet',
  payments: 'Ödemeler',
  byType: 'Sipariş Türü',
  byChannel: 'Satış Kanalı',
  byCourier: 'Kuryeler',
  byDay: 'Günlere Göre',
  byHour: 'Saat ve Güne Göre',
  byCategory: 'Kategoriler',
  byItem: 'Ürünler',
  byWaiter: 'Garsonlar',
  bySection: 'Bölümler',
  exceptions: 'İstisnalar',
};

export const salesCsvQuery = periodRules(
  z.object({
    from: period.from,
    to: period.to,
    table: z.enum(REPORT_TABLES, { error: REPORT_MESSAGES.table }),
  }),
);
export type SalesCsvQuery = z.infer<typeof salesCsvQuery>;

// ------------------------------------------------------------------ answer

const kurus = z.number().int();
const count = z.number().int();

/** The money of a set of bills (and refunds): every breakdown row carries these. */
const figures = {
  /** Brüt satış: lines not cancelled, before İkram and İndirim */
  gross: kurus,
  /** İndirim: line and bill discounts */
  discounts: kurus,
  /** İkram: the gross of complimentary lines */
  comps: kurus,
  /** Servis ücreti */
  serviceCharge: kurus,
  /** İade: refunds recorded in the period (positive: what went back) */
  refunds: kurus,
  /** Net satış (sales-definitions.ts): gross − discounts − comps + serviceCharge − refunds */
  net: kurus,
  /** Bahşiş: apart from sales */
  tips: kurus,
  /** closed bills */
  bills: count,
  /** covers (kişi) */
  guests: count,
};

export const salesSummary = z.object({
  ...figures,
  /** İptal: the gross of cancelled lines (never in gross) and how many cancellations (lines) */
  cancellations: z.object({ amount: kurus, count }),
  /** net / bills, rounded; 0 without bills */
  averageBill: kurus,
  /** net / guests, rounded; 0 without guests */
  averagePerGuest: kurus,
  /** KDV per rate, ascending: base (without VAT) and tax; base + tax of all rates = net */
  vat: z.array(z.object({ rate: z.number().int(), base: kurus, tax: kurus })),
});
export type SalesSummary = z.infer<typeof salesSummary>;

const share = z.number().describe('0..1 of net');

export const salesReportResponse = z.object({
  from: z.string(),
  to: z.string(),
  /** the business day of the server's clock when the report was made */
  today: z.string(),
  summary: salesSummary,
  /** the period just before, as many days: the screen shows ± % against it */
  previous: z.object({ from: z.string(), to: z.string(), summary: salesSummary }),
  /**
   * Per method and meal-card brand (brand null for the others), refunds netted in their method.
   * `amount` is the sales the method took, tips never mixed in (Gün Sonu's figure for the method):
   * the amounts add up to summary.net; `tips` beside it, adding up to summary.tips.
   */
  payments: z.array(
    z.object({ method: z.enum(PAYMENT_METHODS), brand: z.string().nullable(), label: z.string(), amount: kurus, tips: kurus, count }),
  ),
  byType: z.array(z.object({ type: z.enum(TICKET_TYPES), label: z.string(), ...figures })),
  /**
   * Where the bills came from: 'floor' (taken in the restaurant: tables, Gel-Al and Paket typed by
   * staff) and each online source (the own channel, phone orders, each delivery platform) that sold
   * in the period. The rows add up to the summary.
   */
  byChannel: z.array(z.object({ channel: z.string(), label: z.string(), ...figures })),
  /**
   * Per courier: orders delivered on the period's bills, what they collected at the door by method,
   * and how much of that is settled (Hesaplaş) or still open. Empty when no courier delivered.
   */
  byCourier: z.array(
    z.object({ courierId: z.string(), name: z.string(), delivered: count, cash: kurus, card: kurus, mealCard: kurus, settled: kurus, open: kurus }),
  ),
  /** every day of the range, days without sales as zeros */
  byDay: z.array(z.object({ day: z.string(), ...figures })),
  /** hour 0–23 of the close (restaurant's time zone) × weekday 1 (Pazartesi)–7 (Pazar) of the business day; only cells with sales */
  byHour: z.array(z.object({ weekday: z.number().int(), hour: z.number().int(), bills: count, net: kurus })),
  byCategory: z.array(
    z.object({ categoryId: z.string().nullable(), name: z.string(), quantity: count, revenue: kurus, share, compQuantity: count, cancelledQuantity: count }),
  ),
  /** `revenue` is what the guests paid for the dish (after İkram, İndirim, with its service charge share), refunds netted: the revenues add up to net */
  byItem: z.array(
    z.object({
      menuItemId: z.string().nullable(),
      name: z.string(),
      categoryId: z.string().nullable(),
      categoryName: z.string(),
      quantity: count,
      revenue: kurus,
      share,
      compQuantity: count,
      cancelledQuantity: count,
      refundQuantity: count,
    }),
  ),
  /**
   * Sales (net) are the waiter's bills'; `given` are the İndirim / İkram / İptal they gave or
   * approved (audit rows say who). `exceptionShare` = (given discounts + comps + cancellations) /
   * (gross + cancellations of their bills); `isOutlier` follows OUTLIER_RULE.
   */
  byWaiter: z.array(
    z.object({
      waiterId: z.string().nullable(),
      name: z.string(),
      ...figures,
      average: kurus,
      given: z.object({ discounts: kurus, comps: kurus, cancellations: kurus, count }),
      exceptionShare: z.number(),
      isOutlier: z.boolean(),
    }),
  ),
  bySection: z.array(z.object({ sectionId: z.string().nullable(), name: z.string(), ...figures })),
  /** İstisnalar, newest first, at most REPORT_LIMITS.exceptions */
  exceptions: z.array(
    z.object({
      kind: z.enum(['discount', 'comp', 'cancel', 'reopen', 'refund']),
      label: z.string(),
      at: z.string(),
      ticketId: z.string().nullable(),
      billNumber: z.number().int().nullable(),
      tableName: z.string().nullable(),
      itemName: z.string().nullable(),
      quantity: z.number().int().nullable(),
      userId: z.string().nullable(),
      userName: z.string().nullable(),
      approverId: z.string().nullable(),
      approverName: z.string().nullable(),
      reason: z.string().nullable(),
      /** kuruş; for a reopen, the bill's net when it was reopened */
      amount: kurus.nullable(),
    }),
  ),
  exceptionsTotal: count,
  /** the median exceptionShare of the waiters with sales, and the rule in Turkish */
  outlier: z.object({ median: z.number(), rule: z.string() }),
  /**
   * QR Sipariş: the guests' orders from the tables' QR codes sent in the period's business days —
   * confirmed, rejected, left unanswered past their 15 minutes — and the median time from sending
   * to confirming, in seconds (null: none confirmed). Null when no guest ordered in the period.
   */
  qrRequests: z.object({ accepted: count, rejected: count, expired: count, medianConfirmSeconds: z.number().int().nullable() }).nullable(),
});
export type SalesReportResponse = z.infer<typeof salesReportResponse>;
export type SalesPaymentRow = SalesReportResponse['payments'][number];
export type SalesTypeRow = SalesReportResponse['byType'][number];
export type SalesDayRow = SalesReportResponse['byDay'][number];
export type SalesHourRow = SalesReportResponse['byHour'][number];
export type SalesCategoryRow = SalesReportResponse['byCategory'][number];
export type SalesItemRow = SalesReportResponse['byItem'][number];
export type SalesWaiterRow = SalesReportResponse['byWaiter'][number];
export type SalesSectionRow = SalesReportResponse['bySection'][number];
export type SalesException = SalesReportResponse['exceptions'][number];

export const EXCEPTION_KIND_LABELS: Record<SalesException['kind'], string> = {
  discount: 'İndirim',
  comp: 'İkram',
  cancel: 'İptal',
  reopen: 'Yeniden açma',
  refund: 'İade',
};

/**
 * "Far above the median": a waiter whose exception share is over OUTLIER.factor × the restaurant's
 * median (waiters with sales in the period) and at least OUTLIER.minShare — so a quiet restaurant
 * where the median is 0 does not flag one İkram of a few lira, and a high median flags only real
 * excess.
 */
export const OUTLIER = { factor: 2, minShare: 0.05 } as const;
export const OUTLIER_RULE = `Medyanın ${OUTLIER.factor} katından fazla ve satışların en az %${OUTLIER.minShare * 100}'i indirim, ikram ya da iptal`;
export function isOutlierShare(share: number, median: number): boolean {
  return share > OUTLIER.factor * median && share >= OUTLIER.minShare;
}

// ------------------------------------------------------------------ CSV columns

/**
 * How a CSV cell is written: money as TL with a decimal comma (1234,50), share as a percent (12,5),
 * a day as 27.11.2026 and a time as 27.11.2026 21:05 in the restaurant's time zone.
 */
export type CsvKind = 'money' | 'int' | 'text' | 'percent' | 'bool' | 'day' | 'time';
export interface CsvColumn {
  key: string;
  label: string;
  kind: CsvKind;
  /** summed in the table's Toplam row (money and counts are, unless they are not additive) */
  total: boolean;
}
const NOT_ADDITIVE = new Set(['average', 'hour', 'billNumber']);
const col = (key: string, label: string, kind: CsvKind): CsvColumn => ({ key, label, kind, total: (kind === 'money' || kind === 'int') && !NOT_ADDITIVE.has(key) });
const FIGURE_COLUMNS: CsvColumn[] = [
  col('bills', 'Hesap', 'int'),
  col('guests', 'Kişi', 'int'),
  col('gross', 'Brüt Satış (TL)', 'money'),
  col('discounts', 'İndirim (TL)', 'money'),
  col('comps', 'İkram (TL)', 'money'),
  col('serviceCharge', 'Servis Ücreti (TL)', 'money'),
  col('refunds', 'İade (TL)', 'money'),
  col('net', 'Net Satış (TL)', 'money'),
  col('tips', 'Bahşiş (TL)', 'money'),
];
/** The dish figures of the category and the dish tables. */
const DISH_COLUMNS: CsvColumn[] = [
  col('quantity', 'Adet', 'int'),
  col('revenue', 'Ciro (TL)', 'money'),
  col('share', 'Pay (%)', 'percent'),
  col('compQuantity', 'İkram Adedi', 'int'),
  col('cancelledQuantity', 'İptal Adedi', 'int'),
];

/**
 * The Turkish headers of each table, in order: the CSV's columns and the screen's table columns.
 * `summary` is written as rows of (Kalem; Tutar) instead — see SUMMARY_ROWS.
 */
export const REPORT_CSV_COLUMNS: Record<ReportTable, CsvColumn[]> = {
  summary: [col('label', 'Kalem', 'text'), col('value', 'Değer', 'text')],
  payments: [col('label', 'Ödeme Türü', 'text'), col('brand', 'Marka', 'text'), col('count', 'Adet', 'int'), col('tips', 'Bahşiş (TL)', 'money'), col('amount', 'Tutar (TL)', 'money')],
  byType: [col('label', 'Sipariş Türü', 'text'), ...FIGURE_COLUMNS],
  byChannel: [col('label', 'Satış Kanalı', 'text'), ...FIGURE_COLUMNS],
  byCourier: [
    col('name', 'Kurye', 'text'),
    col('delivered', 'Teslim Edilen', 'int'),
    col('cash', 'Nakit (TL)', 'money'),
    col('card', 'Kredi Kartı (TL)', 'money'),
    col('mealCard', 'Yemek Kartı (TL)', 'money'),
    col('settled', 'Hesaplaşılan (TL)', 'money'),
    col('open', 'Kuryede (TL)', 'money'),
  ],
  byDay: [col('day', 'Gün', 'day'), ...FIGURE_COLUMNS],
  byHour: [col('weekdayLabel', 'Gün', 'text'), col('hour', 'Saat', 'int'), col('bills', 'Hesap', 'int'), col('net', 'Net Satış (TL)', 'money')],
  byCategory: [
    col('name', 'Kategori', 'text'),
    ...DISH_COLUMNS,
  ],
  byItem: [
    col('name', 'Ürün', 'text'),
    col('categoryName', 'Kategori', 'text'),
    ...DISH_COLUMNS,
    col('refundQuantity', 'İade Adedi', 'int'),
  ],
  byWaiter: [
    col('name', 'Garson', 'text'),
    col('bills', 'Hesap', 'int'),
    col('net', 'Satış (TL)', 'money'),
    col('average', 'Ortalama Hesap (TL)', 'money'),
    col('givenDiscounts', 'Verdiği İndirim (TL)', 'money'),
    col('givenComps', 'Verdiği İkram (TL)', 'money'),
    col('givenCancellations', 'Yaptığı İptal (TL)', 'money'),
    col('exceptionShare', 'İstisna Payı (%)', 'percent'),
    col('isOutlier', 'Medyanın Çok Üstünde', 'bool'),
  ],
  bySection: [col('name', 'Bölüm', 'text'), ...FIGURE_COLUMNS],
  exceptions: [
    col('at', 'Zaman', 'time'),
    col('label', 'Tür', 'text'),
    col('billNumber', 'Hesap No', 'int'),
    col('tableName', 'Masa', 'text'),
    col('itemName', 'Ürün', 'text'),
    col('quantity', 'Adet', 'int'),
    col('userName', 'Yapan', 'text'),
    col('approverName', 'Onaylayan', 'text'),
    col('reason', 'Neden', 'text'),
    col('amount', 'Tutar (TL)', 'money'),
  ],
};

/** The rows of the summary (CSV, print): label and which figure. */
export const SUMMARY_ROWS: { key: string; label: string; kind: CsvKind }[] = [
  { key: 'gross', label: 'Brüt Satış (TL)', kind: 'money' },
  { key: 'discounts', label: 'İndirim (TL)', kind: 'money' },
  { key: 'comps', label: 'İkram (TL)', kind: 'money' },
  { key: 'cancellations.amount', label: 'İptal (TL)', kind: 'money' },
  { key: 'cancellations.count', label: 'İptal Adedi', kind: 'int' },
  { key: 'serviceCharge', label: 'Servis Ücreti (TL)', kind: 'money' },
  { key: 'refunds', label: 'İade (TL)', kind: 'money' },
  { key: 'net', label: 'Net Satış (TL)', kind: 'money' },
  { key: 'tips', label: 'Bahşiş (TL)', kind: 'money' },
  { key: 'bills', label: 'Hesap Sayısı', kind: 'int' },
  { key: 'guests', label: 'Kişi Sayısı', kind: 'int' },
  { key: 'averageBill', label: 'Ortalama Hesap (TL)', kind: 'money' },
  { key: 'averagePerGuest', label: 'Kişi Başı Ortalama, masa satışları (TL)', kind: 'money' },
];

export const WEEKDAY_LABELS = ['Pazartesi', 'Salı', 'Çarşamba', 'Perşembe', 'Cuma', 'Cumartesi', 'Pazar'] as const;
