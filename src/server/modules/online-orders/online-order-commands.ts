import { and, eq, inArray } from 'drizzle-orm';
import { isUuid } from '../../../shared/ids';
import { ONLINE_ORDER_STATUS_LABELS, SOFRA_CHANNEL, type AcceptOnlineOrderRequest, type OnlineOrderStatus, type RejectOnlineOrderRequest, type SofraOrderRequest } from '../../../shared/online-orders-contract';
import { ONLINE_ORDER_SOURCE_LABELS, type OnlineOrderSource } from '../../../shared/domain/channels';
import { TICKET_LIMITS } from '../../../shared/ticket-contract';
import { integrationSecrets, menuItems, onlineOrders, tickets } from '../../db/schema';
import { HttpError } from '../../errors';
import type { CommandContext } from '../../lib/command';
import { assertBillHolds, insertChargeLine, insertPricedLines, openTicket, type PricedLine, priceLines, sendToKitchen, touchTicket } from '../orders';
import { takeSenderShare } from './online-order-endings';
import { kitchenDueAt } from './scheduled-orders';
import { ONLINE_ORDER_MESSAGES } from './online-orders-messages';
import { customerColumns, findReceived, insertOnlineOrder, orderBodyHash, type Reader, type Received } from './online-order-insert';
import { enqueueUpdate, type PlatformLineRow } from './platform-updates';
import { newSofraSecret } from './sofra-signature';

type OrderRow = typeof onlineOrders.$inferSelect;

/** An incoming order as every source hands it over (the Sofra channel's body is this shape). */
export type IncomingOrder = SofraOrderRequest;

/** An order checked and priced, ready to be stored. */
interface PreparedOrder {
  source: OnlineOrderSource;
  order: IncomingOrder;
  bodyHash: string;
  priced: PricedLine[];
}

/**
 * Takes in one order from `source`, in a command. Items are priced from this restaurant's Sofra
 * menu (priceLines, the waiter's rules): another restaurant's dish is refused and nothing is written.
 */
export async function receiveOnlineOrder(c: CommandContext, source: OnlineOrderSource, order: IncomingOrder): Promise<Received> {
  const prepared = await prepareOnlineOrder(c, source, order);
  return 'orderId' in prepared ? prepared : storeOnlineOrder(c, prepared);
}

/**
 * The reading half of an intake: an order already received is found, a new one priced. It needs no
 * lock, so the channels run it before the command, beside other orders (the restaurant's lock then
 * covers two statements per order: storeOnlineOrder).
 */
export async function prepareOnlineOrder(r: Reader, source: OnlineOrderSource, order: IncomingOrder): Promise<Received | PreparedOrder> {
  const bodyHash = orderBodyHash(order);
  const existing = await findReceived(r, source, order.externalId, bodyHash);
  if (existing) return existing;
  try {
    return { source, order, bodyHash, priced: await priceLines(r, order.items) };
  } catch (err) {
    // to a sender a dish it names that is not on this menu is a bad request, not a missing page
    if (err instanceof HttpError && err.statusCode === 404) {
      throw new HttpError(400, ONLINE_ORDER_MESSAGES.itemNotOnMenu(await firstUnknownItem(r, order.items.map((i) => i.menuItemId))));
    }
    throw err;
  }
}

/**
 * The writing half, in the command. A copy that was stored since it was prepared (50 copies sent at
 * once) meets the unique index online_orders_external_uq and finds the first order: only one inserts.
 */
