import { and, eq, ne } from 'drizzle-orm';
import type { OnlineOrderInfo } from '../../../shared/online-orders-contract';
import { kitchenBatches, onlineOrders, payments, ticketLines, tickets } from '../../db/schema';
import { commandDeps } from '../../lib/routes';
import { type TestContext } from '../../test-support/test-app';
import { DELIVERY_FEE_LINE } from './online-order-commands';
import { checkOnlineOrders } from './online-orders-check';
import { appWithFakePlatform, authOf, connected, deliver, inbox } from './platforms-test-kit';
import { TRENDYOL_ORDER, YEMEKSEPETI_ORDER } from './platforms/fixtures';
import { sendDueScheduledOrders } from './scheduled-orders';

/*
 * An online order's money as the customer pays it (issue 38): the food, the delivery fee, each
 * discount by who funds it, what the customer pays and what the door collects are stored and sealed;
 * the bill is the restaurant's revenue (the food after its own discount, and the delivery fee when its
 * own courier delivers), never the fee of the platform's courier. And a scheduled order waits for its
 * time before reaching the kitchen.
 */

let ctx: TestContext;
appWithFakePlatform((c) => (ctx = c));

/** Yemeksepeti's sample with a 9,90 TL delivery fee: food 305, platform 20 and restaurant 10 off. */
const WITH_FEE = {
  ...YEMEKSEPETI_ORDER,
  code: 'YS-FEE-1',
  price: { grandTotal: '284.90', deliveryFee: '9.90', payRestaurant: '284.90', collectFromCustomer: '284.90' },
};

async function received(platform: 'yemeksepeti' | 'trendyol', body: object) {
  const shop = await connected(ctx, platform);
  const res = await deliver(ctx, platform, shop.restaurant.id, body, authOf(platform));
  expect(res.statusCode, res.body).toBe(201);
  return { ...shop, orderId: (res.json() as { orderId: string }).orderId };
}

const row = async (orderId: string) => (await ctx.database.db.select().from(onlineOrders).where(eq(onlineOrders.id, orderId)))[0];
const paymentsOf = (ticketId: string) => ctx.database.db.select({ method: payments.method, amount: payments.amountKurus }).from(payments).where(eq(payments.ticketId, ticketId));

