import { and, eq } from 'drizzle-orm';
import { ONLINE_ORDER_SOURCE_LABELS, type OnlineOrderSource } from '../../../shared/domain/channels';
import { courierAssignments, onlineOrders, payments, tickets } from '../../db/schema';
import { HttpError } from '../../errors';
import type { CommandContext } from '../../lib/command';
import { closeTicket, takePayment } from '../bills';
import { assertBillHolds, cancelAllLines, touchTicket } from '../orders';
import { ONLINE_ORDER_MESSAGES } from './online-orders-messages';

type OrderRow = typeof onlineOrders.$inferSelect;

const sourceLabel = (source: string) => ONLINE_ORDER_SOURCE_LABELS[source as OnlineOrderSource] ?? source;

/**
 * What the sender pays the restaurant, as an 'online' payment named after it, taken when the order
 * is accepted: the whole bill when the customer paid online or the platform's own courier delivers
 * (it collects at the door and settles with the restaurant: no cash of it reaches the drawer), else
 * the platform's own discount (it pays the restaurant what it took off the customer's price). So the
 * bill, the courier's page and Gün Sonu all show what is left to collect at the door, and such an
 * order closes when it is handed over. Written here rather than through takePayment: the sender's
 * money is no payment method the restaurant switches on or off in Ayarlar.
 */
export async function takeSenderShare(c: CommandContext, ticketId: string, order: Pick<OrderRow, 'source' | 'paymentMethod' | 'platformDiscountKurus' | 'platformCourier'>) {
  const { bill } = await assertBillHolds(c, ticketId);
  const amount = order.paymentMethod === 'online' || order.platformCourier ? bill.remaining : Math.min(order.platformDiscountKurus, bill.remaining);
  if (amount <= 0) return;
  const brand = sourceLabel(order.source);
  const [row] = await c.tx
    .insert(payments)
    .values({ restaurantId: c.restaurantId, ticketId, method: 'online', brand, amountKurus: amount, takenBy: c.actor.userId })
    .returning({ id: payments.id });
  await touchTicket(c, ticketId);
  await c.audit({
    action: 'ticket.payment',
    entity: 'ticket',
    entityId: ticketId,
    after: { paymentId: row.id, method: 'online', brand, amount, tip: 0, change: 0, lineIds: [], customerName: null, remaining: bill.remaining - amount },
  });
}

/**
 * Teslim Edildi from the inbox: a Gel-Al order taken at the counter, or a delivery the platform's
 * own courier took. What is left to pay is taken with the method the order names (Ayarlar's rules,
 * as at the bill screen), then the ticket closes. An order with one of our couriers is the courier's
 * to finish (their Teslim Ettim keeps the trip's cash right).
 */
export async function handOverOnlineOrder(c: CommandContext, orderId: string) {
  const order = await c.lockOwned(onlineOrders, orderId, ONLINE_ORDER_MESSAGES.orderNotFound);
  if (order.status !== 'accepted' || !order.ticketId) throw new HttpError(409, ONLINE_ORDER_MESSAGES.notAccepted);
  const [ticket] = await c.tx.select().from(tickets).where(eq(tickets.id, order.ticketId)).for('update');
  if (ticket.status !== 'open') throw new HttpError(409, ONLINE_ORDER_MESSAGES.notAccepted);
  const [assignment] = await c.tx.select({ id: courierAssignments.id }).from(courierAssignments).where(eq(courierAssignments.ticketId, ticket.id));
  if (assignment) throw new HttpError(409, ONLINE_ORDER_MESSAGES.withCourier);
  // a delivery of our own (phone, own channel, a platform order our courier takes) is the courier's
  // to finish: only the platform's courier takes an order at our door and settles it with the platform
  if (order.type === 'delivery' && !order.platformCourier) throw new HttpError(409, ONLINE_ORDER_MESSAGES.notPlatformCourier);
  const { bill } = await assertBillHolds(c, ticket.id);
  if (bill.remaining > 0) {
    const method = order.paymentMethod === 'online' ? 'card' : (order.paymentMethod as 'cash' | 'card' | 'meal_card');
    await takePayment(c, ticket.id, { method, amount: bill.remaining, ...(method === 'meal_card' ? { brand: order.paymentBrand ?? '' } : {}) });
  }
  const [{ version }] = await c.tx.select({ version: tickets.version }).from(tickets).where(eq(tickets.id, ticket.id));
  await closeTicket(c, ticket.id, version);
  await c.audit({ action: 'online_order.handover', entity: 'online_order', entityId: order.id, after: { ticketId: ticket.id } });
  c.emit('online-orders', order.id);
}

