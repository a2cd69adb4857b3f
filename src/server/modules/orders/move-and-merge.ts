import { and, eq } from 'drizzle-orm';
import { splitLine } from '../../../shared/bill-math';
import type { Discount, LineStatus, MoveLinesRequest } from '../../../shared/ticket-contract';
import { diningTables, kitchenBatches, payments, ticketLines, tickets } from '../../db/schema';
import { HttpError } from '../../errors';
import type { CommandContext } from '../../lib/command';
import { assertBillHolds, lockOpenTicket, openTicket, openTicketOn, touchTicket } from './ticket-commands';
import { TICKET_MESSAGES } from './ticket-messages';

/*
 * Moving and merging move lines, never copy or re-send them: a line keeps its id, batch, status and
 * price snapshot, so the kitchen sees the same line under its new table (kitchen cards group lines
 * by their batch and current ticket).
 */

/** Masa Taşı: the whole ticket to a free table. */
export async function moveTicket(c: CommandContext, ticketId: string, version: number, tableId: string) {
  const ticket = await lockOpenTicket(c, ticketId, version);
  if (ticket.tableId === tableId) throw new HttpError(409, TICKET_MESSAGES.sameTable);
  const table = await c.lockOwned(diningTables, tableId, TICKET_MESSAGES.tableNotFound);
  const taken = await openTicketOn(c, table.id);
  if (taken) throw new HttpError(409, TICKET_MESSAGES.targetOccupied, { ticketId: taken.id });
  await touchTicket(c, ticket.id, { type: 'table', tableId: table.id, tableName: table.name });
  await c.audit({ action: 'ticket.move', entity: 'ticket', entityId: ticket.id, before: { table: ticket.tableName }, after: { table: table.name } });
  // the kitchen shows the new table name on this ticket's cards
  c.emit('kitchen', ticket.id);
}

/**
 * Selected lines (or part of a line's quantity) to another table's ticket, opened there when the
 * table is free. Part of a quantity splits the line: the moved part is a new line with the same
 * snapshot, batch and status. Moving every line is refused: that is Masa Taşı or Masa Birleştir.
 */
export async function moveLines(c: CommandContext, ticketId: string, req: MoveLinesRequest): Promise<string> {
  const source = await lockOpenTicket(c, ticketId, req.version);
  if (source.tableId === req.tableId) throw new HttpError(409, TICKET_MESSAGES.sameTable);
  const lineIds = req.lines.map((l) => l.lineId);
  if (new Set(lineIds).size !== lineIds.length) throw new HttpError(400, TICKET_MESSAGES.moveDuplicateLine);

  const own = await c.tx.select().from(ticketLines).where(eq(ticketLines.ticketId, source.id)).for('update');
  const wanted = req.lines.map((w) => {
    const line = own.find((l) => l.id === w.lineId);
    if (!line) throw new HttpError(404, TICKET_MESSAGES.lineNotFound);
    if (line.status === 'cancelled') throw new HttpError(409, TICKET_MESSAGES.moveCancelled);
    if (line.paymentId) throw new HttpError(409, TICKET_MESSAGES.movePaid);
    if (w.quantity > line.quantity) throw new HttpError(409, TICKET_MESSAGES.moveTooMany(line.name, line.quantity));
    return { line, quantity: w.quantity };
  });
  const remaining = own.filter((l) => l.status !== 'cancelled').reduce((n, l) => n + l.quantity, 0);
  if (wanted.reduce((n, w) => n + w.quantity, 0) >= remaining) throw new HttpError(409, TICKET_MESSAGES.moveAll);

  const table = await c.lockOwned(diningTables, req.tableId, TICKET_MESSAGES.tableNotFound);
  const existing = await openTicketOn(c, table.id);
  const targetId = existing?.id ?? (await openTicket(c, { type: 'table', tableId: table.id }));
  let sortOrder = await c.nextSortOrder(ticketLines, eq(ticketLines.ticketId, targetId));
  for (const { line, quantity } of wanted) {
    if (quantity === line.quantity) {
      await c.tx.update(ticketLines).set({ ticketId: targetId, sortOrder: sortOrder++ }).where(eq(ticketLines.id, line.id));
    } else {
      // an amount discount is shared between the two parts, never given to both
      const [kept, part] = splitLine(
        { unitPrice: line.unitPriceKurus, quantity: line.quantity, status: line.status as LineStatus, isComp: line.isComp, discount: (line.discount ?? null) as Discount | null, vatRate: line.vatRate },
        quantity,
      );
      const { id: _id, ...copy } = line;
      await c.tx.update(ticketLines).set({ quantity: kept.quantity, discount: kept.discount }).where(eq(ticketLines.id, line.id));
      await c.tx.insert(ticketLines).values({ ...copy, ticketId: targetId, quantity: part.quantity, discount: part.discount, sortOrder: sortOrder++ });
    }
  }
  await touchTicket(c, source.id);
  if (existing) await touchTicket(c, targetId);
  // lines already paid stay where they were paid, and what is left must still cover discounts and payments;
  // the target's bill must hold too (a line's discount can never exceed the part that moved)
  await assertBillHolds(c, source.id);
  await assertBillHolds(c, targetId);
  await c.audit({
    action: 'ticket.lines.move',
    entity: 'ticket',
    entityId: source.id,
    after: { toTicketId: targetId, toTable: table.name, lines: wanted.map((w) => ({ lineId: w.line.id, name: w.line.name, quantity: w.quantity })) },
  });
  c.emit('kitchen', source.id);
  c.emit('kitchen', targetId);
  return targetId;
}