describe('an online order’s money', () => {
  it('is stored as the platform states it and shown on the card: food, fee, both discounts, what the customer pays and the door collects', async () => {
    const shop = await received('yemeksepeti', WITH_FEE);
    expect(await row(shop.orderId)).toMatchObject({
      subtotalKurus: 30_500,
      platformDiscountKurus: 2000,
      restaurantDiscountKurus: 1000,
      totalKurus: 27_500,
      deliveryFeeKurus: 990,
      customerPaysKurus: 28_490,
      collectAtDoorKurus: 28_490,
      platformCourier: false,
    });
    const card = (await inbox(shop.owner)).find((o) => o.id === shop.orderId)!;
    expect(card).toMatchObject<Partial<OnlineOrderInfo>>({ subtotal: 30_500, platformDiscount: 2000, restaurantDiscount: 1000, total: 27_500, deliveryFee: 990, customerPays: 28_490, collectAtDoor: 28_490, platformCourier: false });
  });

  it('is sealed by the receive row: verify-audit holds, and an edited fee, door amount or courier flag is caught', async () => {
    const shop = await received('yemeksepeti', { ...WITH_FEE, code: 'YS-FEE-2' });
    const db = ctx.database.db;
    expect(await checkOnlineOrders(db, shop.restaurant.id)).toBeNull();
    for (const edit of [{ deliveryFeeKurus: 0 }, { collectAtDoorKurus: 0 }, { platformCourier: true }, { restaurantDiscountKurus: 0 }, { customerPaysKurus: 1 }]) {
      const [before] = await db.select().from(onlineOrders).where(eq(onlineOrders.id, shop.orderId));
      await db.update(onlineOrders).set(edit).where(eq(onlineOrders.id, shop.orderId));
      expect(await checkOnlineOrders(db, shop.restaurant.id), JSON.stringify(edit)).toMatchObject({ id: shop.orderId });
      await db.update(onlineOrders).set(before).where(eq(onlineOrders.id, shop.orderId));
    }
    expect(await checkOnlineOrders(db, shop.restaurant.id)).toBeNull();
  });

  it('accepted, the bill is the food after the restaurant’s own discount plus our courier’s delivery fee; the platform pays its share; the door collects the rest', async () => {
    const shop = await received('yemeksepeti', { ...WITH_FEE, code: 'YS-FEE-3' });
    const acc = await shop.owner('POST', `/online-orders/${shop.orderId}/accept`, { prepMinutes: 20 });
    expect(acc.statusCode, acc.body).toBe(200);
    const ticketId = acc.json().ticketId as string;
    const [ticket] = await ctx.database.db.select({ discount: tickets.discount }).from(tickets).where(eq(tickets.id, ticketId));
    expect(ticket.discount).toMatchObject({ type: 'amount', value: 1000 });
    const bill = (await shop.owner('GET', `/tickets/${ticketId}`)).json() as { totals: { total: number; remaining: number }; lines: { name: string; unitPrice: number; status: string; vatRate: number }[] };
    // food 305 − the restaurant's 10 + the fee 9,90
    expect(bill.totals.total).toBe(30_490);
    expect(bill.lines.find((l) => l.name === DELIVERY_FEE_LINE)).toMatchObject({ unitPrice: 990, status: 'served', vatRate: 10 });
    expect(await paymentsOf(ticketId)).toEqual([{ method: 'online', amount: 2000 }]);
    // what the courier takes at the door is exactly what the platform says the door collects
    expect(bill.totals.remaining).toBe((await row(shop.orderId)).collectAtDoorKurus);
    // the fee is no dish: the kitchen's batch carries the food only
    const sent = await ctx.database.db.select({ name: ticketLines.name, batchId: ticketLines.batchId }).from(ticketLines).where(eq(ticketLines.ticketId, ticketId));
    expect(sent.filter((l) => l.batchId !== null).map((l) => l.name)).not.toContain(DELIVERY_FEE_LINE);
    expect(sent.find((l) => l.name === DELIVERY_FEE_LINE)?.batchId).toBeNull();
    // nor a step of the kitchen's: the order is Onaylandı until a dish moves, Hazır when the dishes are
    const statusOf = async () => (await inbox(shop.owner)).find((o) => o.id === shop.orderId)!.status;
    expect(await statusOf()).toBe('accepted');
    await ctx.database.db.update(ticketLines).set({ status: 'ready' }).where(and(eq(ticketLines.ticketId, ticketId), ne(ticketLines.name, DELIVERY_FEE_LINE)));
    expect(await statusOf()).toBe('ready');
  });

  it('paid online with our courier, the platform’s payment covers the fee too: nothing is left to take at the door', async () => {
    const shop = await received('yemeksepeti', { ...WITH_FEE, code: 'YS-FEE-4', payment: { ...YEMEKSEPETI_ORDER.payment, status: 'paid' }, price: { ...WITH_FEE.price, collectFromCustomer: '0.00' } });
    expect((await row(shop.orderId)).paymentMethod).toBe('online');
    const acc = await shop.owner('POST', `/online-orders/${shop.orderId}/accept`, { prepMinutes: 20 });
    const ticketId = acc.json().ticketId as string;
    const bill = (await shop.owner('GET', `/tickets/${ticketId}`)).json() as { totals: { total: number; remaining: number } };
    expect(bill.totals).toMatchObject({ total: 30_490, remaining: 0 });
    expect(await paymentsOf(ticketId)).toEqual([{ method: 'online', amount: 30_490 }]);
  });

  it('with the platform’s rider, the delivery fee stays the platform’s: no fee line, the bill is the food', async () => {
    const riderAt = new Date(Date.now() + 20 * 60_000).toISOString();
    const shop = await received('yemeksepeti', { ...WITH_FEE, code: 'YS-FEE-5', delivery: { ...YEMEKSEPETI_ORDER.delivery, riderPickupTime: riderAt } });
    expect(await row(shop.orderId)).toMatchObject({ platformCourier: true, deliveryFeeKurus: 990 });
    const acc = await shop.owner('POST', `/online-orders/${shop.orderId}/accept`, { prepMinutes: 20 });
    expect(acc.statusCode, acc.body).toBe(200);
    const bill = (await shop.owner('GET', `/tickets/${acc.json().ticketId}`)).json() as { totals: { total: number }; lines: { name: string }[] };
    expect(bill.lines.map((l) => l.name)).not.toContain(DELIVERY_FEE_LINE);
    expect(bill.totals.total).toBe(29_500);
  });

  it('with the platform’s own courier, the platform settles the whole bill: no cash reaches the drawer, and only then is Teslim Edildi offered', async () => {
    const go = { ...TRENDYOL_ORDER, id: 'ty-go-1', deliveryType: 'GO', payment: { paymentType: 'PAY_WITH_ON_DELIVERY', mealCard: null, onDelivery: { paymentType: 'CASH' } } };
    const shop = await received('trendyol', go);
    const order = await row(shop.orderId);
    expect(order.platformCourier).toBe(true);
    const acc = await shop.owner('POST', `/online-orders/${shop.orderId}/accept`, { prepMinutes: 20 });
    expect(acc.statusCode, acc.body).toBe(200);
    const ticketId = acc.json().ticketId as string;
    const paid = await paymentsOf(ticketId);
    expect(paid.map((p) => p.method)).toEqual(['online']);
    const handed = await shop.owner('POST', `/online-orders/${shop.orderId}/handover`);
    expect(handed.statusCode, handed.body).toBe(200);
    expect((await paymentsOf(ticketId)).every((p) => p.method === 'online')).toBe(true);
  });

  it('Teslim Edildi is refused for a delivery our own courier takes', async () => {
    const shop = await received('trendyol', { ...TRENDYOL_ORDER, id: 'ty-store-1' });
    expect((await shop.owner('POST', `/online-orders/${shop.orderId}/accept`, { prepMinutes: 20 })).statusCode).toBe(200);
    const res = await shop.owner('POST', `/online-orders/${shop.orderId}/handover`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/kendi kuryemiz/);
  });
});

