import { and, eq, inArray } from 'drizzle-orm';
import { isUuid } from '../../../shared/ids';
import type { OnlineOrderStatus } from '../../../shared/online-orders-contract';
import type { Db } from '../../db/client';
import { menuItems, platformConnections, platformOutbox } from '../../db/schema';
import type { CommandContext } from '../../lib/command';
import { acceptOnlineOrder } from './online-order-commands';
import { customerColumns, findReceived, insertOnlineOrder, orderBodyHash } from './online-order-insert';
import type { PlatformLineRow } from './platform-updates';
import type { PlatformConnection, PlatformOrder } from './platforms/types';
import { type DeliveryPlatform } from '../../../shared/domain/channels';

/** The restaurant's enabled connection to `platform`, or null (answered like an unknown restaurant). */
export async function loadConnection(db: Db, restaurantId: string, platform: DeliveryPlatform): Promise<PlatformConnection | null> {
  if (!isUuid(restaurantId)) return null;
  const [row] = await db
    .select()
    .from(platformConnections)
    .where(and(eq(platformConnections.restaurantId, restaurantId), eq(platformConnections.platform, platform), eq(platformConnections.enabled, true)));
  if (!row) return null;
  return {
    platform,
    webhookSecret: row.webhookSecret,
    clientId: row.clientId,
    clientSecret: row.clientSecret,
    remoteCode: row.remoteCode,
    chainCode: row.chainCode,
    storeId: row.storeId,
    executorUser: row.executorUser,
    baseUrl: row.baseUrl.replace(/\/+$/, ''),
    productMap: row.productMap as Record<string, string>,
  };
}

/**
 * Takes in a platform's order (already authenticated and mapped by its adapter). Idempotent on the
 * platform's order id under the restaurant lock (the unique index stands behind it). Each product
 * is looked up in the connection's product map: a mapped one gets the Sofra dish (its VAT and
 * station), an unknown one is kept with `unmapped: true` and waits in the inbox — never dropped.
 * Prices stay as the platform sent them; its fee, each discount by who funds it, what the customer
 * pays and what the door collects are kept as it states them (online-order-insert.ts orderMoney).
 */
export async function receivePlatformOrder(c: CommandContext, connection: PlatformConnection, order: PlatformOrder) {
  const source = connection.platform;
  const bodyHash = orderBodyHash(order);
  const existing = await findReceived(c, source, order.externalId, bodyHash);
  if (existing) return existing;

  const wanted = [...new Set(order.lines.map((l) => connection.productMap[l.code]).filter((id): id is string => typeof id === 'string' && isUuid(id)))];
  const dishes = new Map(
    (wanted.length
      ? await c.tx
          .select({ id: menuItems.id, vatRate: menuItems.vatRate, station: menuItems.station })
          .from(menuItems)
          .where(and(inArray(menuItems.id, wanted), eq(menuItems.restaurantId, c.restaurantId)))
      : []
    ).map((d) => [d.id, d]),
  );
  const lines: PlatformLineRow[] = order.lines.map((l) => {
    const dish = dishes.get(connection.productMap[l.code] ?? '');
    return {
      menuItemId: dish?.id ?? null,
      platformCode: l.code,
      ...(dish ? {} : { unmapped: true }),
      name: l.name,
      quantity: l.quantity,
      unitPriceKurus: l.unitPriceKurus + l.options.reduce((s, o) => s + o.priceKurus, 0),
      options: l.options.map((o) => ({ optionId: o.code, groupName: '', name: o.name, priceKurus: o.priceKurus })),
      note: l.note,
      vatRate: dish?.vatRate ?? 10,
      station: dish?.station ?? 'Mutfak',
    };
  });
  const subtotal = lines.reduce((s, l) => s + l.unitPriceKurus * l.quantity, 0);
  const id = await insertOnlineOrder(c, {
    source,
    externalId: order.externalId,
    type: order.type,
    ...customerColumns(order.customer),
    items: lines,
    paymentMethod: order.payment.method,
    paymentBrand: order.payment.brand,
    subtotalKurus: subtotal,
    platformDiscountKurus: order.platformDiscountKurus,
    restaurantDiscountKurus: order.restaurantDiscountKurus,
    deliveryFeeKurus: order.deliveryFeeKurus,
    customerPaysKurus: order.customerPaysKurus,
    collectAtDoorKurus: order.collectAtDoorKurus,
    platformCourier: order.platformCourier,
    note: order.note,
    expectedAt: order.expectedAt ? new Date(order.expectedAt) : null,
    isScheduled: order.isScheduled,
    isTest: order.isTest,
    bodyHash,
    auditExtra: { test: order.isTest, unmapped: lines.filter((l) => l.unmapped).length },
  });
  // looked for above under the restaurant's lock: the same order cannot have arrived meanwhile
  const orderId = id!;
  if (order.token || order.itemIds?.length) await rememberForCalls(c, orderId, source, { token: order.token, itemIds: order.itemIds });
  if (!lines.some((l) => l.unmapped)) {
    const accepted = await autoAccept(c, source, orderId);
    if (accepted) return { orderId, status: accepted, created: true };
  }
  return { orderId, status: 'new' as OnlineOrderStatus, created: true };
}

/**
 * Auto-accept (Ayarlar, per platform): a fully mapped order is accepted on arrival with the
 * connection's preparation time, in the intake's own command, by the owner's Onayla itself
 * (acceptOnlineOrder: the ticket and its kitchen batch, or a test order's answer with neither).
 * The setting is read here, under the restaurant lock, not from the connection loaded before the
 * command. Accepting runs in a savepoint: if the ticket refuses the order (say, a delivery
 * without a phone number), only the acceptance rolls back and the order waits for the owner —
 * the platform's order is never lost to it. Returns the new status, or null when not accepted.
 */
async function autoAccept(c: CommandContext, platform: DeliveryPlatform, orderId: string): Promise<OnlineOrderStatus | null> {
  const [setting] = await c.tx
    .select({ minutes: platformConnections.autoAcceptMinutes })
    .from(platformConnections)
    .where(and(eq(platformConnections.restaurantId, c.restaurantId), eq(platformConnections.platform, platform)));
  const prepMinutes = setting?.minutes ?? null;
  if (prepMinutes === null) return null;
  try {
    // queries through c.tx run inside the savepoint too: one connection, one transaction
    const result = await c.tx.transaction(() => acceptOnlineOrder(c, orderId, { prepMinutes }));
    return result.status;
  } catch (err) {
    await c.audit({
      action: 'online_order.auto_accept_failed',
      entity: 'online_order',
      entityId: orderId,
      reason: err instanceof Error ? err.message.slice(0, 300) : 'bilinmeyen hata',
    });
    return null;
  }
}

/**
 * What the platform's later calls need — Yemeksepeti's order token, Trendyol's packageItemIds — is
 * kept as a 'token' row of the outbox that is never sent (status 'sent', kind 'token'), so no
 * column is added to the inbox's table for one platform.
 */
async function rememberForCalls(c: CommandContext, orderId: string, platform: string, keep: { token?: string; itemIds?: string[] }) {
  const payload = { ...(keep.token ? { token: keep.token } : {}), ...(keep.itemIds?.length ? { itemIds: keep.itemIds } : {}) };
  await c.tx.insert(platformOutbox).values({ restaurantId: c.restaurantId, orderId, platform, kind: 'token', payload, status: 'sent', sentAt: new Date() });
}
