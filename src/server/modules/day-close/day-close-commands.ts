import { and, eq, inArray, max, sql } from 'drizzle-orm';
import {
  DAY_CLOSE_MESSAGES,
  type CashMovementInfo,
  type CashMovementRequest,
  type DayCloseRequest,
  type RefundInfo,
  type RefundRequest,
} from '../../../shared/day-close-contract';
import { mulDivRound } from '../../../shared/bill-math';
import { addDays, businessDay } from '../../../shared/domain/calendar';
import { isUuid } from '../../../shared/ids';
import { cashMovements, dayCloses, payments, refundLines, refunds, ticketLines, tickets } from '../../db/schema';
import { HttpError } from '../../errors';
import type { CommandContext } from '../../lib/command';
import { billLinkHash, dayCloseDigest, GENESIS_HASH } from '../audit-chain';
import { LINE_ORDER, billOf } from '../orders';
import { getRestaurantSettings } from '../settings';
import { dayFigures, openTicketsOf, refundsOf } from './day-figures';
import { lastDayClose, openBusinessDay } from './open-day';
import { recordRefundFigures } from '../reports';

/**
 * The day a Gün Sonu closes now: the business day of the server's clock (never the client's).
 * It covers the days after the previous Gün Sonu up to it (bills closed after a Gün Sonu belong to
 * the next day), or that one day for a restaurant's first close.
 */
export async function dayToClose(c: Pick<CommandContext, 'tx' | 'restaurantId'>, now: Date) {
  const { value: settings } = await getRestaurantSettings(c.tx, c.restaurantId);
  const day = businessDay(now, settings.timeZone, settings.businessDayStartHour);
  const last = await lastDayClose(c.tx, c.restaurantId);
  const fromDay = last ? addDays(last.businessDay, 1) : day;
  return { day, fromDay, last, closable: !last || day > last.businessDay };
}

/**
 * Gün Sonu: refuses while adisyons are open unless the owner carries them to the next day (they
 * stay open, never closed or lost), and a day closed already. Numbers are max + 1 under the
 * restaurant lock on a table that never loses a row: gapless. The report is sealed into the
 * restaurant's Gün Sonu chain and tied to the last bill hash of the day.
 */
export async function closeDay(c: CommandContext, req: DayCloseRequest, closedAt: Date = new Date()) {
  const { day, fromDay, last, closable } = await dayToClose(c, closedAt);
  if (!closable) throw new HttpError(409, DAY_CLOSE_MESSAGES.alreadyClosed(last!.businessDay, last!.number));
  const open = await openTicketsOf(c.tx, c.restaurantId);
  if (open.length > 0 && !req.carryOpen) throw new HttpError(409, DAY_CLOSE_MESSAGES.openTickets(open.length), { openTickets: open });
  if (open.some((t) => t.billNumber !== null)) throw new HttpError(409, DAY_CLOSE_MESSAGES.reopenedOpen, { openTickets: open.filter((t) => t.billNumber !== null) });

  const { billCount, lastBillHash, ...figures } = await dayFigures(c.tx, c.restaurantId, fromDay, day, open, req.countedCash);
  const [{ top }] = await c.tx
    .select({ top: max(dayCloses.number) })
    .from(dayCloses)
    .where(eq(dayCloses.restaurantId, c.restaurantId));
  const number = (top ?? 0) + 1;
  const row = {
    restaurantId: c.restaurantId,
    number,
    businessDay: day,
    firstBillNumber: figures.firstBillNumber,
    lastBillNumber: figures.lastBillNumber,
    billCount,
    openingFloatKurus: figures.cash.openingFloat,
    cashSalesKurus: figures.cash.cashSales,
    cashInKurus: figures.cash.cashIn,
    cashOutKurus: figures.cash.cashOut,
    cashRefundsKurus: figures.cash.cashRefunds,
    expectedCashKurus: figures.cash.expected,
    countedCashKurus: req.countedCash,
    differenceKurus: figures.cash.difference!,
    report: { fromDay, summary: figures.summary, payments: figures.payments, refunds: figures.refunds, cash: figures.cash, movements: figures.movements, openTickets: figures.openTickets },
    note: req.note ? req.note : null,
    closedBy: c.actor.userId,
    closedAt,
    lastBillHash,
  };
  const digest = dayCloseDigest(row);
  const prevHash = last?.hash ?? GENESIS_HASH;
  const hash = billLinkHash(prevHash, digest);
  const [saved] = await c.tx
    .insert(dayCloses)
    .values({ ...row, digest, prevHash, hash })
    .returning({ id: dayCloses.id });
  await c.audit({
    action: 'day.close',
    entity: 'day_close',
    entityId: saved.id,
    after: {
      number,
      businessDay: day,
      fromDay,
      bills: billCount,
      net: figures.summary.net,
      expectedCash: figures.cash.expected,
      countedCash: req.countedCash,
      difference: figures.cash.difference,
      carried: open.map((t) => t.number),
      hash,
    },
    reason: row.note,
  });
  c.emit('days', saved.id);
  return number;
}

