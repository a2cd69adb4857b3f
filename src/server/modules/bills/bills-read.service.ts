import { and, asc, desc, eq, gte, inArray, isNotNull, lte } from 'drizzle-orm';
import { BILL_LIMITS, type BillAdjustment, type BillDetail, type BillSummary, type BillsQuery } from '../../../shared/bill-contract';
import { splitEqually } from '../../../shared/bill-math';
import { businessDay } from '../../../shared/domain/calendar';
import { isUuid } from '../../../shared/ids';
import type { Db } from '../../db/client';
import { auditEvents, tickets } from '../../db/schema';
import { HttpError } from '../../errors';
import { openBusinessDay } from '../day-close';
import { presentTickets, readTicket, staffNames } from '../orders';
import { getRestaurantSettings } from '../settings';
import { ADJUSTMENT_LABELS, BILL_MESSAGES } from './bill-messages';

/** "4 kişiye böl": what remains of the ticket in equal shares. */
export async function splitRemaining(db: Db, restaurantId: string, ticketId: string, shares: number) {
  const ticket = await readTicket(db, restaurantId, ticketId);
  return { remaining: ticket.totals.remaining, shares: splitEqually(ticket.totals.remaining, shares) };
}

/**
 * Kapalı Hesaplar: the bills closed in a business day or a range of them (Ayarlar's time zone and
 * day start), newest first, or the one bill with a number. Totals come from the bill maths.
 */
export async function listBills(db: Db, restaurantId: string, query: BillsQuery): Promise<BillSummary[]> {
  const { value: settings } = await getRestaurantSettings(db, restaurantId);
  // by the business day each bill got when it closed (issue 23), so Kapalı Hesaplar, the reports
  // and Gün Sonu always agree — a bill closed after the day's Gün Sonu belongs to the next day
  const today = businessDay(new Date(), settings.timeZone, settings.businessDayStartHour);
  // once today's Gün Sonu is taken, bills closing now go to the next (open) day: the default view
  // shows them too, or the bill just closed would be nowhere on the screen until tomorrow
  const open = await openBusinessDay(db, restaurantId);
  const period = { from: query.from ?? today, to: query.to ?? (open > today ? open : today) };
  const rows = await db
    .select()
    .from(tickets)
    .where(
      and(
        eq(tickets.restaurantId, restaurantId),
        eq(tickets.status, 'closed'),
        isNotNull(tickets.billNumber),
        query.number !== undefined ? eq(tickets.billNumber, query.number) : and(gte(tickets.businessDay, period.from), lte(tickets.businessDay, period.to)),
      ),
    )
    .orderBy(desc(tickets.businessDay), desc(tickets.closedAt), desc(tickets.billNumber))
    .limit(BILL_LIMITS.list);
  const presented = await presentTickets(db, rows);
  const reopened = rows.length
    ? new Set(
        (
          await db
            .select({ id: auditEvents.entityId })
            .from(auditEvents)
            .where(and(eq(auditEvents.restaurantId, restaurantId), eq(auditEvents.action, 'ticket.reopen'), inArray(auditEvents.entityId, rows.map((r) => r.id))))
        ).map((r) => r.id),
      )
    : new Set<string | null>();
  return presented.map((t) => ({
    id: t.id,
    billNumber: t.billNumber!,
    ticketNumber: t.number,
    total: t.totals.total,
    closedAt: t.closedAt!,
    openedAt: t.openedAt,
    tableName: t.tableName,
    type: t.type,
    waiterName: t.waiterName,
    paymentMethods: [...new Set(t.payments.map((p) => p.method))],
    hasDiscount: t.totals.discounts > 0,
    hasComp: t.totals.comps > 0,
    hasCancel: t.totals.cancelled > 0,
    wasReopened: reopened.has(t.id),
  }));
}

/**
 * This ticket and every ticket merged into it, at any depth (Masa Birleştir removes the other
 * ticket): their payments and money changes moved here, so the bill's history shows them too.
 */
async function mergedInto(db: Db, restaurantId: string, ticketId: string): Promise<string[]> {
  const ids = [ticketId];
  for (let i = 0; i < ids.length; i++) {
    const merges = await db
      .select({ before: auditEvents.before })
      .from(auditEvents)
      .where(and(eq(auditEvents.restaurantId, restaurantId), eq(auditEvents.action, 'ticket.merge'), eq(auditEvents.entityId, ids[i])));
    for (const m of merges) {
      const from = (m.before as { from?: { id?: string } } | null)?.from?.id;
      if (from && !ids.includes(from)) ids.push(from);
    }
  }
  return ids;
}

/** One bill with every line, payment and money change (who, when, why, approver). */
export async function readBill(db: Db, restaurantId: string, billId: string): Promise<BillDetail> {
  if (!isUuid(billId)) throw new HttpError(404, BILL_MESSAGES.billNotFound);
  const [row] = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.id, billId), eq(tickets.restaurantId, restaurantId), isNotNull(tickets.billNumber)));
  if (!row) throw new HttpError(404, BILL_MESSAGES.billNotFound);
  const [ticket] = await presentTickets(db, [row]);
  const audits = await db
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.restaurantId, restaurantId),
        eq(auditEvents.entity, 'ticket'),
        inArray(auditEvents.entityId, await mergedInto(db, restaurantId, row.id)),
        inArray(auditEvents.action, Object.keys(ADJUSTMENT_LABELS)),
      ),
    )
    .orderBy(asc(auditEvents.id));
  const names = await staffNames(db, [row.closedBy, ...audits.flatMap((a) => [a.actorUserId, a.approverUserId])]);
  const nameOf = (id: string | null) => (id ? (names.get(id) ?? null) : null);
  const adjustments: BillAdjustment[] = audits.map((a) => ({
    at: a.createdAt.toISOString(),
    action: a.action,
    label: ADJUSTMENT_LABELS[a.action],
    actorName: nameOf(a.actorUserId),
    actorRole: a.actorRole,
    approverName: nameOf(a.approverUserId),
    reason: a.reason,
    before: a.before,
    after: a.after,
  }));
  return { ticket, closedByName: nameOf(row.closedBy), payments: ticket.payments, adjustments };
}