/**
 * A platform withdraws an order. Unanswered: it is simply İptal. Accepted: every line still live is
 * cancelled as an İptal from the bill screen is (the kitchen card shows it struck through at once),
 * the platform's promised payment is withdrawn with it, a courier assignment not yet delivered is
 * taken off the trip, and the ticket closes with nothing to pay — never a half-made order left open.
 * Once handed over it is refused (409): the money moved, which the owner settles with the platform.
 * The same cancellation again changes nothing.
 */
export async function cancelPlatformOrder(c: CommandContext, source: string, externalId: string, reason: string | null) {
  const [found] = await c.tx
    .select({ id: onlineOrders.id })
    .from(onlineOrders)
    .where(and(eq(onlineOrders.restaurantId, c.restaurantId), eq(onlineOrders.source, source), eq(onlineOrders.externalId, externalId)));
  if (!found) throw new HttpError(404, ONLINE_ORDER_MESSAGES.orderNotFound);
  const order = await c.lockOwned(onlineOrders, found.id, ONLINE_ORDER_MESSAGES.orderNotFound);
  if (order.status === 'cancelled' || order.status === 'rejected') return { orderId: order.id, status: order.status as 'cancelled' | 'rejected' };
  const why = [ONLINE_ORDER_MESSAGES.cancelledByPlatform(sourceLabel(source)), reason].filter(Boolean).join(': ').slice(0, 200);
  if (order.ticketId) await withdrawTicket(c, order, why);
  const now = new Date();
  await c.tx
    .update(onlineOrders)
    .set({ status: 'cancelled', rejectNote: reason, updatedAt: now, version: order.version + 1 })
    .where(eq(onlineOrders.id, order.id));
  await c.audit({ action: 'online_order.cancel', entity: 'online_order', entityId: order.id, before: { status: order.status }, after: { status: 'cancelled', ticketId: order.ticketId }, reason: why });
  c.emit('online-orders', order.id);
  return { orderId: order.id, status: 'cancelled' as const };
}

async function withdrawTicket(c: CommandContext, order: OrderRow, why: string) {
  const [ticket] = await c.tx.select().from(tickets).where(eq(tickets.id, order.ticketId!)).for('update');
  const [courier] = await c.tx.select().from(courierAssignments).where(eq(courierAssignments.ticketId, ticket.id)).for('update');
  if (ticket.status !== 'open' || courier?.status === 'delivered') throw new HttpError(409, ONLINE_ORDER_MESSAGES.alreadyDelivered);
  const now = new Date();
  const cancelled = await cancelAllLines(c, ticket.id, why, now);
  // only the sender's own payment can be on it: a courier's collection closes the ticket
  const withdrawn = await c.tx
    .delete(payments)
    .where(and(eq(payments.ticketId, ticket.id), eq(payments.method, 'online'), eq(payments.brand, sourceLabel(order.source))))
    .returning({ id: payments.id, amount: payments.amountKurus });
  if (courier) await c.tx.delete(courierAssignments).where(eq(courierAssignments.id, courier.id));
  await touchTicket(c, ticket.id);
  await c.audit({
    action: 'ticket.platform_cancel',
    entity: 'ticket',
    entityId: ticket.id,
    before: { lines: cancelled, payments: withdrawn, courierId: courier?.courierId ?? null },
    after: { status: 'cancelled' },
    reason: why,
  });
  const [{ version }] = await c.tx.select({ version: tickets.version }).from(tickets).where(eq(tickets.id, ticket.id));
  await closeTicket(c, ticket.id, version);
  if (courier) c.emit('couriers', courier.courierId);
}
