import { eq } from 'drizzle-orm';
import { onlineOrders, platformConnections } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { FAST, REMOTE, SECRETS, authOf, connected, deliver, inbox, useFakePlatform } from './platforms-test-kit';
import { GETIR_ORDER, YEMEKSEPETI_ORDER } from './platforms/fixtures';

/*
 * An order number is the platform's own: Getir and Yemeksepeti count independently, so the same
 * number from both is two orders (online_orders is unique on restaurant, source and external id,
 * and online-order-insert.ts looks a repeat up the same way). Taken as one, the second platform's
 * customer would get nothing, or be refused as a changed order.
 */
let ctx: TestContext;
useFakePlatform();
beforeAll(async () => {
  ctx = await createTestApp({ platforms: FAST });
});
afterAll(async () => ctx?.close());

describe('the same order id from two platforms', () => {
  it('makes two orders, one per platform; each platform sending it again still finds its own', async () => {
    const { restaurant, owner } = await connected(ctx, 'getir');
    // the same restaurant on Yemeksepeti too
    const [getir] = await ctx.database.db.select().from(platformConnections).where(eq(platformConnections.restaurantId, restaurant.id));
    await ctx.database.db.insert(platformConnections).values({
      restaurantId: restaurant.id,
      platform: 'yemeksepeti',
      webhookSecret: SECRETS.yemeksepeti,
      clientId: 'yemeksepeti-client',
      clientSecret: 'yemeksepeti-client-secret',
      remoteCode: REMOTE.yemeksepeti,
      baseUrl: getir.baseUrl,
      productMap: getir.productMap,
    });

    const id = '40021';
    const fromGetir = await deliver(ctx, 'getir', restaurant.id, { ...GETIR_ORDER, id }, authOf('getir'));
    expect(fromGetir.statusCode, fromGetir.body).toBe(201);
    const fromYemeksepeti = await deliver(ctx, 'yemeksepeti', restaurant.id, { ...YEMEKSEPETI_ORDER, code: id }, authOf('yemeksepeti'));
    expect(fromYemeksepeti.statusCode, fromYemeksepeti.body).toBe(201);
    expect(fromYemeksepeti.json().orderId).not.toBe(fromGetir.json().orderId);

    const stored = await ctx.database.db.select().from(onlineOrders).where(eq(onlineOrders.restaurantId, restaurant.id));
    expect(stored.map((o) => [o.source, o.externalId]).sort()).toEqual([
      ['getir', id],
      ['yemeksepeti', id],
    ]);
    expect((await inbox(owner)).map((o) => o.externalId)).toEqual([id, id]);

    // a retry from either platform is its own order again, not the other's
    const again = await deliver(ctx, 'yemeksepeti', restaurant.id, { ...YEMEKSEPETI_ORDER, code: id }, authOf('yemeksepeti'));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().orderId).toBe(fromYemeksepeti.json().orderId);
    const getirAgain = await deliver(ctx, 'getir', restaurant.id, { ...GETIR_ORDER, id }, authOf('getir'));
    expect(getirAgain.statusCode, getirAgain.body).toBe(200);
    expect(getirAgain.json().orderId).toBe(fromGetir.json().orderId);
  });
});