export async function storeOnlineOrder(c: CommandContext, { source, order, bodyHash, priced }: PreparedOrder): Promise<Received> {
  const subtotal = priced.reduce((sum, p) => sum + p.unitPriceKurus * p.quantity, 0);
  const id = await insertOnlineOrder(c, {
    source,
    externalId: order.externalId,
    type: order.type,
    ...customerColumns(order.customer),
    items: priced,
    paymentMethod: order.payment.method,
    paymentBrand: order.payment.brand || null,
    subtotalKurus: subtotal,
    note: order.note || null,
    expectedAt: order.expectedAt ? new Date(order.expectedAt) : null,
    // a time the integrator or the caller gave is the time the customer wants it
    isScheduled: Boolean(order.expectedAt),
    bodyHash,
  });
  if (!id) return (await findReceived(c, source, order.externalId, bodyHash))!;
  return { orderId: id, status: 'new', created: true };
}

/** The first of `ids` that is not a dish of this restaurant (what the refusal names). */
async function firstUnknownItem(r: Reader, ids: string[]) {
  const valid = ids.filter(isUuid);
  const known = valid.length
    ? new Set((await r.tx.select({ id: menuItems.id }).from(menuItems).where(and(inArray(menuItems.id, valid), eq(menuItems.restaurantId, r.restaurantId)))).map((r) => r.id))
    : new Set<string>();
  return ids.find((id) => !known.has(id)) ?? '';
}

/** A new order of this restaurant, locked; an answered one is refused (409), never answered twice. */
async function lockNewOrder(c: CommandContext, orderId: string): Promise<OrderRow> {
  const order = await c.lockOwned(onlineOrders, orderId, ONLINE_ORDER_MESSAGES.orderNotFound);
  if (order.status !== 'new') {
    throw new HttpError(409, ONLINE_ORDER_MESSAGES.alreadyAnswered(ONLINE_ORDER_STATUS_LABELS[order.status as OnlineOrderStatus] ?? order.status), {
      status: order.status,
      ticketId: order.ticketId,
    });
  }
  return order;
}

const sourceName = (source: string) => ONLINE_ORDER_SOURCE_LABELS[source as OnlineOrderSource] ?? source;

/** "Ayşe Yılmaz · Sofra #W-1042": the kitchen card and the bill show the sender's order number. */
export function ticketCustomerName(order: Pick<OrderRow, 'customerName' | 'source' | 'externalId'>) {
  const sender = order.source === SOFRA_CHANNEL ? 'Sofra' : order.source === 'phone' ? 'Tel' : (ONLINE_ORDER_SOURCE_LABELS[order.source as OnlineOrderSource] ?? order.source);
  const tag = ` · ${sender} #${order.externalId}`;
  const room = TICKET_LIMITS.customerName - tag.length;
  return (order.customerName.length > room ? order.customerName.slice(0, Math.max(1, room - 1)).trimEnd() + '.' : order.customerName) + tag;
}

/**
 * Onayla: opens the Paket Servis / Gel-Al ticket with the order's lines and sends them to the
 * kitchen as one batch (a scheduled order's later, scheduled-orders.ts), all in this one command — an error anywhere leaves neither the ticket nor
 * the acceptance. The lines keep the prices the order was taken at (the customer was quoted them),
 * so they are written from the order's snapshot rather than priced again from today's menu; the
 * ticket's own rules (openTicket, assertBillHolds, sendToKitchen) are the waiter's, reused.
 */
