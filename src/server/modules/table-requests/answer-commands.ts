import { and, eq } from 'drizzle-orm';
import type { TableRequestKind, TableRequestLineInfo } from '../../../shared/table-requests-contract';
import { diningTables, tableRequests, ticketLines } from '../../db/schema';
import { HttpError } from '../../errors';
import type { CommandContext } from '../../lib/command';
import { addLines, openTicket, openTicketOn, sendToKitchen, touchTicket } from '../orders';
import { TABLE_REQUEST_MESSAGES } from './table-request-messages';

export type TableRequestRow = typeof tableRequests.$inferSelect;

/** A request still waiting at `now`: pending and not past its expiry. */
export const isWaiting = (row: Pick<TableRequestRow, 'status' | 'expiresAt'>, now: Date) => row.status === 'pending' && row.expiresAt > now;

/** One of this restaurant's requests of these kinds, locked, that still waits for an answer (409 otherwise). */
async function lockWaiting(c: CommandContext, requestId: string, kinds: readonly TableRequestKind[], now: Date): Promise<TableRequestRow> {
  const row = await c.lockOwned(tableRequests, requestId, TABLE_REQUEST_MESSAGES.requestNotFound);
  if (!kinds.includes(row.kind as TableRequestKind)) throw new HttpError(409, row.kind === 'order' ? TABLE_REQUEST_MESSAGES.notACall : TABLE_REQUEST_MESSAGES.notAnOrder);
  if (row.status === 'accepted') throw new HttpError(409, row.kind === 'order' ? TABLE_REQUEST_MESSAGES.alreadyAccepted : TABLE_REQUEST_MESSAGES.alreadyAnswered);
  if (row.status === 'rejected') throw new HttpError(409, TABLE_REQUEST_MESSAGES.alreadyRejected);
  if (!isWaiting(row, now)) throw new HttpError(409, TABLE_REQUEST_MESSAGES.expired);
  return row;
}

/** Onayla: the order's lines go to the table's adisyon as a new round, and to the kitchen. */
export async function acceptTableRequest(c: CommandContext, requestId: string, now = new Date()): Promise<{ ticketId: string }> {
  const row = await lockWaiting(c, requestId, ['order'], now);
  const accepted = await addRoundToTable(c, row, now);
  if (!accepted) throw new HttpError(409, TABLE_REQUEST_MESSAGES.unsentLines);
  return accepted;
}

/**
 * Straight to the kitchen (Ayarlar): the guest's order is accepted as it arrives, by nobody. When
 * the table's adisyon holds lines a waiter has not sent yet, sending would take them along; the
 * order then waits for a waiter's Onayla like any other. Answers whether it was accepted.
 */
export async function acceptOnArrival(c: CommandContext, row: TableRequestRow, now: Date): Promise<boolean> {
  return (await addRoundToTable(c, row, now)) !== null;
}

/**
 * The round: the table's open adisyon (opened now, by whoever accepts, when the table is free), the
 * request's lines added — priced again from the menu now, so a dish sold out since is refused with
 * its name — and sent to the kitchen as one batch. Only this table's adisyon, of this restaurant:
 * the request's own table, locked. Null (nothing written) when the adisyon has unsent lines.
 */
async function addRoundToTable(c: CommandContext, row: TableRequestRow, now: Date): Promise<{ ticketId: string } | null> {
  if (!row.tableId) throw new HttpError(409, TABLE_REQUEST_MESSAGES.tableGone);
  const table = await c.lockOwned(diningTables, row.tableId, TABLE_REQUEST_MESSAGES.tableGone);
  const open = await openTicketOn(c, table.id);
  if (open) {
    const [unsent] = await c.tx
      .select({ id: ticketLines.id })
      .from(ticketLines)
      .where(and(eq(ticketLines.ticketId, open.id), eq(ticketLines.status, 'pending')))
      .limit(1);
    if (unsent) return null;
  }
  const ticketId = open?.id ?? (await openTicket(c, { type: 'table', tableId: table.id }));
  const lines = (row.lines as TableRequestLineInfo[]).map((l) => ({
    menuItemId: l.menuItemId,
    quantity: l.quantity,
    optionIds: l.options.map((o) => o.optionId),
    ...(l.note ? { note: l.note } : {}),
  }));
  const added = await addLines(c, ticketId, { version: open?.version ?? 1, lines });
  const batch = await sendToKitchen(c, ticketId, added.version);
  await c.tx
    .update(tableRequests)
    .set({ status: 'accepted', ticketId, batchId: batch.id, answeredAt: now, answeredBy: c.actor.userId })
    .where(eq(tableRequests.id, row.id));
  await c.audit({
    action: 'table.request.accept',
    entity: 'table_request',
    entityId: row.id,
    before: { status: 'pending' },
    after: { status: 'accepted', ticketId, batchId: batch.id, table: row.tableName },
  });
  c.emit('table-requests', row.id);
  return { ticketId };
}

/** Reddet: the guest's page shows the reason. */
export async function rejectTableRequest(c: CommandContext, requestId: string, reason: string, now = new Date()): Promise<void> {
  const row = await lockWaiting(c, requestId, ['order'], now);
  await c.tx.update(tableRequests).set({ status: 'rejected', reason, answeredAt: now, answeredBy: c.actor.userId }).where(eq(tableRequests.id, row.id));
  await c.audit({ action: 'table.request.reject', entity: 'table_request', entityId: row.id, before: { status: 'pending' }, after: { status: 'rejected', table: row.tableName }, reason });
  c.emit('table-requests', row.id);
}

/**
 * Gördüm: someone answers a waiter call or a bill request; the list shows who. A bill request also
 * marks the table's open adisyon "Hesap istendi" on the floor, as the waiter's own Hesap İste does.
 */
export async function acknowledgeTableCall(c: CommandContext, requestId: string, now = new Date()): Promise<void> {
  const row = await lockWaiting(c, requestId, ['waiter', 'bill'], now);
  await c.tx.update(tableRequests).set({ status: 'accepted', answeredAt: now, answeredBy: c.actor.userId }).where(eq(tableRequests.id, row.id));
  let ticketId: string | null = null;
  if (row.kind === 'bill' && row.tableId) {
    const open = await openTicketOn(c, row.tableId);
    if (open && open.billRequestedAt === null) {
      await touchTicket(c, open.id, { billRequestedAt: now });
      ticketId = open.id;
    }
  }
  await c.audit({
    action: 'table.call.acknowledge',
    entity: 'table_request',
    entityId: row.id,
    before: { status: 'pending' },
    after: { status: 'accepted', kind: row.kind, table: row.tableName, ...(ticketId ? { billRequestedOn: ticketId } : {}) },
  });
  c.emit('table-requests', row.id);
}
