import { and, between, desc, eq } from 'drizzle-orm';
import { DAY_CLOSE_LIMITS, DAY_CLOSE_MESSAGES, type ClosedDaySummary, type DayCloseReport } from '../../../shared/day-close-contract';
import type { Db } from '../../db/client';
import { auditEvents, dayCloses, tickets } from '../../db/schema';
import { isUuid } from '../../../shared/ids';
import { HttpError } from '../../errors';
import { staffNames } from '../orders';
import { dayToClose } from './day-close-commands';
import { dayFigures, movementsOf, openTicketsOf, refundsOf } from './day-figures';
import { openBusinessDay } from './open-day';

/**
 * The day to close, as it stands now (nothing written): the open adisyons, the cash count without
 * the counted cash, the summary figures. Once today is closed, the next day (which bills closed
 * after the Gün Sonu belong to) with `closable: false`.
 */
export async function previewDay(db: Db, restaurantId: string): Promise<DayCloseReport> {
  const now = new Date();
  const { day, fromDay, closable } = await dayToClose({ tx: db, restaurantId }, now);
  const shown = closable ? day : await openBusinessDay(db, restaurantId, now);
  const from = closable ? fromDay : shown;
  const { billCount: _count, lastBillHash: _hash, ...figures } = await dayFigures(db, restaurantId, from, shown, await openTicketsOf(db, restaurantId), null);
  return { number: null, businessDay: shown, fromDay: from, closedAt: null, closedByName: null, note: null, hash: null, chainHead: null, closable, ...figures };
}

type DayCloseRow = typeof dayCloses.$inferSelect;

function present(row: DayCloseRow, names: Map<string, string>, chainHead: string | null): DayCloseReport {
  const report = row.report as Pick<DayCloseReport, 'fromDay' | 'summary' | 'payments' | 'refunds' | 'cash' | 'movements' | 'openTickets'>;
  return {
    number: row.number,
    businessDay: row.businessDay,
    fromDay: report.fromDay,
    closedAt: row.closedAt.toISOString(),
    closedByName: row.closedBy ? (names.get(row.closedBy) ?? null) : null,
    note: row.note,
    firstBillNumber: row.firstBillNumber,
    lastBillNumber: row.lastBillNumber,
    summary: report.summary,
    payments: report.payments,
    refunds: report.refunds,
    cash: report.cash,
    movements: report.movements,
    openTickets: report.openTickets,
    hash: row.hash,
    chainHead,
    closable: false,
  };
}

/**
 * The hash of the close's own audit row: the audit chain's head the moment the day was closed. The
 * row was written by the same command, minutes at most after closedAt (the restaurant-and-time index).
 */
async function chainHeadOf(db: Db, restaurantId: string, close: DayCloseRow) {
  const near = (minutes: number) => new Date(close.closedAt.getTime() + minutes * 60_000);
  const [row] = await db
    .select({ hash: auditEvents.hash })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.restaurantId, restaurantId),
        between(auditEvents.createdAt, near(-5), near(5)),
        eq(auditEvents.action, 'day.close'),
        eq(auditEvents.entityId, close.id),
      ),
    );
  return row?.hash ?? null;
}

/** One closed Gün Sonu by its number (404 for a number this restaurant has not reached). */
export async function readDay(db: Db, restaurantId: string, number: number) {
  const [row] = await db
    .select()
    .from(dayCloses)
    .where(and(eq(dayCloses.restaurantId, restaurantId), eq(dayCloses.number, number)));
  if (!row) throw new HttpError(404, DAY_CLOSE_MESSAGES.dayNotFound);
  return present(row, await staffNames(db, [row.closedBy]), await chainHeadOf(db, restaurantId, row));
}

/** The closed days, newest first. */
export async function listDays(db: Db, restaurantId: string): Promise<ClosedDaySummary[]> {
  const rows = await db
    .select()
    .from(dayCloses)
    .where(eq(dayCloses.restaurantId, restaurantId))
    .orderBy(desc(dayCloses.number))
    .limit(DAY_CLOSE_LIMITS.list);
  const names = await staffNames(db, rows.map((r) => r.closedBy));
  return rows.map((r) => ({
    number: r.number,
    businessDay: r.businessDay,
    closedAt: r.closedAt.toISOString(),
    closedByName: r.closedBy ? (names.get(r.closedBy) ?? null) : null,
    billCount: r.billCount,
    net: (r.report as Pick<DayCloseReport, 'summary'>).summary.net,
    expectedCash: r.expectedCashKurus,
    countedCash: r.countedCashKurus,
    difference: r.differenceKurus,
  }));
}

/** The Kasa movements of the business day open now. */
export async function listMovements(db: Db, restaurantId: string) {
  const day = await openBusinessDay(db, restaurantId);
  return movementsOf(db, restaurantId, day, day);
}

/** The İade records of one closed bill (the İade dialog shows what went back already), oldest first. */
export async function billRefunds(db: Db, restaurantId: string, billId: string) {
  const [bill] = isUuid(billId)
    ? await db.select({ id: tickets.id }).from(tickets).where(and(eq(tickets.id, billId), eq(tickets.restaurantId, restaurantId)))
    : [];
  if (!bill) throw new HttpError(404, DAY_CLOSE_MESSAGES.billNotFound);
  return refundsOf(db, restaurantId, { ticketId: bill.id });
}
