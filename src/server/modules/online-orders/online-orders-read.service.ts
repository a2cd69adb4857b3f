import { and, count, desc, eq, inArray, min, or, gte } from 'drizzle-orm';
import {
  SOFRA_CHANNEL,
  type IntegrationSecretInfo,
  type OnlineOrderInfo,
  type OnlineOrdersWaitingInfo,
  type OnlineOrderStatus,
  type RejectReason,
} from '../../../shared/online-orders-contract';
import { isUuid } from '../../../shared/ids';
import type { Db } from '../../db/client';
import { integrationSecrets, onlineOrders, platformOutbox } from '../../db/schema';
import { HttpError } from '../../errors';
import type { PlatformLineRow } from './platform-updates';
import type { AttemptLogEntry } from './platform-outbox';
import type { PlatformDeliveryInfo } from '../../../shared/online-orders-contract';
import { ONLINE_ORDER_MESSAGES } from './online-orders-messages';
import { derivedStatus, ticketStates, type TicketState } from './online-order-status';

type OrderRow = typeof onlineOrders.$inferSelect;

/** How far back the inbox reaches for answered orders; unanswered ones are shown however old. */
const INBOX_HOURS = 24;
/** the inbox draws at most this many orders (the newest) */
const INBOX_LIMIT = 300;

function present(row: OrderRow, ticket: TicketState | undefined, deliveries: PlatformDeliveryInfo[] = []): OnlineOrderInfo {
  const items = row.items as PlatformLineRow[];
  return {
    id: row.id,
    source: row.source as OnlineOrderInfo['source'],
    externalId: row.externalId,
    status: derivedStatus(row.status as OnlineOrderStatus, ticket),
    type: row.type as OnlineOrderInfo['type'],
    customer: { name: row.customerName, phone: row.customerPhone, address: row.customerAddress, lat: row.customerLat, lng: row.customerLng },
    items: items.map((l) => ({
      menuItemId: l.menuItemId,
      name: l.name,
      quantity: l.quantity,
      unitPrice: l.unitPriceKurus,
      options: l.options.map((o) => ({ optionId: o.optionId, groupName: o.groupName, name: o.name, price: o.priceKurus })),
      note: l.note,
      total: l.unitPriceKurus * l.quantity,
      platformCode: l.platformCode ?? null,
      unmapped: l.unmapped === true,
    })),
    payment: { method: row.paymentMethod as OnlineOrderInfo['payment']['method'], brand: row.paymentBrand },
    subtotal: row.subtotalKurus,
    platformDiscount: row.platformDiscountKurus,
    restaurantDiscount: row.restaurantDiscountKurus,
    total: row.totalKurus,
    deliveryFee: row.deliveryFeeKurus,
    customerPays: row.customerPaysKurus,
    collectAtDoor: row.collectAtDoorKurus,
    platformCourier: row.platformCourier,
    note: row.note,
    expectedAt: row.expectedAt?.toISOString() ?? null,
    isScheduled: row.isScheduled,
    prepMinutes: row.prepMinutes,
    rejectReason: row.rejectReason as RejectReason | null,
    rejectNote: row.rejectNote,
    ticketId: row.ticketId,
    ticketNumber: ticket?.number ?? null,
    receivedAt: row.receivedAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
    version: row.version,
    isTest: row.isTest,
    deliveries,
  };
}

/** The outbox rows of platform orders (the owner sees a call that does not go through). */
async function deliveriesOf(db: Db, rows: OrderRow[]): Promise<Map<string, PlatformDeliveryInfo[]>> {
  const byOrder = new Map<string, PlatformDeliveryInfo[]>();
  const ids = rows.filter((r) => r.source !== 'sofra' && r.source !== 'phone').map((r) => r.id);
  if (ids.length === 0) return byOrder;
  const outbox = await db.select().from(platformOutbox).where(inArray(platformOutbox.orderId, ids)).orderBy(platformOutbox.createdAt);
  for (const o of outbox) {
    if (o.kind === 'token' || !o.orderId) continue;
    const list = byOrder.get(o.orderId) ?? [];
    list.push({
      kind: o.kind,
      status: o.status as PlatformDeliveryInfo['status'],
      attempts: o.attempts,
      lastError: o.lastError,
      nextAttemptAt: o.status === 'sent' ? null : o.nextAttemptAt.toISOString(),
      sentAt: o.sentAt?.toISOString() ?? null,
      log: o.attemptLog as AttemptLogEntry[],
    });
    byOrder.set(o.orderId, list);
  }
  return byOrder;
}