/** Kasa açılışı / girişi / çıkışı in the business day open now; owner only, audited. */
export async function addCashMovement(c: CommandContext, req: CashMovementRequest): Promise<string> {
  const day = await openBusinessDay(c.tx, c.restaurantId);
  const reason = req.reason ?? '';
  const [row] = await c.tx
    .insert(cashMovements)
    .values({ restaurantId: c.restaurantId, businessDay: day, kind: req.kind, amountKurus: req.amount, reason, createdBy: c.actor.userId })
    .returning({ id: cashMovements.id });
  await c.audit({
    action: `cash.${req.kind}`,
    entity: 'cash_movement',
    entityId: row.id,
    after: { kind: req.kind, amount: req.amount, businessDay: day },
    reason: reason || null,
  });
  c.emit('days', row.id);
  return row.id;
}

export type { CashMovementInfo };

/**
 * İade of a closed bill, approved by the owner who records it, in the business day open now. Each
 * line gives back what the guest paid for those units — the line's due (after İkram and line and
 * bill discounts, with its service-charge share) pro rata, worked so that refunding every unit in
 * any number of steps gives back exactly the line's due. The bill itself is not touched: its number,
 * lines, payments, version and seal stay as closed.
 */
export async function refundBill(c: CommandContext, ticketId: string, req: RefundRequest): Promise<RefundInfo> {
  const ticket = await c.lockOwned(tickets, ticketId, DAY_CLOSE_MESSAGES.billNotFound);
  if (ticket.status !== 'closed') throw new HttpError(409, DAY_CLOSE_MESSAGES.billOpen);
  const ids = req.lines.map((l) => l.lineId);
  if (new Set(ids).size !== ids.length) throw new HttpError(400, DAY_CLOSE_MESSAGES.duplicateLines);
  if (!ids.every(isUuid)) throw new HttpError(404, DAY_CLOSE_MESSAGES.lineNotFound);

  const lines = await c.tx.select().from(ticketLines).where(eq(ticketLines.ticketId, ticket.id)).orderBy(...LINE_ORDER);
  const paid = await c.tx.select().from(payments).where(eq(payments.ticketId, ticket.id));
  const bill = billOf(ticket, lines, paid, false);
  const before = await c.tx
    .select({ lineId: refundLines.lineId, quantity: sql<number>`sum(${refundLines.quantity})`.mapWith(Number) })
    .from(refundLines)
    .where(and(eq(refundLines.restaurantId, c.restaurantId), inArray(refundLines.lineId, ids)))
    .groupBy(refundLines.lineId);
  const refunded = new Map(before.map((b) => [b.lineId, b.quantity]));

  const chosen = req.lines.map((w) => {
    const i = lines.findIndex((l) => l.id === w.lineId);
    if (i < 0) throw new HttpError(404, DAY_CLOSE_MESSAGES.lineNotFound);
    const line = lines[i];
    if (line.status === 'cancelled') throw new HttpError(409, DAY_CLOSE_MESSAGES.lineCancelled);
    if (line.isComp) throw new HttpError(409, DAY_CLOSE_MESSAGES.lineComp);
    const due = bill.lines[i].due;
    if (due <= 0) throw new HttpError(409, DAY_CLOSE_MESSAGES.lineNothingPaid);
    const done = refunded.get(line.id) ?? 0;
    const left = line.quantity - done;
    if (w.quantity > left) throw new HttpError(409, DAY_CLOSE_MESSAGES.tooMany(line.name, left));
    // cumulative rounding: units 1..k of a line always come to mulDivRound(due, k, quantity)
    const amount = mulDivRound(due, done + w.quantity, line.quantity) - mulDivRound(due, done, line.quantity);
    return { line, quantity: w.quantity, amount };
  });
  const amount = chosen.reduce((n, l) => n + l.amount, 0);
  if (amount <= 0) throw new HttpError(409, DAY_CLOSE_MESSAGES.lineNothingPaid);

  const day = await openBusinessDay(c.tx, c.restaurantId);
  const [row] = await c.tx
    .insert(refunds)
    .values({
      restaurantId: c.restaurantId,
      ticketId: ticket.id,
      businessDay: day,
      method: req.method,
      brand: req.method === 'meal_card' ? req.brand! : null,
      amountKurus: amount,
      reason: req.reason,
      createdBy: c.actor.userId,
      approvedBy: c.actor.userId,
    })
    .returning({ id: refunds.id });
  await c.tx.insert(refundLines).values(
    chosen.map((l) => ({
      refundId: row.id,
      restaurantId: c.restaurantId,
      lineId: l.line.id,
      menuItemId: l.line.menuItemId,
      name: l.line.name,
      quantity: l.quantity,
      amountKurus: l.amount,
      vatRate: l.line.vatRate,
    })),
  );
  // the sales report nets it in this day (modules/reports/sales-figures.ts), in the same transaction
  await recordRefundFigures(c, row.id);
  await c.audit({
    action: 'bill.refund',
    entity: 'ticket',
    entityId: ticket.id,
    after: {
      refundId: row.id,
      billNumber: ticket.billNumber,
      businessDay: day,
      method: req.method,
      brand: req.method === 'meal_card' ? req.brand : null,
      amount,
      lines: chosen.map((l) => ({ lineId: l.line.id, name: l.line.name, quantity: l.quantity, amount: l.amount })),
    },
    reason: req.reason,
    approverUserId: c.actor.userId,
  });
  c.emit('days', row.id);
  const [info] = (await refundsOf(c.tx, c.restaurantId, { ticketId: ticket.id })).filter((r) => r.id === row.id);
  return info;
}
