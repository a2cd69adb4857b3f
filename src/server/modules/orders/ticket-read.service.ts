import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { computeBill, type Bill, type BillInput, type LineBill } from '../../../shared/bill-math';
import { isUuid } from '../../../shared/ids';
import type { Discount, LineOption, LineStatus, Payment, TableState, Ticket, TicketLine, TicketSummary, TicketType } from '../../../shared/ticket-contract';
import type { PaymentMethod } from '../../../shared/domain/payment-methods';
import type { Db } from '../../db/client';
import { diningTables, payments, ticketLines, tickets, users } from '../../db/schema';
import { HttpError } from '../../errors';
import { rowsFromJson } from '../../lib/json-rows';
import { TICKET_MESSAGES } from './ticket-messages';
import { readAll } from '../../lib/read-all';

type TicketRow = typeof tickets.$inferSelect;
type LineRow = typeof ticketLines.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

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

export const billLine = (l: LineRow) => ({
  unitPrice: l.unitPriceKurus,
  quantity: l.quantity,
  status: l.status as LineStatus,
  isComp: l.isComp,
  discount: (l.discount ?? null) as TicketLine['discount'],
  vatRate: l.vatRate,
});

/**
 * The bill of a ticket as stored. `strict` (commands) refuses an over-total discount; reading never
 * fails: a ticket discount a later change left too large counts as much as there is to discount.
 */
export function billOf(row: Pick<TicketRow, 'discount' | 'serviceChargePercent'>, lines: readonly LineRow[], paid: readonly PaymentRow[] = [], strict = true): Bill {
  const input: BillInput = {
    lines: lines.map(billLine),
    discount: (row.discount ?? null) as Discount | null,
    serviceChargePercent: row.serviceChargePercent,
    payments: paid.map((p) => ({ amount: p.amountKurus, tip: p.tipKurus, change: p.changeKurus })),
  };
  if (strict) return computeBill(input);
  try {
    return computeBill(input);
  } catch {
    const atMost = computeBill({ ...input, discount: null });
    const d = input.discount;
    const capped = d && d.type === 'amount' ? { ...d, value: Math.min(d.value, atMost.total - atMost.serviceCharge) } : d;
    return computeBill({ ...input, discount: capped && capped.value > 0 ? capped : null });
  }
}

export function presentPayment(p: PaymentRow, lines: readonly LineRow[], names: Map<string, string>): Payment {
  return {
    id: p.id,
    method: p.method as PaymentMethod,
    brand: p.brand,
    amount: p.amountKurus,
    tip: p.tipKurus,
    change: p.changeKurus,
    customerName: p.customerName,
    lineIds: lines.filter((l) => l.paymentId === p.id).map((l) => l.id),
    takenBy: p.takenBy,
    takenByName: p.takenBy ? (names.get(p.takenBy) ?? null) : null,
    createdAt: p.createdAt.toISOString(),
  };
}

export function presentLine(l: LineRow, bill?: LineBill): TicketLine {
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
    due: bill?.due ?? 0,
    compReason: l.compReason,
    cancelReason: l.cancelReason,
    paymentId: l.paymentId,
    course: l.course,
    isHeld: l.isHeld,
    firedAt: l.firedAt ? l.firedAt.toISOString() : null,
  };
}

/** The one order of a ticket's lines (the bill spreads discounts in it, so it must be the same everywhere). */
export const LINE_ORDER = [asc(ticketLines.sortOrder), asc(ticketLines.addedAt), asc(ticketLines.id)] as const;
const PAYMENT_ORDER = [asc(payments.createdAt), asc(payments.id)] as const;

async function linesOf(db: Db, ticketIds: string[]) {
  if (ticketIds.length === 0) return new Map<string, LineRow[]>();
  const rows = await db.select().from(ticketLines).where(inArray(ticketLines.ticketId, ticketIds)).orderBy(...LINE_ORDER);
  const byTicket = new Map<string, LineRow[]>();
  for (const r of rows) byTicket.set(r.ticketId, [...(byTicket.get(r.ticketId) ?? []), r]);
  return byTicket;
}

async function paymentsOf(db: Db, ticketIds: string[]) {
  const byTicket = new Map<string, PaymentRow[]>();
  if (ticketIds.length === 0) return byTicket;
  const rows = await db.select().from(payments).where(inArray(payments.ticketId, ticketIds)).orderBy(...PAYMENT_ORDER);
  for (const r of rows) byTicket.set(r.ticketId, [...(byTicket.get(r.ticketId) ?? []), r]);
  return byTicket;
}

export const staffNames = async (db: Db, ids: (string | null)[]) => {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map<string, string>();
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
};

/**
 * The outer statement's ticket, spelled with its table: Drizzle leaves a column unqualified in a
 * statement on one table, and inside a subquery on ticket_lines a bare "id" would be the line's.
 */
const outerTicket = (column: PgColumn) => sql`${sql.identifier('tickets')}.${sql.identifier(column.name)}`;

