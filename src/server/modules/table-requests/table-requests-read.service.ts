import { and, desc, eq, gt, inArray, isNotNull, or } from 'drizzle-orm';
import { TABLE_REQUEST_LIMITS } from '../../../shared/table-requests-contract';
import { isUuid } from '../../../shared/ids';
import type { Role } from '../../../shared/domain/roles';
import type {
  GuestRequestStatusResponse,
  TableRequestInfo,
  TableRequestKind,
  TableRequestLineInfo,
  TableRequestProgress,
  TableRequestStatus,
  TableRequestsResponse,
} from '../../../shared/table-requests-contract';
import type { Db } from '../../db/client';
import { diningTables, sections, tableRequests, ticketLines, tickets, users } from '../../db/schema';
import { HttpError } from '../../errors';
import { isWaiting, type TableRequestRow } from './answer-commands';
import type { TableGuest } from './guest-commands';
import { TABLE_REQUEST_MESSAGES } from './table-request-messages';

/** How long answered and expired requests stay on the staff's list (who answered Salon 7's call?). */
const RECENT_MS = 60 * 60_000;
/** Nothing is answered after it expires, so nothing arrived earlier than this still shows. */
const EXPIRY_MS = TABLE_REQUEST_LIMITS.expiresAfterMinutes * 60_000;

/** What a request reads as at `now`: a pending one past its expiry is expired (never written so). */
const statusAt = (row: Pick<TableRequestRow, 'status' | 'expiresAt'>, now: Date): TableRequestStatus =>
  row.status === 'pending' && !isWaiting(row, now) ? 'expired' : (row.status as TableRequestStatus);

/**
 * How far the kitchen got with an accepted order, from the lines of the batch it went in (they
 * follow a move or a merge): served when every line still on is served, ready when all are ready
 * or served, preparing once any is started. None when every line was cancelled.
 */
async function progressOf(db: Db, restaurantId: string, batchIds: string[]): Promise<Map<string, TableRequestProgress>> {
  const byBatch = new Map<string, string[]>();
  if (batchIds.length === 0) return new Map();
  const rows = await db
    .select({ batchId: ticketLines.batchId, status: ticketLines.status })
    .from(ticketLines)
    .where(and(eq(ticketLines.restaurantId, restaurantId), inArray(ticketLines.batchId, batchIds)));
  for (const r of rows) byBatch.set(r.batchId!, [...(byBatch.get(r.batchId!) ?? []), r.status]);
  const progress = new Map<string, TableRequestProgress>();
  for (const [batchId, all] of byBatch) {
    const on = all.filter((s) => s !== 'cancelled');
    if (on.length === 0) continue;
    if (on.every((s) => s === 'served')) progress.set(batchId, 'served');
    else if (on.every((s) => s === 'ready' || s === 'served')) progress.set(batchId, 'ready');
    else if (on.some((s) => s === 'preparing' || s === 'ready' || s === 'served')) progress.set(batchId, 'preparing');
    else progress.set(batchId, 'sent');
  }
  return progress;
}

/**
 * The guest's view of one of their table's requests. Only through the table's current token: a
 * request of another table, or read with a code replaced since, is not found.
 */
export async function readGuestRequest(db: Db, guest: TableGuest, requestId: string, now = new Date()): Promise<GuestRequestStatusResponse> {
  if (!isUuid(requestId)) throw new HttpError(404, TABLE_REQUEST_MESSAGES.requestNotFound);
  const [row] = await db
    .select()
    .from(tableRequests)
    .where(and(eq(tableRequests.id, requestId), eq(tableRequests.restaurantId, guest.restaurantId), eq(tableRequests.tableId, guest.tableId)));
  if (!row) throw new HttpError(404, TABLE_REQUEST_MESSAGES.requestNotFound);
  const status = statusAt(row, now);
  const progress = row.batchId ? (await progressOf(db, guest.restaurantId, [row.batchId])).get(row.batchId) : undefined;
  return {
    status,
    kind: row.kind as TableRequestKind,
    ...(status === 'rejected' && row.reason ? { reason: row.reason } : {}),
    ...(progress ? { progress } : {}),
  };
}

/**
 * The staff's list: requests still waiting (oldest first), then the last hour's others (newest
 * first) — those that arrived, were answered or expired in it: a call of 20:50 answered at 21:02
 * is still there at 21:55 — each with its table's section, the table's open adisyon and its waiter,
 * and whether the caller is the one to answer: their table, or a table nobody has (the owner: all).
 */
export async function listTableRequests(db: Db, restaurantId: string, caller: { userId: string; role: Role }, now = new Date()): Promise<TableRequestsResponse> {
  const since = new Date(now.getTime() - RECENT_MS);
  const rows = await db
    .select({
      request: tableRequests,
      sectionName: sections.name,
      answeredByName: users.name,
      openTicketId: tickets.id,
      tableWaiterId: tickets.waiterId,
    })
    .from(tableRequests)
    .leftJoin(diningTables, eq(diningTables.id, tableRequests.tableId))
    .leftJoin(sections, eq(sections.id, diningTables.sectionId))
    .leftJoin(users, eq(users.id, tableRequests.answeredBy))
    .leftJoin(tickets, and(eq(tickets.tableId, tableRequests.tableId), eq(tickets.status, 'open'), isNotNull(tableRequests.tableId)))
    .where(
      and(
        eq(tableRequests.restaurantId, restaurantId),
        // the index's range (restaurant, created_at); then the hour itself
        gt(tableRequests.createdAt, new Date(since.getTime() - EXPIRY_MS)),
        or(gt(tableRequests.createdAt, since), gt(tableRequests.answeredAt, since), and(eq(tableRequests.status, 'pending'), gt(tableRequests.expiresAt, since))),
      ),
    )
    .orderBy(desc(tableRequests.createdAt))
    .limit(300);
  const progress = await progressOf(db, restaurantId, rows.flatMap((r) => (r.request.batchId ? [r.request.batchId] : [])));
  const infos = rows.map(({ request: r, sectionName, answeredByName, openTicketId, tableWaiterId }): TableRequestInfo => {
    const status = statusAt(r, now);
    const waiterId = tableWaiterId ?? null;
    const batchProgress = r.batchId ? progress.get(r.batchId) : undefined;
    return {
      id: r.id,
      kind: r.kind as TableRequestKind,
      status,
      tableId: r.tableId,
      tableName: r.tableName,
      sectionName: sectionName ?? null,
      lines: r.lines as TableRequestLineInfo[],
      itemCount: r.itemCount,
      totalKurus: r.totalKurus,
      reason: r.reason,
      createdAt: r.createdAt.toISOString(),
      expiresAt: r.expiresAt.toISOString(),
      answeredAt: r.answeredAt?.toISOString() ?? null,
      answeredByName: answeredByName ?? null,
      ticketId: r.ticketId ?? openTicketId ?? null,
      tableWaiterId: waiterId,
      isMine: caller.role === 'owner' || waiterId === null || waiterId === caller.userId,
      ...(batchProgress ? { progress: batchProgress } : {}),
    };
  });
  const waiting = infos.filter((i) => i.status === 'pending').reverse();
  return { requests: [...waiting, ...infos.filter((i) => i.status !== 'pending')] };
}