async function presentAll(db: Db, rows: OrderRow[]) {
  const states = await ticketStates(db, rows.flatMap((r) => (r.ticketId ? [r.ticketId] : [])));
  const deliveries = await deliveriesOf(db, rows);
  return rows.map((r) => present(r, r.ticketId ? states.get(r.ticketId) : undefined, deliveries.get(r.id)));
}

/** The inbox: unanswered orders however old, the rest of the last day; newest first; `status` filters. */
export async function listOnlineOrders(db: Db, restaurantId: string, status?: OnlineOrderStatus): Promise<OnlineOrderInfo[]> {
  const since = new Date(Date.now() - INBOX_HOURS * 3600_000);
  const rows = await db
    .select()
    .from(onlineOrders)
    .where(and(eq(onlineOrders.restaurantId, restaurantId), or(eq(onlineOrders.status, 'new'), gte(onlineOrders.receivedAt, since))))
    .orderBy(desc(onlineOrders.receivedAt))
    .limit(INBOX_LIMIT);
  const orders = await presentAll(db, rows);
  return status ? orders.filter((o) => o.status === status) : orders;
}

/**
 * How many orders wait for an answer and since when: all the kitchen screen is told of the inbox
 * (it rings when Ayarlar says so; only the owner answers). A platform's test order never reaches the
 * kitchen, so it does not ring there either (the owner's inbox still shows and rings for it).
 */
export async function countWaitingOnlineOrders(db: Db, restaurantId: string): Promise<OnlineOrdersWaitingInfo> {
  const [row] = await db
    .select({ count: count(), oldestAt: min(onlineOrders.receivedAt) })
    .from(onlineOrders)
    .where(and(eq(onlineOrders.restaurantId, restaurantId), eq(onlineOrders.status, 'new'), eq(onlineOrders.isTest, false)));
  const oldest = row?.oldestAt ?? null;
  return { count: Number(row?.count ?? 0), oldestAt: oldest === null ? null : new Date(oldest).toISOString() };
}

export async function readOnlineOrder(db: Db, restaurantId: string, orderId: string): Promise<OnlineOrderInfo> {
  if (!isUuid(orderId)) throw new HttpError(404, ONLINE_ORDER_MESSAGES.orderNotFound);
  const [row] = await db
    .select()
    .from(onlineOrders)
    .where(and(eq(onlineOrders.restaurantId, restaurantId), eq(onlineOrders.id, orderId)));
  if (!row) throw new HttpError(404, ONLINE_ORDER_MESSAGES.orderNotFound);
  return (await presentAll(db, [row]))[0];
}

/** The channel's current secret (null until the owner makes one). */
export async function readSofraSecret(db: Db, restaurantId: string): Promise<IntegrationSecretInfo> {
  const [row] = await db
    .select()
    .from(integrationSecrets)
    .where(and(eq(integrationSecrets.restaurantId, restaurantId), eq(integrationSecrets.channel, SOFRA_CHANNEL)));
  return { secret: row?.secret ?? null, rotatedAt: row?.rotatedAt.toISOString() ?? null };
}

/** What the door needs of an online order (the courier's page, Kurye Takibi), by its ticket. */
export interface DoorInfo {
  note: string | null;
  paymentMethod: OnlineOrderInfo['payment']['method'];
  paymentBrand: string | null;
  /** what the customer hands over at the door as the sender stated it (0: paid online) */
  collectAtDoor: number;
  /** the delivery fee the customer pays our courier on top of the bill (0 with the platform's courier) */
  deliveryFee: number;
  expectedAt: string | null;
}

/** The online orders behind these tickets, by ticket id (a ticket opened at the till has none). */
export async function doorInfoOfTickets(db: Db, ticketIds: string[]): Promise<Map<string, DoorInfo>> {
  if (ticketIds.length === 0) return new Map();
  const rows = await db.select().from(onlineOrders).where(inArray(onlineOrders.ticketId, ticketIds));
  return new Map(
    rows.map((r) => [
      r.ticketId!,
      {
        note: r.note,
        paymentMethod: r.paymentMethod as DoorInfo['paymentMethod'],
        paymentBrand: r.paymentBrand,
        collectAtDoor: r.platformCourier ? 0 : r.collectAtDoorKurus,
        deliveryFee: r.platformCourier ? 0 : r.deliveryFeeKurus,
        expectedAt: r.expectedAt?.toISOString() ?? null,
      },
    ]),
  );
}
