import { and, desc, eq, sql } from 'drizzle-orm';
import type { CustomerHistoryInfo, PhoneOrderRequest } from '../../../shared/online-orders-contract';
import type { OnlineOrderSource } from '../../../shared/domain/channels';
import type { Db } from '../../db/client';
import { onlineOrders } from '../../db/schema';
import type { CommandContext } from '../../lib/command';
import type { PricedLine } from '../orders';
import { acceptOnlineOrder, receiveOnlineOrder } from './online-order-commands';

/**
 * A phone order typed in by staff: numbered T-1, T-2, ... per restaurant (the count under the
 * restaurant's lock, so two at once never share a number), taken in like any other order and
 * accepted in the same command — the person on the phone has already said yes, so it goes to the
 * kitchen at once and never rings as unanswered.
 */
export async function takePhoneOrder(c: CommandContext, req: PhoneOrderRequest) {
  const [{ count }] = await c.tx
    .select({ count: sql<number>`count(*)::int` })
    .from(onlineOrders)
    .where(and(eq(onlineOrders.restaurantId, c.restaurantId), eq(onlineOrders.source, 'phone')));
  const { prepMinutes, ...order } = req;
  const received = await receiveOnlineOrder(c, 'phone', { ...order, externalId: `T-${Number(count) + 1}` });
  return acceptOnlineOrder(c, received.orderId, { prepMinutes });
}

/** How many earlier orders the lookup reads: enough for the last few addresses of a regular. */
const LOOKUP_ORDERS = 50;

/** The names and addresses a phone number gave before (any source), newest first, and its last orders. */
export async function customerHistory(db: Db, restaurantId: string, phone: string): Promise<CustomerHistoryInfo> {
  const rows = await db
    .select()
    .from(onlineOrders)
    .where(and(eq(onlineOrders.restaurantId, restaurantId), eq(onlineOrders.customerPhone, phone)))
    .orderBy(desc(onlineOrders.receivedAt))
    .limit(LOOKUP_ORDERS);
  const names = [...new Set(rows.map((r) => r.customerName))].slice(0, 5);
  const addresses: CustomerHistoryInfo['addresses'] = [];
  for (const r of rows) {
    if (!r.customerAddress || addresses.some((a) => a.address === r.customerAddress)) continue;
    addresses.push({ address: r.customerAddress, lat: r.customerLat, lng: r.customerLng, lastUsedAt: r.receivedAt.toISOString() });
    if (addresses.length === 5) break;
  }
  const lastOrders = rows.slice(0, 5).map((r) => ({
    id: r.id,
    source: r.source as OnlineOrderSource,
    externalId: r.externalId,
    receivedAt: r.receivedAt.toISOString(),
    total: r.totalKurus,
    summary: (r.items as PricedLine[]).map((l) => `${l.quantity}× ${l.name}`).join(', '),
  }));
  return { phone, names, addresses, lastOrders };
}
