import { eq } from 'drizzle-orm';
import { onlineOrders } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { onlineOrdersFixture } from './online-orders-test-kit';

/*
 * Orders stored before body hashes (migration 0025) have none: the same externalId sent again
 * finds the first order (200), as a retry does, and is never refused as a changed order
 * (findReceived in online-order-insert.ts) — the sender's retry after an upgrade must not fail.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

it('answers a retry of an order stored before body hashes with the first order, not 409', async () => {
  const o = await onlineOrdersFixture(ctx);
  const order = o.order({ externalId: 'HASHSIZ-1' });
  const first = await o.post(order);
  expect(first.statusCode, first.body).toBe(201);
  const { orderId } = first.json() as { orderId: string };
  await ctx.database.db.update(onlineOrders).set({ bodyHash: null }).where(eq(onlineOrders.id, orderId));

  const again = await o.post(order);
  expect(again.statusCode, again.body).toBe(200);
  expect(again.json()).toMatchObject({ orderId });
  expect(await ctx.database.db.select().from(onlineOrders).where(eq(onlineOrders.restaurantId, o.restaurant.id))).toHaveLength(1);
});