/**
 * Masa Birleştir: every line, batch and payment of `fromTicketId` joins this ticket; the emptied
 * ticket is removed (its history stays in the audit log). Guests add up. Refused while the other
 * ticket has an İndirim of its own, when the joined bill would be less than what was paid, and when
 * the other ticket has a bill number (a reopened bill): a bill is never removed, so its number is
 * never handed out again and Kapalı Hesaplar keeps what the audit log names. The other way round —
 * another ticket merged into the reopened bill — is allowed.
 */
export async function mergeTickets(c: CommandContext, ticketId: string, version: number, fromTicketId: string) {
  if (ticketId === fromTicketId) throw new HttpError(409, TICKET_MESSAGES.mergeSelf);
  const into = await lockOpenTicket(c, ticketId, version);
  const from = await lockOpenTicket(c, fromTicketId, undefined);
  if (from.billNumber !== null) throw new HttpError(409, TICKET_MESSAGES.mergeBilled);
  // the emptied ticket is deleted: its İndirim would silently vanish and its guests owe more
  if (from.discount) throw new HttpError(409, TICKET_MESSAGES.mergeDiscount);
  let sortOrder = await c.nextSortOrder(ticketLines, eq(ticketLines.ticketId, into.id));
  const moving = await c.tx.select({ id: ticketLines.id }).from(ticketLines).where(eq(ticketLines.ticketId, from.id)).orderBy(ticketLines.sortOrder).for('update');
  for (const line of moving) await c.tx.update(ticketLines).set({ ticketId: into.id, sortOrder: sortOrder++ }).where(eq(ticketLines.id, line.id));
  await c.tx.update(kitchenBatches).set({ ticketId: into.id }).where(eq(kitchenBatches.ticketId, from.id));
  await c.tx.update(payments).set({ ticketId: into.id }).where(eq(payments.ticketId, from.id));
  await c.tx.delete(tickets).where(and(eq(tickets.id, from.id), eq(tickets.restaurantId, c.restaurantId)));
  const guests = into.guests === null && from.guests === null ? null : (into.guests ?? 0) + (from.guests ?? 0);
  await touchTicket(c, into.id, { guests });
  // this ticket's percent İndirim now covers the joined lines too: what was paid must still fit
  await assertBillHolds(c, into.id);
  await c.audit({
    action: 'ticket.merge',
    entity: 'ticket',
    entityId: into.id,
    before: { from: { id: from.id, number: from.number, table: from.tableName } },
    after: { lineIds: moving.map((l) => l.id) },
  });
  c.emit('tickets', from.id);
  c.emit('kitchen', into.id);
}

