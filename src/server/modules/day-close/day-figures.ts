import { and, asc, between, desc, eq, inArray, lt } from 'drizzle-orm';
import type { CashCountInfo, CashMovementInfo, DayCloseReport, OpenTicketInfo, RefundInfo } from '../../../shared/day-close-contract';
import { PeriodVat } from '../../../shared/bill-math';
import { netSales } from '../../../shared/sales-definitions';
import type { TicketType } from '../../../shared/ticket-contract';
import type { PaymentMethod } from '../../../shared/domain/payment-methods';
import type { Db } from '../../db/client';
import { cashMovements, dayCloses, payments, refundLines, refunds, ticketLines, tickets } from '../../db/schema';
import { LINE_ORDER, billOf, staffNames } from '../orders';

type LineRow = typeof ticketLines.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

function groupBy<T>(rows: readonly T[], key: (row: T) => string) {
  const map = new Map<string, T[]>();
  for (const r of rows) {
    const k = key(r);
    const own = map.get(k);
    if (own) own.push(r);
    else map.set(k, [r]);
  }
  return map;
}

/** The adisyons open now, with what they come to (the bill maths) and who serves them. */
export async function openTicketsOf(db: Db, restaurantId: string): Promise<OpenTicketInfo[]> {
  const rows = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.restaurantId, restaurantId), eq(tickets.status, 'open')))
    .orderBy(asc(tickets.number));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const lines = groupBy(await db.select().from(ticketLines).where(inArray(ticketLines.ticketId, ids)).orderBy(...LINE_ORDER), (l) => l.ticketId);
  const names = await staffNames(db, rows.map((r) => r.waiterId));
  return rows.map((t) => ({
    id: t.id,
    number: t.number,
    type: t.type as TicketType,
    tableName: t.tableName,
    waiterName: t.waiterId ? (names.get(t.waiterId) ?? null) : null,
    total: billOf(t, lines.get(t.id) ?? [], [], false).total,
    openedAt: t.openedAt.toISOString(),
    billNumber: t.billNumber,
  }));
}

/** İade records of business days `from`..`to`, with their lines, bill numbers and approvers. */
export async function refundsOf(db: Db, restaurantId: string, where: { from: string; to: string } | { ticketId: string }): Promise<RefundInfo[]> {
  const rows = await db
    .select({ refund: refunds, billNumber: tickets.billNumber })
    .from(refunds)
    .innerJoin(tickets, eq(tickets.id, refunds.ticketId))
    .where(
      and(
        eq(refunds.restaurantId, restaurantId),
        'ticketId' in where ? eq(refunds.ticketId, where.ticketId) : between(refunds.businessDay, where.from, where.to),
      ),
    )
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  if (rows.length === 0) return [];
  const lines = groupBy(await db.select().from(refundLines).where(inArray(refundLines.refundId, rows.map((r) => r.refund.id))), (l) => l.refundId);
  const names = await staffNames(db, rows.map((r) => r.refund.approvedBy));
  return rows.map(({ refund: r, billNumber }) => ({
    id: r.id,
    ticketId: r.ticketId,
    billNumber,
    businessDay: r.businessDay,
    method: r.method as PaymentMethod,
    brand: r.brand,
    amount: r.amountKurus,
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
    approvedByName: r.approvedBy ? (names.get(r.approvedBy) ?? null) : null,
    lines: (lines.get(r.id) ?? []).map((l) => ({ lineId: l.lineId, menuItemId: l.menuItemId, name: l.name, quantity: l.quantity, amount: l.amountKurus, vatRate: l.vatRate })),
  }));
}

/** Kasa movements of business days `from`..`to`, oldest first. */
export async function movementsOf(db: Db, restaurantId: string, from: string, to: string): Promise<CashMovementInfo[]> {
  const rows = await db
    .select()
    .from(cashMovements)
    .where(and(eq(cashMovements.restaurantId, restaurantId), between(cashMovements.businessDay, from, to)))
    .orderBy(asc(cashMovements.createdAt), asc(cashMovements.id));
  const names = await staffNames(db, rows.map((r) => r.createdBy));
  return rows.map((m) => ({
    id: m.id,
    businessDay: m.businessDay,
    kind: m.kind as CashMovementInfo['kind'],
    amount: m.amountKurus,
    reason: m.reason,
    createdAt: m.createdAt.toISOString(),
    createdByName: m.createdBy ? (names.get(m.createdBy) ?? null) : null,
  }));
}

/**
 * The opening float of a close covering `from`..: the last Kasa açılışı entered in those days, or
 * else the previous Gün Sonu's counted cash (carried), or 0. Never the previous day's count added
 * on top of anything: that count *is* the float when nothing else was entered.
 */
async function openingFloat(db: Db, restaurantId: string, from: string, movements: readonly CashMovementInfo[]) {
  const entered = movements.filter((m) => m.kind === 'opening').at(-1);
  if (entered) return { openingFloat: entered.amount, openingFloatSource: 'entered' as const };
  const [previous] = await db
    .select({ counted: dayCloses.countedCashKurus })
    .from(dayCloses)
    .where(and(eq(dayCloses.restaurantId, restaurantId), lt(dayCloses.businessDay, from)))
    .orderBy(desc(dayCloses.businessDay))
    .limit(1);
  if (previous) return { openingFloat: previous.counted, openingFloatSource: 'carried' as const };
  return { openingFloat: 0, openingFloatSource: 'none' as const };
}

export interface DayFigures extends Omit<DayCloseReport, 'number' | 'businessDay' | 'fromDay' | 'closedAt' | 'closedByName' | 'note' | 'hash' | 'chainHead' | 'closable'> {
  billCount: number;
  lastBillHash: string | null;
}

