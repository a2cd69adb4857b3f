import { eq } from 'drizzle-orm';
import { onlineOrders } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { FAST, REMOTE, SECRETS, connected, deliver, useFakePlatform } from './platforms-test-kit';
import { TRENDYOL_ORDER } from './platforms/fixtures';
import { basicHeader } from './platforms/trendyol';

/*
 * Trendyol's webhook proves itself with HTTP Basic supplierId:webhookSecret (platforms/trendyol.ts).
 * Both halves must be this restaurant's: the right secret under another supplier id is refused
 * like a wrong secret (401, the same answer), and nothing is stored — the supplier id is what ties
 * the order to this restaurant's Trendyol account.
 */
let ctx: TestContext;
useFakePlatform();
beforeAll(async () => {
  ctx = await createTestApp({ platforms: FAST });
});
afterAll(async () => ctx?.close());

describe('a Trendyol webhook', () => {
  it('with the right secret but another supplier id answers 401, as a wrong secret does, and stores nothing', async () => {
    const { restaurant } = await connected(ctx, 'trendyol');
    const otherSupplier = `${REMOTE.trendyol}9`;
    const stored = () => ctx.database.db.select().from(onlineOrders).where(eq(onlineOrders.restaurantId, restaurant.id));

    const wrongSecret = await deliver(ctx, 'trendyol', restaurant.id, TRENDYOL_ORDER, { authorization: basicHeader(REMOTE.trendyol, 'baska-sir') });
    expect(wrongSecret.statusCode).toBe(401);
    const wrongSupplier = await deliver(ctx, 'trendyol', restaurant.id, TRENDYOL_ORDER, { authorization: basicHeader(otherSupplier, SECRETS.trendyol) });
    expect(wrongSupplier.statusCode).toBe(401);
    expect(wrongSupplier.json()).toEqual(wrongSecret.json());
    expect(await stored()).toHaveLength(0);

    // both halves right: taken
    const right = await deliver(ctx, 'trendyol', restaurant.id, TRENDYOL_ORDER, { authorization: basicHeader(REMOTE.trendyol, SECRETS.trendyol) });
    expect(right.statusCode, right.body).toBe(201);
    expect(await stored()).toHaveLength(1);
  });
});
