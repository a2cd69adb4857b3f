import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { BillMathError, boundsProblem, type Bill } from '../../../shared/bill-math';
import { openTicketRequest, type AddLinesRequest, type OpenTicketRequest, type UpdateLineRequest, type UpdateTicketRequest } from '../../../shared/ticket-contract';
import { diningTables, kitchenBatches, payments, ticketLines, tickets } from '../../db/schema';
import { isUuid } from '../../../shared/ids';
import { HttpError } from '../../errors';
import type { CommandContext } from '../../lib/command';
import { preparedPerConnection } from '../../lib/prepared';
import { getRestaurantSettings } from '../settings';
import { knownCourse, knownCourses } from './course-names';
import { priceLines } from './price-lines';
import { LINE_ORDER, billOf, contentRows, presentTicketRows, ticketContents, type TicketContents } from './ticket-read.service';
import { TICKET_MESSAGES } from './ticket-messages';

export type TicketRow = typeof tickets.$inferSelect;
export type LineRow = typeof ticketLines.$inferSelect;

/**
 * Locks an open ticket of this restaurant and checks the version the screen read: every ticket
 * write starts here, so a stale screen gets 409 and never overwrites someone else's change.
 */
export async function lockOpenTicket(c: CommandContext, ticketId: string, version: number | undefined): Promise<TicketRow> {
  const ticket = await c.lockOwned(tickets, ticketId, TICKET_MESSAGES.ticketNotFound);
  if (ticket.status !== 'open') throw new HttpError(409, TICKET_MESSAGES.ticketClosed);
  c.assertVersion(ticket, version);
  return ticket;
}

/**
 * lockOpenTicket and touchTicket in one statement, for the commands that always change the ticket
 * (the waiter's hot path: add, change, delete, send, pay): the UPDATE takes the row lock, the
 * version check reads the version it replaced. A refusal throws, and the rollback undoes the bump.
 * Answers the row as it was before the bump, as lockOpenTicket does.
 */
export async function lockOpenTicketForChange(c: CommandContext, ticketId: string, version: number | undefined): Promise<TicketRow> {
  return (await bumpOpenTicket(c, ticketId, version, false)).ticket;
}

/**
 * lockOpenTicketForChange that also reads, in the same statement, what the answer shows (the
 * lines, payments and waiter's name as they were before the command): a command that knows what
 * it changed answers from these rows (contentRows, presentTicketRows) instead of reading the ticket again.
 * `bumped` is the row as the command leaves it (its new version).
 */
export async function lockOpenTicketWithContents(c: CommandContext, ticketId: string, version: number | undefined) {
  const locked = await bumpOpenTicket(c, ticketId, version, true);
  return { ...locked, contents: locked.contents! };
}

/** The ticket's version raised (its row locked), answering the row, and what the answer shows if asked. */
const bumpTicketStatement = (name: string, withContents: boolean) =>
  preparedPerConnection(name, (tx, statementName) =>
    tx
      .update(tickets)
      .set({ version: sql`${tickets.version} + 1` })
      .where(and(eq(tickets.id, sql.placeholder('ticketId')), eq(tickets.restaurantId, sql.placeholder('restaurantId'))))
      .returning({ ...getTableColumns(tickets), ...(withContents ? ticketContents() : {}) })
      .prepare(statementName),
  );
const bumpTicket = bumpTicketStatement('bump_ticket', false);
const bumpTicketWithContents = bumpTicketStatement('bump_ticket_with_contents', true);

async function bumpOpenTicket(c: CommandContext, ticketId: string, version: number | undefined, withContents: boolean) {
  if (!isUuid(ticketId)) throw new HttpError(404, TICKET_MESSAGES.ticketNotFound);
  const [found] = await (withContents ? bumpTicketWithContents : bumpTicket)(c.tx, { ticketId, restaurantId: c.restaurantId });
  const { ticket, bumped, contents } = checkBumpedTicket(c, found as BumpedTicket | undefined, version);
  return { ticket, bumped, contents: withContents ? contents : undefined };
}

/** A ticket row as a statement that raised its version answered it (the bump, or Mutfağa Gönder's one statement). */
export type BumpedTicket = TicketRow & Partial<TicketContents>;