/**
 * Every figure of a Gün Sonu covering business days `from`..`to`: the closed bills of those days
 * (tickets.business_day) through the one bill module, the İade records and Kasa movements recorded
 * in them, and the cash count. Net sales through the one definition (src/shared/sales-definitions).
 */
export async function dayFigures(db: Db, restaurantId: string, from: string, to: string, openTickets: OpenTicketInfo[], counted: number | null): Promise<DayFigures> {
  const ofTheDays = and(eq(tickets.restaurantId, restaurantId), eq(tickets.status, 'closed'), between(tickets.businessDay, from, to));
  const bills = await db.select().from(tickets).where(ofTheDays).orderBy(asc(tickets.billNumber));
  // lines and payments joined to the same bills (one query each, no list of 1,000 ids to bind)
  const lineRows = bills.length ? await db.select({ l: ticketLines }).from(ticketLines).innerJoin(tickets, eq(tickets.id, ticketLines.ticketId)).where(ofTheDays).orderBy(...LINE_ORDER) : [];
  const paidRows = bills.length ? await db.select({ p: payments }).from(payments).innerJoin(tickets, eq(tickets.id, payments.ticketId)).where(ofTheDays) : [];
  const lines = groupBy<LineRow>(lineRows.map((r) => r.l), (l) => l.ticketId);
  const paid = groupBy<PaymentRow>(paidRows.map((r) => r.p), (p) => p.ticketId);

  const s = { gross: 0, discounts: 0, comps: 0, cancellations: 0, cancellationCount: 0, serviceCharge: 0, tips: 0, guests: 0, total: 0 };
  const vat = new PeriodVat();
  const byMethod = new Map<string, { method: PaymentMethod; brand: string | null; amount: number; count: number }>();
  for (const t of bills) {
    const own = lines.get(t.id) ?? [];
    const ownPaid = paid.get(t.id) ?? [];
    const b = billOf(t, own, ownPaid, false);
    s.gross += b.subtotal;
    s.discounts += b.discounts;
    s.comps += b.comps;
    s.cancellations += b.cancelled;
    s.cancellationCount += own.filter((l) => l.status === 'cancelled').reduce((n, l) => n + l.quantity, 0);
    s.serviceCharge += b.serviceCharge;
    s.tips += b.tips;
    s.guests += t.guests ?? 0;
    s.total += b.total;
    vat.bill(b);
    for (const p of ownPaid) {
      const key = `${p.method}|${p.brand ?? ''}`;
      const m = byMethod.get(key) ?? { method: p.method as PaymentMethod, brand: p.brand, amount: 0, count: 0 };
      m.amount += p.amountKurus;
      m.count += 1;
      byMethod.set(key, m);
    }
  }
  // what the cash payments settled stays in the drawer (the change went back; tips are apart)
  const cashSales = bills.flatMap((t) => paid.get(t.id) ?? []).filter((p) => p.method === 'cash').reduce((n, p) => n + p.amountKurus, 0);

  const refundList = await refundsOf(db, restaurantId, { from, to });
  const refundTotal = refundList.reduce((n, r) => n + r.amount, 0);
  const cashRefunds = refundList.filter((r) => r.method === 'cash').reduce((n, r) => n + r.amount, 0);
  for (const r of refundList) {
    // an İade takes its money off the method it went back through and its VAT off the rate it was sold at
    const key = `${r.method}|${r.brand ?? ''}`;
    const m = byMethod.get(key) ?? { method: r.method, brand: r.brand, amount: 0, count: 0 };
    m.amount -= r.amount;
    byMethod.set(key, m);
    for (const l of r.lines) vat.refundLine(l.vatRate, l.amount);
  }

  const movements = await movementsOf(db, restaurantId, from, to);
  const float = await openingFloat(db, restaurantId, from, movements);
  const cashIn = movements.filter((m) => m.kind === 'in').reduce((n, m) => n + m.amount, 0);
  const cashOut = movements.filter((m) => m.kind === 'out').reduce((n, m) => n + m.amount, 0);
  const expected = float.openingFloat + cashSales + cashIn - cashOut - cashRefunds;
  const cash: CashCountInfo = {
    ...float,
    cashSales,
    cashIn,
    cashOut,
    cashRefunds,
    expected,
    counted,
    difference: counted === null ? null : counted - expected,
  };

  const net = netSales({ gross: s.gross, discounts: s.discounts, comps: s.comps, serviceCharge: s.serviceCharge, refunds: refundTotal });
  const numbered = bills.filter((b) => b.billNumber !== null);
  const last = numbered.at(-1);
  return {
    firstBillNumber: numbered[0]?.billNumber ?? null,
    lastBillNumber: last?.billNumber ?? null,
    billCount: bills.length,
    lastBillHash: last?.billHash ?? null,
    summary: {
      gross: s.gross,
      discounts: s.discounts,
      comps: s.comps,
      cancellations: s.cancellations,
      cancellationCount: s.cancellationCount,
      serviceCharge: s.serviceCharge,
      refunds: refundTotal,
      net,
      tips: s.tips,
      bills: bills.length,
      guests: s.guests,
      averageBill: bills.length ? Math.round(s.total / bills.length) : 0,
      vat: vat.rows(),
    },
    payments: [...byMethod.values()].sort((a, b) => (a.method === b.method ? (a.brand ?? '').localeCompare(b.brand ?? '') : a.method < b.method ? -1 : 1)),
    refunds: refundList,
    cash,
    movements,
    openTickets,
  };
}