/** The rows of `table` that belong to the selected ticket, in `order`, as one JSON array. */
const rowsOfTicket = (table: PgTable & { ticketId: PgColumn }, order: readonly SQL[]) =>
  sql<unknown>`(select coalesce(json_agg(${table} order by ${sql.join([...order], sql`, `)}), '[]'::json) from ${table} where ${table.ticketId} = ${outerTicket(tickets.id)})`;

/**
 * What a statement that reads a ticket row adds to show it: its waiter's name, lines and payments
 * (each a JSON array), so the whole ticket is one statement instead of a round trip per table.
 */
export const ticketContents = () => ({
  waiterName: sql<string | null>`(select u.name from ${users} u where u.id = ${outerTicket(tickets.waiterId)})`,
  lines: rowsOfTicket(ticketLines, LINE_ORDER),
  payments: rowsOfTicket(payments, PAYMENT_ORDER),
});
export type TicketContents = { waiterName: string | null; lines: unknown; payments: unknown };

/** The lines and payments of ticketContents as the rows Drizzle would have read. */
export const contentRows = (contents: TicketContents) => ({
  lines: rowsFromJson(ticketLines, contents.lines),
  payments: rowsFromJson(payments, contents.payments),
});

/**
 * The ticket as the adisyon screen shows it, from rows in hand: what one statement read
 * (ticketContents), changed by the command that read them where it changed them.
 */
export async function presentTicketRows(db: Db, row: TicketRow, waiterName: string | null, lines: LineRow[], rowPayments: PaymentRow[]): Promise<Ticket> {
  const names = new Map<string, string>(row.waiterId && waiterName !== null ? [[row.waiterId, waiterName]] : []);
  // names of whoever took a payment, when it was not the ticket's waiter (usually none to look up)
  const takers = rowPayments.map((p) => p.takenBy).filter((id): id is string => id !== null && !names.has(id));
  if (takers.length > 0) for (const [id, name] of await staffNames(db, takers)) names.set(id, name);
  return presentTicket(row, lines, names, rowPayments);
}

/**
 * One ticket as the adisyon screen shows it; 404 for a missing or another restaurant's ticket.
 * Every write on a ticket answers with this read (or, on the hot path, with the same built from
 * the command's own rows: presentTicketRows).
 */
export async function readTicket(db: Db, restaurantId: string, ticketId: string): Promise<Ticket> {
  if (!isUuid(ticketId)) throw new HttpError(404, TICKET_MESSAGES.ticketNotFound);
  const [found] = await db
    .select({ row: tickets, ...ticketContents() })
    .from(tickets)
    .where(and(eq(tickets.id, ticketId), eq(tickets.restaurantId, restaurantId)));
  if (!found) throw new HttpError(404, TICKET_MESSAGES.ticketNotFound);
  const { lines, payments: paid } = contentRows(found);
  return presentTicketRows(db, found.row, found.waiterName, lines, paid);
}

/** Tickets as the adisyon screen shows them, with their lines, payments and full bill. */
export async function presentTickets(db: Db, rows: TicketRow[]): Promise<Ticket[]> {
  const ids = rows.map((r) => r.id);
  const [lines, paid] = await readAll(db, [() => linesOf(db, ids), () => paymentsOf(db, ids)]);
  const names = await staffNames(db, [...rows.map((r) => r.waiterId), ...[...paid.values()].flat().map((p) => p.takenBy)]);
  return rows.map((row) => presentTicket(row, lines.get(row.id) ?? [], names, paid.get(row.id) ?? []));
}

function presentTicket(row: TicketRow, lines: LineRow[], names: Map<string, string>, paid: PaymentRow[] = []): Ticket {
  const bill = billOf(row, lines, paid, false);
  const { lines: lineBills, ...totals } = bill;
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
    lines: lines.map((l, i) => presentLine(l, lineBills[i])),
    totals: { ...totals, serviceChargePercent: row.serviceChargePercent },
    discount: (row.discount ?? null) as Discount | null,
    payments: paid.map((p) => presentPayment(p, lines, names)),
    billNumber: row.billNumber,
    closedAt: row.closedAt?.toISOString() ?? null,
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
  // payments too: what remains tells a paid (reopened) bill from an unpaid one
  const [lines, paid] = await readAll(db, [() => linesOf(db, rows.map((r) => r.ticket.id)), () => paymentsOf(db, rows.map((r) => r.ticket.id))]);
  const names = await staffNames(db, rows.map((r) => r.ticket.waiterId));
  return rows.map(({ ticket: t, sectionId }) => {
    const { id, number, type, tableId, tableName, waiterId, waiterName, guests, openedAt, state, version, totals } = presentTicket(t, lines.get(t.id) ?? [], names, paid.get(t.id) ?? []);
    return { id, number, type, tableId, tableName, sectionId: sectionId ?? null, waiterId, waiterName, customerName: t.customerName, guests, total: totals.total, remaining: totals.remaining, openedAt, state, version };
  });
}