export async function acceptOnlineOrder(c: CommandContext, orderId: string, req: AcceptOnlineOrderRequest) {
  const order = await lockNewOrder(c, orderId);
  // a platform's product with no Sofra dish: the order waits until it is mapped (never sent half)
  const unmapped = (order.items as PlatformLineRow[]).filter((l) => !l.menuItemId);
  if (unmapped.length > 0) throw new HttpError(409, ONLINE_ORDER_MESSAGES.unmappedItems(unmapped.map((l) => l.name)));
  if (order.isTest) return acceptTestOrder(c, order, req);
  // the platform's own courier takes it at our door: the platform keeps the customer's address
  const address = order.customerAddress ?? (order.platformCourier ? ONLINE_ORDER_MESSAGES.platformCourierAddress(sourceName(order.source)) : '');
  const customer = { name: ticketCustomerName(order), phone: order.customerPhone ?? '', address };
  // openTicket checks the customer again by the ticket's rules (a delivery's phone and address)
  const ticketId = await openTicket(c, order.type === 'delivery' ? { type: 'delivery', customer } : { type: 'takeaway', customer }, undefined, null);
  const lines = order.items as PricedLine[];
  await insertPricedLines(c, ticketId, lines);
  const fee = deliveryFeeLine(order, lines);
  if (fee) await insertChargeLine(c, ticketId, fee);
  await touchTicket(c, ticketId);
  await c.audit({
    action: 'ticket.lines.add',
    entity: 'ticket',
    entityId: ticketId,
    after: [...lines.map((l) => ({ name: l.name, quantity: l.quantity, unitPrice: l.unitPriceKurus })), ...(fee ? [{ name: fee.name, quantity: 1, unitPrice: fee.amountKurus }] : [])],
  });
  await takeRestaurantDiscount(c, ticketId, order);
  await assertBillHolds(c, ticketId);
  // a scheduled order waits: its lines reach the kitchen at the promised time less the
  // preparation minutes (scheduled-orders.ts sends them then)
  const kitchenAt = kitchenDueAt(order.isScheduled ? order.expectedAt : null, req.prepMinutes);
  if (!kitchenAt) {
    const [{ version }] = await c.tx.select({ version: tickets.version }).from(tickets).where(eq(tickets.id, ticketId));
    await sendToKitchen(c, ticketId, version);
  }
  await takeSenderShare(c, ticketId, order);
  const now = new Date();
  await c.tx
    .update(onlineOrders)
    .set({ status: 'accepted', prepMinutes: req.prepMinutes, ticketId, answeredAt: now, answeredBy: c.actor.userId, updatedAt: now, version: order.version + 1 })
    .where(eq(onlineOrders.id, order.id));
  await c.audit({
    action: 'online_order.accept',
    entity: 'online_order',
    entityId: order.id,
    before: { status: order.status },
    after: { status: 'accepted', prepMinutes: req.prepMinutes, ticketId, ...(kitchenAt ? { kitchenAt: kitchenAt.toISOString() } : {}) },
  });
  await enqueueUpdate(c, order, { kind: 'accept', prepMinutes: req.prepMinutes, ...(order.isScheduled ? { scheduled: true } : {}) });
  c.emit('online-orders', order.id);
  return { orderId: order.id, status: 'accepted' as const, ticketId: ticketId as string | null };
}

/** The bill line of a delivery fee the restaurant's own courier brings to the door. */
export const DELIVERY_FEE_LINE = 'Teslimat ücreti';

/**
 * A delivery fee is the restaurant's money when its own courier delivers (the platform's courier
 * keeps it with the platform), so it goes on the bill as a line of its own: the courier collects it
 * with the food, an online payment's share covers it, and Gün Sonu, the cash count and Satış
 * Raporları count it. Its VAT follows the food it brings (a side service takes the rate of the
 * supply it serves): the rate that carries most of the order's food.
 */
function deliveryFeeLine(order: OrderRow, lines: readonly PricedLine[]) {
  if (order.type !== 'delivery' || order.platformCourier || order.deliveryFeeKurus <= 0 || lines.length === 0) return null;
  const byRate = new Map<number, number>();
  for (const l of lines) byRate.set(l.vatRate, (byRate.get(l.vatRate) ?? 0) + l.unitPriceKurus * l.quantity);
  const [vatRate] = [...byRate].reduce((best, next) => (next[1] > best[1] ? next : best));
  return { name: DELIVERY_FEE_LINE, amountKurus: order.deliveryFeeKurus, vatRate, sortOrder: lines.length };
}

/** The ticket discount's label for the discount a restaurant funds on a platform (its own campaign). */
export const RESTAURANT_DISCOUNT_LABEL = 'Platform kampanyası (restoran)';

