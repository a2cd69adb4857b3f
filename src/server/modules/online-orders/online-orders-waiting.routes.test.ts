import { eq } from 'drizzle-orm';
import type { OnlineOrdersWaitingInfo } from '../../../shared/online-orders-contract';
import { onlineOrders } from '../../db/schema';
import { createTestApp, staffedRestaurant, type TestContext } from '../../test-support/test-app';
import { onlineOrdersFixture } from './online-orders-test-kit';

/*
 * The kitchen screen rings while online orders wait for the owner's answer (Ayarlar): it may ask how
 * many wait and since when (GET …/online-orders/waiting), never the inbox itself; waiters may not.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

type Fixture = Awaited<ReturnType<typeof onlineOrdersFixture>>;
type Who = Fixture['restaurant']['kitchen'];

async function received(f: Fixture, extra: Record<string, unknown> = {}) {
  const res = await f.post(f.order(extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().orderId as string;
}
const waiting = async (f: Fixture, who: Who) => {
  const res = await f.call(who, 'GET', '/online-orders/waiting');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OnlineOrdersWaitingInfo;
};

describe('GET /online-orders/waiting', () => {
  it('counts the orders waiting for an answer, and the oldest one’s arrival; answered ones leave the count', async () => {
    const f = await onlineOrdersFixture(ctx);
    expect(await waiting(f, f.restaurant.kitchen)).toEqual({ count: 0, oldestAt: null });

    const first = await received(f);
    const second = await received(f);
    const [row] = await ctx.database.db.select({ receivedAt: onlineOrders.receivedAt }).from(onlineOrders).where(eq(onlineOrders.id, first));
    const two = await waiting(f, f.restaurant.kitchen);
    expect(two).toEqual({ count: 2, oldestAt: row.receivedAt.toISOString() });
    // the owner reads the same
    expect(await waiting(f, f.restaurant.owner)).toEqual(two);

    expect((await f.call(f.restaurant.owner, 'POST', `/online-orders/${first}/accept`, { prepMinutes: 20 })).statusCode).toBe(200);
    expect((await waiting(f, f.restaurant.kitchen)).count).toBe(1);
    expect((await f.call(f.restaurant.owner, 'POST', `/online-orders/${second}/reject`, { reason: 'too_busy' })).statusCode).toBe(200);
    expect(await waiting(f, f.restaurant.kitchen)).toEqual({ count: 0, oldestAt: null });
  });

  it('leaves a platform’s test order out: it never reaches the kitchen, so it does not ring there', async () => {
    const f = await onlineOrdersFixture(ctx);
    const test = await received(f);
    await ctx.database.db.update(onlineOrders).set({ isTest: true }).where(eq(onlineOrders.id, test));
    expect(await waiting(f, f.restaurant.kitchen)).toEqual({ count: 0, oldestAt: null });
    const real = await received(f);
    const [row] = await ctx.database.db.select({ receivedAt: onlineOrders.receivedAt }).from(onlineOrders).where(eq(onlineOrders.id, real));
    expect(await waiting(f, f.restaurant.kitchen)).toEqual({ count: 1, oldestAt: row.receivedAt.toISOString() });
  });

  it('tells nothing of the orders themselves (no customer, address or price)', async () => {
    const f = await onlineOrdersFixture(ctx);
    await received(f);
    const res = await f.call(f.restaurant.kitchen, 'GET', '/online-orders/waiting');
    expect(Object.keys(res.json()).sort()).toEqual(['count', 'oldestAt']);
    expect(res.body).not.toContain('Ayşe');
  });

  it('refuses a waiter (403), and the kitchen still cannot read the inbox', async () => {
    const f = await onlineOrdersFixture(ctx);
    await received(f);
    const waiter = await f.call(f.restaurant.waiter, 'GET', '/online-orders/waiting');
    expect(waiter.statusCode).toBe(403);
    expect(waiter.json()).toHaveProperty('error');
    expect((await f.call(f.restaurant.kitchen, 'GET', '/online-orders')).statusCode).toBe(403);
  });

  it('is refused signed out (401)', async () => {
    const f = await onlineOrdersFixture(ctx);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/restaurants/${f.restaurant.id}/online-orders/waiting` })).statusCode).toBe(401);
  });

  it("counts only the restaurant's own orders; another restaurant's kitchen is answered 404", async () => {
    const f = await onlineOrdersFixture(ctx);
    await received(f);
    const other = await staffedRestaurant(ctx);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/restaurants/${f.restaurant.id}/online-orders/waiting`, cookies: other.kitchen.cookies });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('"count"');
    const own = await ctx.app.inject({ method: 'GET', url: `/api/restaurants/${other.id}/online-orders/waiting`, cookies: other.kitchen.cookies });
    expect(own.json()).toEqual({ count: 0, oldestAt: null });
  });

  it("the kitchen's live feed hears an order arrive and be answered ('online-orders'), so its count refreshes", async () => {
    const f = await onlineOrdersFixture(ctx);
    const poll = async (after: number) => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/events/poll?after=${after}&timeout=5`, cookies: f.restaurant.kitchen.cookies });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { seq: number; events: { type: string; id?: string }[] };
    };
    const start = ctx.app.hub.currentSeq(f.restaurant.id);
    const orderId = await received(f);
    const arrived = await poll(start);
    expect(arrived.events).toContainEqual(expect.objectContaining({ type: 'online-orders', id: orderId }));

    expect((await f.call(f.restaurant.owner, 'POST', `/online-orders/${orderId}/reject`, { reason: 'too_busy' })).statusCode).toBe(200);
    const answered = await poll(arrived.seq);
    expect(answered.events.map((e) => e.type)).toContain('online-orders');
  });
});