describe('a scheduled order', () => {
  it('waits after Onayla and reaches the kitchen at its promised time less the preparation minutes', async () => {
    const expectedAt = new Date(Date.now() + 3 * 3600_000);
    const shop = await received('yemeksepeti', {
      ...YEMEKSEPETI_ORDER,
      code: 'YS-LATER-1',
      preOrder: true,
      delivery: { ...YEMEKSEPETI_ORDER.delivery, expectedDeliveryTime: expectedAt.toISOString() },
    });
    const acc = await shop.owner('POST', `/online-orders/${shop.orderId}/accept`, { prepMinutes: 30 });
    expect(acc.statusCode, acc.body).toBe(200);
    const ticketId = acc.json().ticketId as string;
    const batches = () => ctx.database.db.select().from(kitchenBatches).where(and(eq(kitchenBatches.ticketId, ticketId)));
    expect(await batches()).toHaveLength(0);
    const deps = commandDeps(ctx.app);
    // 2 h 29 min before the promised time: still waiting
    expect(await sendDueScheduledOrders(deps, new Date(expectedAt.getTime() - 31 * 60_000))).toBe(0);
    expect(await batches()).toHaveLength(0);
    // 30 min before: sent, once
    expect(await sendDueScheduledOrders(deps, new Date(expectedAt.getTime() - 30 * 60_000))).toBe(1);
    expect(await batches()).toHaveLength(1);
    expect(await sendDueScheduledOrders(deps, new Date(expectedAt.getTime()))).toBe(0);
    expect(await batches()).toHaveLength(1);
  });

  it('goes to the kitchen at Onayla when its promised time is nearer than the preparation minutes', async () => {
    const expectedAt = new Date(Date.now() + 20 * 60_000);
    const shop = await received('yemeksepeti', {
      ...YEMEKSEPETI_ORDER,
      code: 'YS-SOON-1',
      preOrder: true,
      delivery: { ...YEMEKSEPETI_ORDER.delivery, expectedDeliveryTime: expectedAt.toISOString() },
    });
    const acc = await shop.owner('POST', `/online-orders/${shop.orderId}/accept`, { prepMinutes: 30 });
    expect(acc.statusCode, acc.body).toBe(200);
    const sent = await ctx.database.db.select().from(kitchenBatches).where(eq(kitchenBatches.ticketId, acc.json().ticketId as string));
    expect(sent).toHaveLength(1);
  });
});
