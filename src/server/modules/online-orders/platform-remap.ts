import { and, eq, inArray } from 'drizzle-orm';
import { isUuid } from '../../../shared/ids';
import type { DeliveryPlatform } from '../../../shared/domain/channels';
import { menuItems, onlineOrders } from '../../db/schema';
import type { CommandContext } from '../../lib/command';
import type { PlatformLineRow } from './platform-updates';

/**
 * Gives the still-unanswered ('new') orders of `platform` the dishes `productMap` now names for
 * their unmapped lines: the dish's id, VAT and station; the platform's name and price stay as sent
 * (the customer was quoted them). Lines already mapped are left alone: an order the owner has seen
 * with a dish does not change under them. Runs in the caller's command (restaurant lock), each
 * order locked, its version moved on and the change audited. Returns the ids of the orders changed.
 *
 * An order of an auto-accepting connection that becomes fully mapped here stays waiting for the
 * owner: auto-accept acts on arrival only, so a mapping made later never sends an order to the
 * kitchen without someone having looked at it — simple and predictable.
 */
export async function remapWaitingOrders(c: CommandContext, platform: DeliveryPlatform, productMap: Record<string, string>): Promise<string[]> {
  const waiting = await c.tx
    .select({ id: onlineOrders.id, items: onlineOrders.items, version: onlineOrders.version })
    .from(onlineOrders)
    .where(and(eq(onlineOrders.restaurantId, c.restaurantId), eq(onlineOrders.source, platform), eq(onlineOrders.status, 'new')))
    .for('update');
  const mappable = (l: PlatformLineRow) => l.unmapped === true && typeof l.platformCode === 'string' && isUuid(productMap[l.platformCode] ?? '');
  const candidates = waiting.filter((o) => (o.items as PlatformLineRow[]).some(mappable));
  if (candidates.length === 0) return [];

  const wanted = [...new Set(candidates.flatMap((o) => (o.items as PlatformLineRow[]).filter(mappable).map((l) => productMap[l.platformCode!])))];
  // only this restaurant's dishes: an id of another menu maps nothing
  const dishes = new Map(
    (
      await c.tx
        .select({ id: menuItems.id, vatRate: menuItems.vatRate, station: menuItems.station })
        .from(menuItems)
        .where(and(inArray(menuItems.id, wanted), eq(menuItems.restaurantId, c.restaurantId)))
    ).map((d) => [d.id, d]),
  );

  const changed: string[] = [];
  const now = new Date();
  for (const order of candidates) {
    const mapped: { code: string; menuItemId: string }[] = [];
    const items = (order.items as PlatformLineRow[]).map((line) => {
      const dish = mappable(line) ? dishes.get(productMap[line.platformCode!]) : undefined;
      if (!dish) return line;
      mapped.push({ code: line.platformCode!, menuItemId: dish.id });
      const { unmapped: _, ...rest } = line;
      return { ...rest, menuItemId: dish.id, vatRate: dish.vatRate, station: dish.station };
    });
    if (mapped.length === 0) continue;
    await c.tx.update(onlineOrders).set({ items, version: order.version + 1, updatedAt: now }).where(eq(onlineOrders.id, order.id));
    await c.audit({
      action: 'online_order.remap',
      entity: 'online_order',
      entityId: order.id,
      before: { unmapped: (order.items as PlatformLineRow[]).filter((l) => l.unmapped).length },
      after: { mapped, unmapped: items.filter((l) => l.unmapped).length },
    });
    c.emit('online-orders', order.id);
    changed.push(order.id);
  }
  return changed;
}
