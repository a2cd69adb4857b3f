import { and, desc, eq, sql } from 'drizzle-orm';
import type { PaymentRequest } from '../../../shared/bill-contract';
import { PAYMENT_METHOD_LABELS } from '../../../shared/domain/payment-methods';
import { auditEvents, payments, restaurants, ticketLines, tickets } from '../../db/schema';
import { HttpError } from '../../errors';
import type { CommandContext } from '../../lib/command';
import { billSealing } from '../audit-chain';
import { lastDayClose, openBusinessDay } from '../day-close';
import { assertBillHolds, checkedBill, contentRows, lockOpenTicket, lockOpenTicketWithContents, markLinesPaid, openTicketOn, presentTicketRows, readTicket, touchTicket } from '../orders';
import { getStoredRestaurantSettings } from '../settings';
import { splitOff } from './adjustment-commands';
import { BILL_MESSAGES } from './bill-messages';
import { recordBillFigures, removeBillFigures } from '../reports';


/**
 * The lines a guest pays by choosing them (part of a quantity splits the line): locked, checked
 * (this ticket's, not cancelled, not already paid) and split. Answers the ids of the lines paid.
 */
async function chooseLines(c: CommandContext, ticketId: string, req: PaymentRequest): Promise<string[]> {
  const wanted = req.lines ?? req.lineIds!.map((lineId) => ({ lineId, quantity: undefined as number | undefined }));
  const ids = wanted.map((w) => w.lineId);
  if (new Set(ids).size !== ids.length) throw new HttpError(400, BILL_MESSAGES.linesDuplicate);
  const own = await c.tx.select().from(ticketLines).where(eq(ticketLines.ticketId, ticketId)).for('update');
  const chosen: string[] = [];
  for (const w of wanted) {
    const line = own.find((l) => l.id === w.lineId);
    if (!line) throw new HttpError(404, BILL_MESSAGES.linesNotFound);
    if (line.status === 'cancelled') throw new HttpError(409, BILL_MESSAGES.lineCancelled);
    if (line.paymentId) throw new HttpError(409, BILL_MESSAGES.linesAlreadyPaid);
    chosen.push(await splitOff(c, line, w.quantity, {}));
  }
  return chosen;
}

/**
 * A payment: by amount (a share of an equal split, or any amount), or by choosing lines. Card,
 * Yemek Kartı, Online and Cari never take more than what remains; cash may, and the rest is
 * change. The method must be open in Ayarlar, a meal card one of Ayarlar's brands. Tips are
 * recorded apart from sales.
 */
export async function takePayment(c: CommandContext, ticketId: string, req: PaymentRequest) {
  // the ticket with its lines and payments in one statement: the checks and the answer use them
  const { ticket, bumped, contents } = await lockOpenTicketWithContents(c, ticketId, req.version);
  const { value: settings } = await getStoredRestaurantSettings(c.tx, c.restaurantId);
  if (!settings.paymentMethods.includes(req.method)) {
    throw new HttpError(409, BILL_MESSAGES.methodOff(PAYMENT_METHOD_LABELS[req.method]));
  }
  if (req.method === 'meal_card' && !(settings.mealCardBrands as string[]).includes(req.brand!)) {
    throw new HttpError(400, BILL_MESSAGES.brandUnknown(req.brand!));
  }
  const held = contentRows(contents);
  const before = { bill: checkedBill(ticket, held.lines, held.payments), lines: held.lines };
  if (before.bill.remaining === 0) throw new HttpError(409, BILL_MESSAGES.alreadyPaid);

  const byLines = req.lines !== undefined || req.lineIds !== undefined;
  const lineIds = byLines ? await chooseLines(c, ticket.id, req) : [];
  const { bill, lines } = byLines ? await assertBillHolds(c, ticket.id) : before;
  let target = req.amount!;
  if (byLines) {
    const due = lines.reduce((sum, l, i) => sum + (lineIds.includes(l.id) ? bill.lines[i].due : 0), 0);
    if (due === 0) throw new HttpError(409, BILL_MESSAGES.linesNothingDue);
    const offered = req.amount ?? due;
    if (req.method === 'cash' ? offered < due : offered !== due) throw new HttpError(409, BILL_MESSAGES.linesAmount(due));
    target = due;
  }
  if (req.method !== 'cash' && target > bill.remaining) throw new HttpError(409, BILL_MESSAGES.overRemaining(bill.remaining));
  const settled = Math.min(target, bill.remaining);
  let change = 0;
  if (req.method === 'cash') {
    const offered = req.amount ?? target;
    const handed = req.given ?? offered;
    if (handed < offered) throw new HttpError(400, BILL_MESSAGES.givenTooLittle);
    change = handed - settled;
  }
  const [row] = await c.tx
    .insert(payments)
    .values({
      restaurantId: c.restaurantId,
      ticketId: ticket.id,
      method: req.method,
      brand: req.method === 'meal_card' ? req.brand! : null,
      amountKurus: settled,
      tipKurus: req.tip ?? 0,
      changeKurus: change,
      customerName: req.method === 'account' ? req.customerName! : null,
      takenBy: c.actor.userId,
    })
    .returning();
  await markLinesPaid(c, lineIds, row.id);
  await c.audit({
    action: 'ticket.payment',
    entity: 'ticket',
    entityId: ticket.id,
    after: {
      paymentId: row.id,
      method: req.method,
      brand: req.method === 'meal_card' ? req.brand : null,
      amount: settled,
      tip: req.tip ?? 0,
      change,
      lineIds,
      customerName: req.method === 'account' ? req.customerName : null,
      remaining: bill.remaining - settled,
    },
  });
  // The answer: by amount, the rows in hand and the new payment; by lines, read again (lines split).
  const answer = byLines
    ? await readTicket(c.tx, c.restaurantId, ticket.id)
    : await presentTicketRows(c.tx, bumped, contents.waiterName, held.lines, [...held.payments, row]);
  return { ticket: answer, paymentId: row.id, change };
}

