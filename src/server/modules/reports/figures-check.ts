import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { vatContained } from '../../../shared/bill-math';
import { refundLines, refunds, salesDayFigures, tickets } from '../../db/schema';
import type { RecordCheck } from '../../lib/record-check';
import { FIGURE_COLUMNS, FigureSet, MONTH_PREFIX, billFigures, loadBills, monthRowsOf, type FigureRow } from './sales-figures';

/**
 * The dimensions worked out from what a sealed bill and an İade hold and nothing else: the order
 * type, the payment method and the VAT rate. (A dish's category, a table's section, the hour in the
 * restaurant's time zone can change after the close, so their sums are not recomputed.)
 */
const CHECKED = ['type', 'payment', 'vat'] as const;
const BILL_PAGE = 500;

const keyOf = (r: Pick<FigureRow, 'dim' | 'day' | 'key'>) => `${r.dim}\u0000${r.day}\u0000${r.key}`;

/**
 * Satış Raporları's stored sums (sales_day_figures) against the same sums worked out again from the
 * closed bills and the İade rows: a sum edited in the table, or a bill's figures left out, shows as
 * the first day and key that disagree.
 */
export const checkSalesFigures: RecordCheck = async (db, restaurantId) => {
  const expected = new FigureSet();
  const closed = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.restaurantId, restaurantId), eq(tickets.status, 'closed'), isNotNull(tickets.billNumber)))
    .orderBy(asc(tickets.billNumber));
  for (let i = 0; i < closed.length; i += BILL_PAGE) {
    const bills = await loadBills(db, restaurantId, closed.slice(i, i + BILL_PAGE).map((t) => t.id));
    for (const b of bills) for (const r of billFigures(b).list()) if ((CHECKED as readonly string[]).includes(r.dim)) expected.add(r.dim, r.day, r.key, r.values);
  }
  const given = await db.select({ refund: refunds, type: tickets.type }).from(refunds).innerJoin(tickets, eq(tickets.id, refunds.ticketId)).where(eq(refunds.restaurantId, restaurantId));
  const lines = given.length ? await db.select().from(refundLines).where(inArray(refundLines.refundId, given.map((g) => g.refund.id))) : [];
  for (const { refund, type } of given) {
    const day = refund.businessDay;
    expected.add('type', day, type, { refunds: refund.amountKurus, net: -refund.amountKurus });
    expected.add('payment', day, `${refund.method}|${refund.brand ?? ''}`, { net: -refund.amountKurus });
    for (const l of lines) if (l.refundId === refund.id) expected.add('vat', day, String(l.vatRate), { net: -l.amountKurus, vat: -vatContained(l.amountKurus, l.vatRate) });
  }
  const want = new Map([...expected.list(), ...monthRowsOf(expected.list())].map((r) => [keyOf(r), r]));
  const dims = CHECKED.flatMap((d) => [d, `${MONTH_PREFIX}${d}`]);
  const stored = await db
    .select()
    .from(salesDayFigures)
    .where(and(eq(salesDayFigures.restaurantId, restaurantId), inArray(salesDayFigures.dim, dims)))
    .orderBy(asc(salesDayFigures.businessDay), asc(salesDayFigures.dim), asc(salesDayFigures.key));
  const seen = new Set<string>();
  for (const row of stored) {
    const key = keyOf({ dim: row.dim as FigureRow['dim'], day: row.businessDay, key: row.key });
    seen.add(key);
    const values = want.get(key)?.values ?? {};
    const column = FIGURE_COLUMNS.find((c) => Number(row[columnField(c)] ?? 0) !== (values[c] ?? 0));
    if (column) return { id: `${row.businessDay} ${row.dim} ${row.key}`, reason: mismatch(row.businessDay) };
  }
  for (const [key, r] of want)
    if (!seen.has(key) && FIGURE_COLUMNS.some((c) => (r.values[c] ?? 0) !== 0)) return { id: `${r.day} ${r.dim} ${r.key}`, reason: mismatch(r.day) };
  return null;
};

const mismatch = (day: string) =>
  `Satış Raporları'nın ${day} günü toplamları kapalı hesaplardan yeniden hesaplananla uyuşmuyor: rapor tablosu uygulamanın dışından değiştirilmiş`;

/** sales_day_figures' column `cash_sales`-style name → the Drizzle field (camelCase). */
const columnField = (c: (typeof FIGURE_COLUMNS)[number]) => c.replace(/_([a-z])/g, (_m, x: string) => x.toUpperCase()) as keyof typeof salesDayFigures.$inferSelect;
