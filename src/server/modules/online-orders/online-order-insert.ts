import { onlineOrders } from '../../db/schema';
import type { CommandContext } from '../../lib/command';

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
    after: { source: order.source, externalId: order.externalId, type: order.type, total, lines, ...auditExtra },
  });
  c.emit('online-orders', row.id);
  return row.id;
}