/**
 * Gapless and never reused per restaurant: the restaurant's counter, taken under its lock (the
 * command holds it). Not max(bill_number) + 1: a number must stay used whatever becomes of its ticket.
 */
async function nextBillNumber(c: CommandContext) {
  const [row] = await c.tx
    .update(restaurants)
    .set({ lastBillNumber: sql`${restaurants.lastBillNumber} + 1` })
    .where(eq(restaurants.id, c.restaurantId))
    .returning({ next: restaurants.lastBillNumber });
  return row.next;
}

/**
 * The cash change to hand back at this close: what the payments taken since the bill was last
 * closed gave back. A reopened bill keeps its earlier payments, and their change went back to the
 * guest at the earlier close; the bill's `change` adds up every payment's. The earlier close's audit
 * record keeps that running sum (`after.change`), so this close's change is the sum now minus the
 * sum then (payments cannot be taken on a closed bill). A bill never closed before has nothing to
 * take off.
 */
async function changeSinceLastClose(c: CommandContext, ticket: { id: string; billNumber: number | null }, changeNow: number): Promise<number> {
  if (ticket.billNumber === null) return changeNow;
  const [last] = await c.tx
    .select({ after: auditEvents.after })
    .from(auditEvents)
    .where(and(eq(auditEvents.restaurantId, c.restaurantId), eq(auditEvents.entity, 'ticket'), eq(auditEvents.entityId, ticket.id), eq(auditEvents.action, 'ticket.close')))
    .orderBy(desc(auditEvents.id))
    .limit(1);
  const before = (last?.after as { change?: unknown } | null | undefined)?.change;
  return typeof before === 'number' ? Math.max(0, changeNow - before) : changeNow;
}

/**
 * Hesabı Kapat: only when fully paid. The first close gives the bill its number (a reopened bill
 * keeps it); the table is free on every screen at once. `closedAt` is the server's clock; only the
 * demo data passes an earlier one, so its bills are sealed, dated and counted as closed then.
 */
export async function closeTicket(c: CommandContext, ticketId: string, version: number, closedAt = new Date()) {
  const ticket = await lockOpenTicket(c, ticketId, version);
  const { bill } = await assertBillHolds(c, ticket.id);
  if (bill.remaining > 0) throw new HttpError(409, BILL_MESSAGES.unpaid(bill.remaining));
  const change = await changeSinceLastClose(c, ticket, bill.change);
  const billNumber = ticket.billNumber ?? (await nextBillNumber(c));
  // the business day it belongs to: the server clock's, or the day after the last Gün Sonu (issue 23)
  const businessDay = await openBusinessDay(c.tx, c.restaurantId, closedAt);
  // the bill's link in the restaurant's hash chain, written with the close itself
  const sealing = await billSealing(c.tx, ticket, { billNumber, closedAt });
  await touchTicket(c, ticket.id, { status: 'closed', billNumber, closedAt, closedBy: c.actor.userId, businessDay, ...sealing.seal });
  await sealing.relinkLater();
  // the sales report's figures, in the same transaction (modules/reports/sales-figures.ts)
  await recordBillFigures(c, ticket.id);
  await c.audit({
    action: 'ticket.close',
    entity: 'ticket',
    entityId: ticket.id,
    // `change` stays the running sum over every payment (the next close after a reopen takes it
    // off); `changeDue` is what this close handed back
    after: { billNumber, total: bill.total, paid: bill.paid, change: bill.change, changeDue: change, tips: bill.tips, table: ticket.tableName },
  });
  // kitchen cards name their table's ticket; the floor frees the table
  c.emit('kitchen', ticket.id);
  return { billNumber, closedAt: closedAt.toISOString(), total: bill.total, change };
}

/**
 * The owner reopens a closed bill, with a reason. It keeps its number; its history stays (every
 * change after this is a new audited record). Refused when its table has another open ticket now.
 */
export async function reopenBill(c: CommandContext, billId: string, reason: string) {
  const ticket = await c.lockOwned(tickets, billId, BILL_MESSAGES.billNotFound);
  if (ticket.status !== 'closed') throw new HttpError(409, BILL_MESSAGES.notClosed);
  // a day closed at Gün Sonu never changes: its bills are corrected by an İade in the open day
  const lastClose = await lastDayClose(c.tx, c.restaurantId);
  if (lastClose && ticket.businessDay !== null && ticket.businessDay <= lastClose.businessDay) {
    throw new HttpError(409, BILL_MESSAGES.dayClosed);
  }
  if (ticket.tableId) {
    const other = await openTicketOn(c, ticket.tableId);
    if (other) throw new HttpError(409, BILL_MESSAGES.tableTaken, { ticketId: other.id });
  }
  // the figures its close added come off the sales report again (before closed_at goes)
  await removeBillFigures(c, ticket.id);
  // the audit row first: the database opens a sealed bill only after its reopen is recorded (0027)
  await c.audit({
    action: 'ticket.reopen',
    entity: 'ticket',
    entityId: ticket.id,
    before: { billNumber: ticket.billNumber, closedAt: ticket.closedAt?.toISOString() ?? null, closedBy: ticket.closedBy },
    reason,
  });
  await touchTicket(c, ticket.id, { status: 'open', closedAt: null, closedBy: null, businessDay: null });
  c.emit('kitchen', ticket.id);
}