/**
 * The checks every ticket write makes on the row its statement bumped: 404 when there was none (a
 * malformed id, another restaurant's ticket), 409 when it is closed or the screen's version is
 * stale — the caller's transaction then rolls back the bump. Answers the row as it was before the
 * bump (`ticket`), as the bump left it (`bumped`) and what the answer shows, when it was read.
 */
export function checkBumpedTicket(c: CommandContext, found: BumpedTicket | undefined, version: number | undefined) {
  if (!found) throw new HttpError(404, TICKET_MESSAGES.ticketNotFound);
  const { waiterName, lines, payments: paid, ...bumped } = found;
  const ticket = { ...bumped, version: bumped.version - 1 };
  if (ticket.status !== 'open') throw new HttpError(409, TICKET_MESSAGES.ticketClosed);
  c.assertVersion(ticket, version);
  c.emit('tickets', ticket.id);
  return { ticket, bumped: bumped as TicketRow, contents: { waiterName: waiterName ?? null, lines, payments: paid } as TicketContents };
}

/** Marks the ticket changed: a new version, and every screen showing it refreshes after commit. */
export async function touchTicket(c: CommandContext, ticketId: string, set: Partial<TicketRow> = {}) {
  await c.tx
    .update(tickets)
    .set({ ...set, version: sql`${tickets.version} + 1` })
    .where(eq(tickets.id, ticketId));
  c.emit('tickets', ticketId);
}

/** The open ticket on a table, if any (locked). */
export async function openTicketOn(c: CommandContext, tableId: string): Promise<TicketRow | undefined> {
  const [row] = await c.tx
    .select()
    .from(tickets)
    .where(and(eq(tickets.tableId, tableId), eq(tickets.status, 'open'), eq(tickets.restaurantId, c.restaurantId)))
    .for('update');
  return row;
}

/** A table that is free: 404 for another restaurant's, 409 naming the ticket when it is taken. */
export async function lockFreeTable(c: CommandContext, tableId: string) {
  const table = await c.lockOwned(diningTables, tableId, TICKET_MESSAGES.tableNotFound);
  const open = await openTicketOn(c, table.id);
  if (open) throw new HttpError(409, TICKET_MESSAGES.tableOccupied, { ticketId: open.id });
  return table;
}

/**
 * The ticket's bill as it now stands in this transaction, checked: a discount larger than what is
 * left (`mathStatus`, 409 unless told), lines past the bounds of BILL_BOUNDS (a merge or a move
 * making one ticket too large; 409), or less left to pay than was already paid (409), refuses the
 * change and rolls it back. Answers the bill and the lines in bill order.
 */
export async function assertBillHolds(c: CommandContext, ticketId: string, mathStatus: 400 | 409 = 409): Promise<{ bill: Bill; lines: LineRow[] }> {
  const [row] = await c.tx.select().from(tickets).where(eq(tickets.id, ticketId));
  const lines = await c.tx.select().from(ticketLines).where(eq(ticketLines.ticketId, ticketId)).orderBy(...LINE_ORDER);
  const paid = await c.tx.select().from(payments).where(eq(payments.ticketId, ticketId));
  return { bill: checkedBill(row, lines, paid, mathStatus), lines };
}

/** assertBillHolds' checks on rows in hand (read in this transaction, e.g. with the ticket's lock). */
export function checkedBill(row: TicketRow, lines: LineRow[], paid: (typeof payments.$inferSelect)[], mathStatus: 400 | 409 = 409): Bill {
  const tooMuch = boundsProblem(lines.map((l) => ({ unitPrice: l.unitPriceKurus, quantity: l.quantity })));
  if (tooMuch) throw new HttpError(409, tooMuch);
  let bill: Bill;
  try {
    bill = billOf(row, lines, paid);
  } catch (err) {
    if (err instanceof BillMathError) throw new HttpError(mathStatus, err.message);
    throw err;
  }
  if (bill.paid > bill.total) throw new HttpError(409, TICKET_MESSAGES.belowPaid);
  return bill;
}

async function nextTicketNumber(c: CommandContext) {
  const [row] = await c.tx
    .select({ next: sql<number>`coalesce(max(${tickets.number}) + 1, 1)::int` })
    .from(tickets)
    .where(eq(tickets.restaurantId, c.restaurantId));
  return Number(row.next);
}

/**
 * Opens a ticket for the signed-in waiter: on a free table, or a Gel-Al / Paket Servis order. An
 * order nobody on the floor took (online, phone) is opened with `waiterId` null: it is nobody's
 * sale in the waiter report, and the kitchen card names no Garson.
 */
