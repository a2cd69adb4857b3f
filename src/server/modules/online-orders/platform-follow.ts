import { and, eq, inArray } from 'drizzle-orm';
import type { OnlineOrderStatus } from '../../../shared/online-orders-contract';
import { onlineOrders, platformOutbox } from '../../db/schema';
import type { CommandContext, QueuedEvent } from '../../lib/command';
import { derivedStatus, ticketStates } from './online-order-status';
import { enqueueUpdate } from './platform-updates';
import { type OutgoingKind } from './platforms/types';
import { DELIVERY_PLATFORMS } from '../../../shared/domain/channels';

/** Which orders the platforms follow: accepted ones from a delivery platform. */
const followedOrder = () => and(eq(onlineOrders.status, 'accepted'), inArray(onlineOrders.source, [...DELIVERY_PLATFORMS]));

/** The calls a platform must have had by the time its order reaches each status, in order. */
const CALLS: Record<'delivery' | 'takeaway', Partial<Record<OnlineOrderStatus, OutgoingKind[]>>> = {
  delivery: { ready: ['ready'], on_the_way: ['ready', 'picked_up'], delivered: ['ready', 'picked_up', 'delivered'] },
  // a Gel-Al order ends when the customer takes it: the platforms call that "picked up"
  takeaway: { ready: ['ready'], on_the_way: ['ready', 'picked_up'], delivered: ['ready', 'picked_up'] },
};

/**
 * The platforms hear Hazır, Yolda and Teslim Edildi as Sofra's own records get there. A hook of
 * the write pipeline (command-hooks.ts): every command that touched tickets runs this before it
 * commits, and when one of them is an
 * accepted platform order whose status (derived from its lines, courier and close) has moved past
 * what the platform was told, the missing calls are queued in the outbox in the same transaction,
 * so a crash can neither lose nor repeat one. Neither the kitchen nor the courier module needs to
 * know about platforms. A step taken back (a line un-readied) is not retracted: no platform has a
 * call for it. Costs one indexed read for a command that touched tickets, none for any other.
 */
export async function followPlatformOrders(c: CommandContext, events: readonly QueuedEvent[]) {
  const ticketIds = ticketIdsOf(events);
  if (ticketIds.length === 0) return;
  const orders = await c.tx
    .select({ id: onlineOrders.id, source: onlineOrders.source, externalId: onlineOrders.externalId, type: onlineOrders.type, ticketId: onlineOrders.ticketId })
    .from(onlineOrders)
    .where(and(eq(onlineOrders.restaurantId, c.restaurantId), inArray(onlineOrders.ticketId, [...ticketIds]), followedOrder()));
  if (orders.length === 0) return;
  const states = await ticketStates(c.tx, orders.map((o) => o.ticketId!));
  const told = await c.tx
    .select({ orderId: platformOutbox.orderId, kind: platformOutbox.kind })
    .from(platformOutbox)
    .where(inArray(platformOutbox.orderId, orders.map((o) => o.id)));
  for (const order of orders) {
    const status = derivedStatus('accepted', states.get(order.ticketId!));
    const due = CALLS[order.type as 'delivery' | 'takeaway'][status] ?? [];
    const missing = due.filter((kind) => !told.some((t) => t.orderId === order.id && t.kind === kind));
    for (const kind of missing) await enqueueUpdate(c, order, { kind });
    if (missing.length > 0) c.emit('online-orders', order.id);
  }
}

/** The tickets a command touched: the ids of its 'tickets' and 'kitchen' events. */
const ticketIdsOf = (events: readonly QueuedEvent[]) => [
  ...new Set(events.flatMap((e) => ((e.type === 'tickets' || e.type === 'kitchen') && e.id ? [e.id] : []))),
];
