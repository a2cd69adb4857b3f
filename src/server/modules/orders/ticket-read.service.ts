import { and, asc, eq, inArray } from 'drizzle-orm';
import { computeTotals } from '../../../shared/bill-math';
import { isUuid } from '../../../shared/ids';
import type { LineOption, LineStatus, TableState, Ticket, TicketLine, TicketSummary, TicketType } from '../../../shared/ticket-contract';
import type { Db } from '../../db/client';
import { diningTables, ticketLines, tickets, users } from '../../db/schema';
import { HttpError } from '../../errors';
import { TICKET_MESSAGES } from './ticket-messages';

type TicketRow = typeof tickets.$inferSelect;
type LineRow = typeof ticketLines.$inferSelect;

/**
 * A table's state from its ticket, most urgent first: the guest asked for the bill; something is
 * ready to serve; something waits in the kitchen; otherwise it is simply open.
 */
export function ticketState(billRequestedAt: Date | null, statuses: readonly LineStatus[]): TableState {
  if (billRequestedAt) return 'bill';
  if (statuses.includes('ready')) return 'ready';
  if (statuses.some((s) => s === 'sent' || s === 'preparing')) return 'waiting';
  return 'open';
}

const billLine = (l: LineRow) => ({
  unitPrice: l.unitPriceKurus,
  quantity: l.quantity,
  status: l.status as LineStatus,
  isComp: l.isComp,
  discount: (l.discount ?? null) as TicketLine['discount'],
  vatRate: l.vatRate,
});

export function presentLine(l: LineRow): TicketLine {
  return {
    id: l.id,
    menuItemId: l.menuItemId,
    name: l.name,
    quantity: l.quantity,
    unitPrice: l.unitPriceKurus,
    options: (l.options as { optionId?: string; groupName?: string; name: string; priceKurus: number }[]).map(
      (o): LineOption => ({ optionId: o.optionId, groupName: o.groupName, name: o.name, price: o.priceKurus }),
    ),
    note: l.note,
    status: l.status as LineStatus,
    station: l.station,
    vatRate: l.vatRate,
    batchId: l.batchId,
    isComp: l.isComp,
    discount: (l.discount ?? null) as TicketLine['discount'],
    total: l.unitPriceKurus * l.quantity,
    addedAt: l.addedAt.toISOString(),
  };
}

async function linesOf(db: Db, ticketIds: string[]) {
  if (ticketIds.length === 0) return new Map<string, LineRow[]>();
  const rows = await db.select().from(ticketLines).where(inArray(ticketLines.ticketId, ticketIds)).orderBy(asc(ticketLines.sortOrder), asc(ticketLines.addedAt));
  const byTicket = new Map<string, LineRow[]>();
  for (const r of rows) byTicket.set(r.ticketId, [...(byTicket.get(r.ticketId) ?? []), r]);
  return byTicket;
}

const waiterNames = async (db: Db, ids: (string | null)[]) => {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map<string, string>();
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
};

/** One ticket as the adisyon screen shows it; 404 for a missing or another restaurant's ticket. */
export async function readTicket(db: Db, restaurantId: string, ticketId: string): Promise<Ticket> {
  if (!isUuid(ticketId)) throw new HttpError(404, TICKET_MESSAGES.ticketNotFound);
  const [row] = await db.select().from(tickets).where(and(eq(tickets.id, ticketId), eq(tickets.restaurantId, restaurantId)));
  if (!row) throw new HttpError(404, TICKET_MESSAGES.ticketNotFound);
  const lines = (await linesOf(db, [row.id])).get(row.id) ?? [];
  const names = await waiterNames(db, [row.waiterId]);
  return presentTicket(row, lines, names);
}

function presentTicket(row: TicketRow, lines: LineRow[], names: Map<string, string>): Ticket {
  const { subtotal, total } = computeTotals(lines.map(billLine));
  return {
    id: row.id,
    number: row.number,
    type: row.type as TicketType,
    tableId: row.tableId,
    tableName: row.tableName,
    status: row.status as Ticket['status'],
    guests: row.guests,
    waiterId: row.waiterId,
    waiterName: row.waiterId ? (names.get(row.waiterId) ?? null) : null,
    customer: row.customerName ? { name: row.customerName, phone: row.customerPhone, address: row.customerAddress } : null,
    openedAt: row.openedAt.toISOString(),
    billRequestedAt: row.billRequestedAt?.toISOString() ?? null,
    state: row.status === 'open' ? ticketState(row.billRequestedAt, lines.map((l) => l.status as LineStatus)) : 'free',
    version: row.version,
    lines: lines.map(presentLine),
    totals: { subtotal, total },
  };
}

/** Every open ticket of the restaurant with its total and state (Açık Masalar and the floor). */
export async function listOpenTickets(db: Db, restaurantId: string): Promise<TicketSummary[]> {
  const rows = await db
    .select({ ticket: tickets, sectionId: diningTables.sectionId })
    .from(tickets)
    .leftJoin(diningTables, eq(diningTables.id, tickets.tableId))
    .where(and(eq(tickets.restaurantId, restaurantId), eq(tickets.status, 'open')))
    .orderBy(asc(tickets.openedAt), asc(tickets.number));
  const lines = await linesOf(db, rows.map((r) => r.ticket.id));
  const names = await waiterNames(db, rows.map((r) => r.ticket.waiterId));
  return rows.map(({ ticket: t, sectionId }) => {
    const { id, number, type, tableId, tableName, waiterId, waiterName, guests, openedAt, state, version, totals } = presentTicket(t, lines.get(t.id) ?? [], names);
    return { id, number, type, tableId, tableName, sectionId: sectionId ?? null, waiterId, waiterName, customerName: t.customerName, guests, total: totals.total, openedAt, state, version };
  });
}