export async function openTicket(c: CommandContext, request: OpenTicketRequest, at?: Date, waiterId: string | null = c.actor.userId): Promise<string> {
  // Callers inside the server (the demo seed, Satırları Taşı) skip the route's validation; the
  // customer's rules (a delivery's phone and address, the phone's one stored form) hold for them too.
  const checked = openTicketRequest.safeParse(request);
  if (!checked.success) throw new HttpError(400, checked.error.issues[0].message);
  const req = checked.data;
  const table = req.type === 'table' ? await lockFreeTable(c, req.tableId) : null;
  // the service charge is the table's: Gel-Al and Paket Servis have none
  const serviceChargePercent = req.type === 'table' ? (await getRestaurantSettings(c.tx, c.restaurantId)).value.serviceChargePercent : 0;
  const [row] = await c.tx
    .insert(tickets)
    .values({
      restaurantId: c.restaurantId,
      number: await nextTicketNumber(c),
      type: req.type,
      tableId: table?.id ?? null,
      tableName: table?.name ?? null,
      guests: req.type === 'table' ? (req.guests ?? null) : null,
      serviceChargePercent,
      waiterId,
      customerName: req.type === 'table' ? null : req.customer.name,
      customerPhone: req.type === 'table' ? null : (req.customer.phone ?? null),
      customerAddress: req.type === 'table' ? null : req.customer.address || null,
      ...(at ? { openedAt: at } : {}),
    })
    .returning();
  await c.audit({ action: 'ticket.open', entity: 'ticket', entityId: row.id, after: { number: row.number, type: row.type, table: row.tableName } });
  c.emit('tickets', row.id);
  return row.id;
}

/**
 * A ticket nothing was ever added to (a table tapped by mistake, or left before ordering) is
 * discarded, so the table is free again instead of showing "Dolu" at 0,00 TL all evening. Only an
 * empty one: a line of any status, a kitchen batch or a payment keeps it (409), and so does a bill
 * number (a closed bill reopened and emptied): its number was handed out and must keep its bill.
 */
export async function discardEmptyTicket(c: CommandContext, ticketId: string, version: number) {
  const ticket = await lockOpenTicket(c, ticketId, version);
  if (ticket.billNumber !== null) throw new HttpError(409, TICKET_MESSAGES.discardBilled);
  const [{ used }] = await c.tx
    .select({
      used: sql<boolean>`exists (select 1 from ${ticketLines} where ${ticketLines.ticketId} = ${ticket.id})
        or exists (select 1 from ${kitchenBatches} where ${kitchenBatches.ticketId} = ${ticket.id})
        or exists (select 1 from ${payments} where ${payments.ticketId} = ${ticket.id})`,
    })
    .from(tickets)
    .where(eq(tickets.id, ticket.id));
  if (used) throw new HttpError(409, TICKET_MESSAGES.notEmpty);
  await c.tx.delete(tickets).where(eq(tickets.id, ticket.id));
  await c.audit({ action: 'ticket.discard', entity: 'ticket', entityId: ticket.id, before: { number: ticket.number, type: ticket.type, table: ticket.tableName } });
  c.emit('tickets', ticket.id);
}

/** Guests and Hesap İste / geri al. */
export async function updateTicket(c: CommandContext, ticketId: string, req: UpdateTicketRequest) {
  const ticket = await lockOpenTicket(c, ticketId, req.version);
  const set: Partial<TicketRow> = {};
  if (req.guests !== undefined) set.guests = req.guests;
  if (req.billRequested !== undefined) set.billRequestedAt = req.billRequested ? (ticket.billRequestedAt ?? new Date()) : null;
  await touchTicket(c, ticket.id, set);
  await c.audit({
    action: 'ticket.update',
    entity: 'ticket',
    entityId: ticket.id,
    before: { guests: ticket.guests, billRequested: ticket.billRequestedAt !== null },
    after: { guests: set.guests ?? ticket.guests, billRequested: req.billRequested ?? ticket.billRequestedAt !== null },
  });
}

/**
 * New lines, priced now and pending until Mutfağa Gönder. Answers the ticket as the command leaves
 * it, built from the rows the command read and wrote (the ticket's lines and payments come with
 * its lock): the bill check and the answer need no read of their own.
 */
