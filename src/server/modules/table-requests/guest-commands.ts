import { and, eq, gt, sql } from 'drizzle-orm';
import type { RestaurantSettings } from '../../../shared/restaurant-settings';
import {
  TABLE_REQUEST_LIMITS,
  isWithinOrderingHours,
  type GuestCallRequest,
  type GuestOrderRequest,
  type GuestRequestCreatedResponse,
  type TableRequestLineInfo,
} from '../../../shared/table-requests-contract';
import { diningTables, tableRequests } from '../../db/schema';
import { HttpError } from '../../errors';
import type { CommandActor, CommandContext } from '../../lib/command';
import { priceLines } from '../orders';
import { getRestaurantSettings } from '../settings';
import { acceptOnArrival, isWaiting } from './answer-commands';
import { TABLE_REQUEST_MESSAGES } from './table-request-messages';

/** The table a guest's QR token named when the request arrived (guest-requests.routes.ts). */
export interface TableGuest {
  restaurantId: string;
  tableId: string;
  tableName: string;
  token: string;
}

/** A guest's writes run as the guest: no user; the audit log says 'guest'. */
export const guestActor = (guest: TableGuest): CommandActor => ({ restaurantId: guest.restaurantId, userId: null, role: 'guest' });

const expiryOf = (now: Date) => new Date(now.getTime() + TABLE_REQUEST_LIMITS.expiresAfterMinutes * 60_000);

/**
 * The guest's table, locked, with its token checked again under the lock: a new token made while
 * the request waited for the lock stops it too. Another restaurant's table, a deleted one and an
 * old token all answer the same 404.
 */
async function lockGuestTable(c: CommandContext, guest: TableGuest) {
  const table = await c.lockOwned(diningTables, guest.tableId, TABLE_REQUEST_MESSAGES.tokenInvalid);
  if (table.qrToken !== guest.token) throw new HttpError(404, TABLE_REQUEST_MESSAGES.tokenInvalid);
  return table;
}

/** QR Sipariş must be on (and the public menu online, which the guest orders from); 404 otherwise, as for an unknown code. */
function assertQrOn(settings: RestaurantSettings) {
  if (!settings.qrOrdering.enabled || !settings.publicMenu.enabled) throw new HttpError(404, TABLE_REQUEST_MESSAGES.orderingOff);
}

/**
 * Siparişi Gönder: the guest's basket, checked and priced from the menu now (a dish sold out since
 * the page loaded is refused with its name, 409; options must belong to the dish and meet each
 * group's min / max), waits for the table's waiter — or, straight to the kitchen, goes there at
 * once. The route's Idempotency-Key makes a double tap one request.
 */
export async function createOrderRequest(c: CommandContext, guest: TableGuest, req: GuestOrderRequest, now = new Date()): Promise<GuestRequestCreatedResponse> {
  const table = await lockGuestTable(c, guest);
  const settings = (await getRestaurantSettings(c.tx, c.restaurantId)).value;
  assertQrOn(settings);
  const { hours, confirmBy } = settings.qrOrdering;
  if (!isWithinOrderingHours(hours, now, settings.timeZone)) throw new HttpError(409, TABLE_REQUEST_MESSAGES.outsideHours(hours!.from, hours!.to));
  const [{ waiting }] = await c.tx
    .select({ waiting: sql<number>`count(*)::int` })
    .from(tableRequests)
    .where(and(eq(tableRequests.tableId, table.id), eq(tableRequests.kind, 'order'), eq(tableRequests.status, 'pending'), gt(tableRequests.expiresAt, now)));
  if (Number(waiting) >= TABLE_REQUEST_LIMITS.pendingPerTable) throw new HttpError(429, TABLE_REQUEST_MESSAGES.tooManyPending);

  const priced = await priceLines(
    c,
    req.items.map((i) => ({ menuItemId: i.menuItemId, quantity: i.quantity, optionIds: i.optionIds, ...(i.note ? { note: i.note } : {}) })),
  );
  const lines: TableRequestLineInfo[] = priced.map((p) => ({
    menuItemId: p.menuItemId,
    name: p.name,
    quantity: p.quantity,
    unitPriceKurus: p.unitPriceKurus,
    options: p.options,
    note: p.note,
  }));
  const [row] = await c.tx
    .insert(tableRequests)
    .values({
      restaurantId: c.restaurantId,
      tableId: table.id,
      tableName: table.name,
      kind: 'order',
      lines,
      itemCount: lines.reduce((n, l) => n + l.quantity, 0),
      totalKurus: lines.reduce((sum, l) => sum + l.unitPriceKurus * l.quantity, 0),
      createdAt: now,
      expiresAt: expiryOf(now),
    })
    .returning();
  await c.audit({
    action: 'table.request.create',
    entity: 'table_request',
    entityId: row.id,
    after: { table: table.name, tableId: table.id, lines: lines.map((l) => ({ name: l.name, quantity: l.quantity, unitPrice: l.unitPriceKurus })), total: row.totalKurus },
  });
  c.emit('table-requests', row.id);
  if (confirmBy === 'kitchen' && (await acceptOnArrival(c, row, now))) return { requestId: row.id, status: 'accepted' };
  return { requestId: row.id, status: 'pending' };
}

/**
 * Garson Çağır / Hesap İste. Tapping again while the first call still waits answers that call: the
 * waiter's phone rings once per call, not per tap. Calls are taken whenever QR Sipariş is on, also
 * outside its ordering hours (the bill is asked for after the kitchen closed).
 */
export async function createCall(c: CommandContext, guest: TableGuest, req: GuestCallRequest, now = new Date()): Promise<GuestRequestCreatedResponse> {
  const table = await lockGuestTable(c, guest);
  assertQrOn((await getRestaurantSettings(c.tx, c.restaurantId)).value);
  const [earlier] = await c.tx
    .select()
    .from(tableRequests)
    .where(and(eq(tableRequests.tableId, table.id), eq(tableRequests.kind, req.kind), eq(tableRequests.status, 'pending'), gt(tableRequests.expiresAt, now)))
    .limit(1);
  if (earlier && isWaiting(earlier, now)) return { requestId: earlier.id, status: 'pending' };
  const [row] = await c.tx
    .insert(tableRequests)
    .values({ restaurantId: c.restaurantId, tableId: table.id, tableName: table.name, kind: req.kind, createdAt: now, expiresAt: expiryOf(now) })
    .returning();
  await c.audit({ action: 'table.call.create', entity: 'table_request', entityId: row.id, after: { kind: req.kind, table: table.name, tableId: table.id } });
  c.emit('table-requests', row.id);
  return { requestId: row.id, status: 'pending' };
}
