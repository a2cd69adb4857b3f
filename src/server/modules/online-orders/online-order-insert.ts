import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { canonicalJson } from '../../../shared/canonical-json';
import type { OnlineOrderSource } from '../../../shared/domain/channels';
import type { OnlineOrderStatus } from '../../../shared/online-orders-contract';
import { onlineOrders } from '../../db/schema';
import { HttpError } from '../../errors';
import type { CommandContext } from '../../lib/command';
import { ONLINE_ORDER_MESSAGES } from './online-orders-messages';

/** What reading an order needs: a connection and the restaurant (a command's, or the pool before one). */
export type Reader = Pick<CommandContext, 'tx' | 'restaurantId'>;

/** The answer for an order: the same external id again finds the first order (`created: false`). */
export interface Received {
  orderId: string;
  status: OnlineOrderStatus;
  created: boolean;
}

/** The fingerprint of an order as its intake read it (key order and spacing do not count). */
export const orderBodyHash = (order: unknown) => createHash('sha256').update(canonicalJson(order)).digest('hex');

/**
 * The order a sender already sent under this number, or null. Sent again with the same body it is
 * the same order (a retry); with another body it is refused with 409 naming the first order — the
 * sender must not believe a changed order was taken. Orders stored before body hashes count as same.
 */
export async function findReceived(r: Reader, source: OnlineOrderSource, externalId: string, bodyHash: string): Promise<Received | null> {
  const [existing] = await r.tx
    .select({ id: onlineOrders.id, status: onlineOrders.status, bodyHash: onlineOrders.bodyHash })
    .from(onlineOrders)
    .where(and(eq(onlineOrders.restaurantId, r.restaurantId), eq(onlineOrders.source, source), eq(onlineOrders.externalId, externalId)));
  if (!existing) return null;
  if (existing.bodyHash && existing.bodyHash !== bodyHash) {
    throw new HttpError(409, ONLINE_ORDER_MESSAGES.externalIdReused(externalId, existing.id));
  }
  return { orderId: existing.id, status: existing.status as OnlineOrderStatus, created: false };
}

type OrderContent = Pick<typeof onlineOrders.$inferSelect, 'source' | 'externalId' | 'type' | 'items' | 'paymentMethod' | 'totalKurus' | 'customerName'> &
  Partial<Pick<typeof onlineOrders.$inferSelect, 'paymentBrand' | 'subtotalKurus' | 'platformDiscountKurus' | 'isTest' | 'customerPhone' | 'customerAddress' | 'note'>>;

/**
 * What an order's receive audit row seals of it: what was ordered, by whom, to where, for how much
 * and how it is paid (online-orders-check.ts compares the stored row with it). Its status moves on
 * with its own audited commands.
 */
export const orderContentHash = (o: OrderContent) =>
  orderBodyHash({
    source: o.source,
    externalId: o.externalId,
    type: o.type,
    items: o.items,
    paymentMethod: o.paymentMethod,
    paymentBrand: o.paymentBrand ?? null,
    subtotal: o.subtotalKurus ?? null,
    platformDiscount: o.platformDiscountKurus ?? 0,
    total: o.totalKurus,
    isTest: o.isTest ?? false,
    customer: [o.customerName, o.customerPhone ?? null, o.customerAddress ?? null],
    note: o.note ?? null,
  });

/** A received order as both intakes (the restaurant's own channel, a delivery platform) store it. */
export type NewOnlineOrder = Omit<typeof onlineOrders.$inferInsert, 'id' | 'restaurantId' | 'status' | 'totalKurus' | 'createdAt' | 'updatedAt' | 'version'> & {
  /** what the audit row adds about the order (its test flag, unmapped lines) */
  auditExtra?: Record<string, unknown>;
};

/** Who ordered and where it goes, as both intakes receive it; a blank address or no position is none. */
export const customerColumns = (customer: { name: string; phone: string | null; address?: string | null; lat?: number | null; lng?: number | null }) => ({
  customerName: customer.name,
  customerPhone: customer.phone,
  customerAddress: customer.address || null,
  customerLat: customer.lat ?? null,
  customerLng: customer.lng ?? null,
});

/**
 * The one way a row gets into online_orders: stored as Yeni with its total (less the platform's
 * discount), audited and announced. The same order twice (source and externalId) stores nothing
 * and answers null: the caller answers with the order already stored.
 */
export async function insertOnlineOrder(c: CommandContext, { auditExtra, ...order }: NewOnlineOrder): Promise<string | null> {
  const total = order.subtotalKurus - (order.platformDiscountKurus ?? 0);
  const [row] = await c.tx
    .insert(onlineOrders)
    .values({ ...order, restaurantId: c.restaurantId, totalKurus: total })
    .onConflictDoNothing()
    .returning({ id: onlineOrders.id });
  if (!row) return null;
  const lines = Array.isArray(order.items) ? order.items.length : 0;
  await c.audit({
    action: 'online_order.receive',
    entity: 'online_order',
    entityId: row.id,
    after: { source: order.source, externalId: order.externalId, type: order.type, total, lines, content: orderContentHash({ ...order, totalKurus: total }), ...auditExtra },
  });
  c.emit('online-orders', row.id);
  return row.id;
}