export async function addLines(c: CommandContext, ticketId: string, req: AddLinesRequest) {
  const { ticket, bumped, contents } = await lockOpenTicketWithContents(c, ticketId, req.version);
  const { lines: earlier, payments: paid } = contentRows(contents);
  const priced = await priceLines(c, req.lines);
  // each line's course as Ayarlar spells it (400 for one the restaurant does not have)
  const named = await knownCourses(c, req.lines.flatMap((l) => (l.course ? [l.course] : [])));
  const courses = req.lines.map((l) => (l.course ? named.shift()! : null));
  // after every line the ticket has had (the restaurant's and the ticket's locks keep it so)
  let sortOrder = earlier.reduce((next, l) => Math.max(next, l.sortOrder + 1), 0);
  const inserted = await c.tx
    .insert(ticketLines)
    .values(priced.map((p, i) => ({ ...p, course: courses[i], restaurantId: c.restaurantId, ticketId: ticket.id, sortOrder: sortOrder++, addedBy: c.actor.userId })))
    .returning();
  // each line was checked when priced; together they must still fit one ticket (bill order: the new ones last)
  const lines = [...earlier, ...inserted.sort((a, b) => a.sortOrder - b.sortOrder)];
  checkedBill(bumped, lines, paid);
  await c.audit({
    action: 'ticket.lines.add',
    entity: 'ticket',
    entityId: ticket.id,
    after: priced.map((p, i) => ({ lineId: inserted[i].id, name: p.name, quantity: p.quantity, unitPrice: p.unitPriceKurus, ...(courses[i] ? { course: courses[i] } : {}) })),
  });
  return presentTicketRows(c.tx, bumped, contents.waiterName, lines, paid);
}

/** A pending line of this ticket, locked; a sent line is the kitchen's and is cancelled instead. */
async function lockPendingLine(c: CommandContext, ticketId: string, lineId: string) {
  const line = await c.lockOwned(ticketLines, lineId, TICKET_MESSAGES.lineNotFound);
  if (line.ticketId !== ticketId) throw new HttpError(404, TICKET_MESSAGES.lineNotFound);
  if (line.status !== 'pending') throw new HttpError(409, TICKET_MESSAGES.lineAlreadySent);
  return line;
}

/** A line paid by choosing it keeps what was paid for: its quantity stays and it is not deleted. */
function refusePaid(line: LineRow) {
  if (line.paymentId) throw new HttpError(409, TICKET_MESSAGES.linePaid);
}

export async function updateLine(c: CommandContext, ticketId: string, lineId: string, req: UpdateLineRequest) {
  const ticket = await lockOpenTicketForChange(c, ticketId, req.version);
  const line = await lockPendingLine(c, ticket.id, lineId);
  if (req.quantity !== undefined && req.quantity !== line.quantity) refusePaid(line);
  // checked before the write: a quantity × unit past the line bound must not reach the database
  const tooMuch = req.quantity !== undefined ? boundsProblem([{ unitPrice: line.unitPriceKurus, quantity: req.quantity }]) : null;
  if (tooMuch) throw new HttpError(400, tooMuch);
  const course = req.course === undefined ? undefined : req.course === null ? null : await knownCourse(c, req.course);
  const set = {
    ...(req.quantity !== undefined ? { quantity: req.quantity } : {}),
    ...(req.note !== undefined ? { note: req.note ? req.note : null } : {}),
    ...(course !== undefined ? { course } : {}),
  };
  if (Object.keys(set).length > 0) await c.tx.update(ticketLines).set(set).where(eq(ticketLines.id, line.id));
  await assertBillHolds(c, ticket.id);
  await c.audit({ action: 'ticket.line.update', entity: 'ticket_line', entityId: line.id, before: { quantity: line.quantity, note: line.note, course: line.course }, after: set });
}

export async function deleteLine(c: CommandContext, ticketId: string, lineId: string, version: number | undefined) {
  const ticket = await lockOpenTicketForChange(c, ticketId, version);
  const line = await lockPendingLine(c, ticket.id, lineId);
  refusePaid(line);
  await c.tx.delete(ticketLines).where(eq(ticketLines.id, line.id));
  await assertBillHolds(c, ticket.id);
  await c.audit({ action: 'ticket.line.delete', entity: 'ticket_line', entityId: line.id, before: { name: line.name, quantity: line.quantity } });
}
