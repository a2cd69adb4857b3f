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

type OrderRow = typeof onlineOrders.$inferSelect;
type OrderContent = Pick<OrderRow, 'source' | 'externalId' | 'type' | 'items' | 'paymentMethod' | 'totalKurus' | 'customerName'> &
  Partial<Pick<OrderRow, 'paymentBrand' | 'subtotalKurus' | 'platformDiscountKurus' | 'isTest' | 'customerPhone' | 'customerAddress' | 'note'>>;
type OrderMoney = Pick<OrderRow, 'deliveryFeeKurus' | 'restaurantDiscountKurus' | 'customerPaysKurus' | 'collectAtDoorKurus' | 'platformCourier'>;

/**
 * Which seal a receive audit row carries (its `contentVersion`): rows written before migration 0028
 * have none and sealed the order without the money columns that migration added; the check hashes
 * an order the way its own row sealed it.
 */
export const ORDER_CONTENT_VERSION = 2;

const contentOf = (o: OrderContent) => ({
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

/**
 * What an order's receive audit row seals of it: what was ordered, by whom, to where, for how much
 * (the food, the fee, each discount, what the customer pays and what the door collects) and how it
 * is paid and delivered (online-orders-check.ts compares the stored row with it). Its status moves
 * on with its own audited commands. `version` 1 is the seal of orders received before 0028.
 */
export function orderContentHash(o: OrderContent & Partial<OrderMoney>, version: 1 | 2 = ORDER_CONTENT_VERSION) {
  if (version === 1) return orderBodyHash(contentOf(o));
  return orderBodyHash({
    ...contentOf(o),
    money: {
      deliveryFee: o.deliveryFeeKurus ?? 0,
      restaurantDiscount: o.restaurantDiscountKurus ?? 0,
      customerPays: o.customerPaysKurus ?? o.totalKurus,
      collectAtDoor: o.collectAtDoorKurus ?? null,
      platformCourier: o.platformCourier ?? false,
    },
  });
}

/** A received order as both intakes (the restaurant's own channel, a delivery platform) store it. */
export type NewOnlineOrder = Omit<
  typeof onlineOrders.$inferInsert,
  'id' | 'restaurantId' | 'status' | 'totalKurus' | 'customerPaysKurus' | 'collectAtDoorKurus' | 'createdAt' | 'updatedAt' | 'version'
> & {
  /** what the customer is charged as the sender states it; by default the total plus the fee */
  customerPaysKurus?: number;
  /** what the door collects as the sender states it; by default all the customer pays unless paid online */
  collectAtDoorKurus?: number;
  /** what the audit row adds about the order (its test flag, unmapped lines) */
  auditExtra?: Record<string, unknown>;
};

/**
 * The money of a new order. The total is the food after both discounts (a discount never takes more
 * than the food); what the customer pays and what the door collects are the sender's own figures
 * when it states them (a platform's total is what it charges), else follow from the total and fee.
 */
export function orderMoney(order: NewOnlineOrder) {
  const platformDiscount = Math.min(order.platformDiscountKurus ?? 0, order.subtotalKurus);
  const restaurantDiscount = Math.min(order.restaurantDiscountKurus ?? 0, order.subtotalKurus - platformDiscount);
  const total = order.subtotalKurus - platformDiscount - restaurantDiscount;
  const fee = order.deliveryFeeKurus ?? 0;
  const pays = order.customerPaysKurus ?? total + fee;
  const collect = order.collectAtDoorKurus ?? (order.paymentMethod === 'online' ? 0 : pays);
  return {
    platformDiscountKurus: platformDiscount,
    restaurantDiscountKurus: restaurantDiscount,
    totalKurus: total,
    deliveryFeeKurus: fee,
    customerPaysKurus: pays,
    collectAtDoorKurus: collect,
    platformCourier: order.platformCourier ?? false,
  };
}

/** Who ordered and where it goes, as both intakes receive it; a blank address or no position is none. */
export const customerColumns = (customer: { name: string; phone: string | null; address?: string | null; lat?: number | null; lng?: number | null }) => ({
  customerName: customer.name,
  customerPhone: customer.phone,
  customerAddress: customer.address || null,
  customerLat: customer.lat ?? null,
  customerLng: customer.lng ?? null,
});

/**
 * The one way a row gets into online_orders: stored as Yeni with its money (orderMoney), audited
 * and announced. The same order twice (source and externalId) stores nothing
 * and answers null: the caller answers with the order already stored.
 */
export async function insertOnlineOrder(c: CommandContext, { auditExtra, ...order }: NewOnlineOrder): Promise<string | null> {
  const money = orderMoney(order);
  const stored = { ...order, ...money };
  const [row] = await c.tx
    .insert(onlineOrders)
    .values({ ...stored, restaurantId: c.restaurantId })
    .onConflictDoNothing()
    .returning({ id: onlineOrders.id });
  if (!row) return null;
  const lines = Array.isArray(order.items) ? order.items.length : 0;
  await c.audit({
    action: 'online_order.receive',
    entity: 'online_order',
    entityId: row.id,
    after: {
      source: order.source,
      externalId: order.externalId,
      type: order.type,
      total: money.totalKurus,
      customerPays: money.customerPaysKurus,
      lines,
      content: orderContentHash(stored),
      contentVersion: ORDER_CONTENT_VERSION,
      ...auditExtra,
    },
  });
  c.emit('online-orders', row.id);
  return row.id;
}
