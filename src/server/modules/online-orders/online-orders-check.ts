import { and, asc, eq } from 'drizzle-orm';
import { auditEvents, onlineOrders } from '../../db/schema';
import type { RecordCheck } from '../../lib/record-check';
import { orderContentHash } from './online-order-insert';

/**
 * Online orders against their receive audit rows (online-order-insert.ts): an order with none was
 * slipped in around the application; one whose content no longer matches what the row sealed
 * (orders received before the seal existed: its source, number, type and total) was edited.
 */
export const checkOnlineOrders: RecordCheck = async (db, restaurantId) => {
  const received = await db
    .select({ entityId: auditEvents.entityId, after: auditEvents.after })
    .from(auditEvents)
    .where(and(eq(auditEvents.restaurantId, restaurantId), eq(auditEvents.action, 'online_order.receive')));
  const said = new Map(received.map((a) => [a.entityId, (a.after ?? {}) as Record<string, unknown>]));
  const orders = await db.select().from(onlineOrders).where(eq(onlineOrders.restaurantId, restaurantId)).orderBy(asc(onlineOrders.receivedAt));
  for (const o of orders) {
    const a = said.get(o.id);
    if (!a) return { id: o.id, reason: `Online sipariş (${o.source} ${o.externalId}) denetim kaydında yok: uygulamanın dışından eklenmiş` };
    const same =
      typeof a.content === 'string'
        ? a.content === orderContentHash(o, a.contentVersion === 2 ? 2 : 1)
        : a.source === o.source && a.externalId === o.externalId && a.type === o.type && a.total === o.totalKurus;
    if (!same) return { id: o.id, reason: `Online sipariş (${o.source} ${o.externalId}) alındığı andaki kaydıyla uyuşmuyor: içeriği ya da tutarı değiştirilmiş` };
  }
  return null;
};