/**
 * The discount the restaurant funds on the platform is the restaurant's own İndirim: it becomes the
 * ticket's discount, so the bill, Gün Sonu and Satış Raporları count the food after it (what the
 * restaurant really earns) and show it among the discounts. The platform's own discount is not one:
 * the platform pays it (takeSenderShare).
 */
async function takeRestaurantDiscount(c: CommandContext, ticketId: string, order: OrderRow) {
  if (order.restaurantDiscountKurus <= 0) return;
  const discount = { type: 'amount' as const, value: order.restaurantDiscountKurus, label: RESTAURANT_DISCOUNT_LABEL };
  await touchTicket(c, ticketId, { discount });
  await c.audit({
    action: 'ticket.discount',
    entity: 'ticket',
    entityId: ticketId,
    before: { discount: null },
    after: { discount, amount: order.restaurantDiscountKurus },
    reason: RESTAURANT_DISCOUNT_LABEL,
  });
}

/** A platform's test order: answered to the platform like any other, but no ticket, nothing to the kitchen. */
async function acceptTestOrder(c: CommandContext, order: OrderRow, req: AcceptOnlineOrderRequest) {
  const now = new Date();
  await c.tx
    .update(onlineOrders)
    .set({ status: 'accepted', prepMinutes: req.prepMinutes, answeredAt: now, answeredBy: c.actor.userId, updatedAt: now, version: order.version + 1 })
    .where(eq(onlineOrders.id, order.id));
  await c.audit({ action: 'online_order.accept', entity: 'online_order', entityId: order.id, before: { status: order.status }, after: { status: 'accepted', prepMinutes: req.prepMinutes, test: true } });
  await enqueueUpdate(c, order, { kind: 'accept', prepMinutes: req.prepMinutes, ...(order.isScheduled ? { scheduled: true } : {}) });
  c.emit('online-orders', order.id);
  return { orderId: order.id, status: 'accepted' as const, ticketId: null as string | null };
}

/** Reddet with a reason; nothing reaches the kitchen. */
export async function rejectOnlineOrder(c: CommandContext, orderId: string, req: RejectOnlineOrderRequest) {
  const order = await lockNewOrder(c, orderId);
  const now = new Date();
  await c.tx
    .update(onlineOrders)
    .set({ status: 'rejected', rejectReason: req.reason, rejectNote: req.note || null, answeredAt: now, answeredBy: c.actor.userId, updatedAt: now, version: order.version + 1 })
    .where(eq(onlineOrders.id, order.id));
  await c.audit({
    action: 'online_order.reject',
    entity: 'online_order',
    entityId: order.id,
    before: { status: order.status },
    after: { status: 'rejected' },
    reason: req.note ? `${req.reason}: ${req.note}` : req.reason,
  });
  // Trendyol offers some reasons only where the restaurant's own courier was to deliver
  await enqueueUpdate(c, order, { kind: 'reject', reason: req.reason, ...(req.note ? { note: req.note } : {}), platformCourier: order.platformCourier });
  c.emit('online-orders', order.id);
}

/** A new secret for the restaurant's own channel; the old one stops with this commit. */
export async function rotateSofraSecret(c: CommandContext) {
  const secret = newSofraSecret();
  const now = new Date();
  await c.tx
    .insert(integrationSecrets)
    .values({ restaurantId: c.restaurantId, channel: SOFRA_CHANNEL, secret, rotatedBy: c.actor.userId, rotatedAt: now })
    .onConflictDoUpdate({ target: [integrationSecrets.restaurantId, integrationSecrets.channel], set: { secret, rotatedBy: c.actor.userId, rotatedAt: now } });
  // the secret itself never goes into the audit log
  await c.audit({ action: 'integration.secret.rotate', entity: 'integration', entityId: null, after: { channel: SOFRA_CHANNEL } });
  c.emit('settings.general');
  return secret;
}
