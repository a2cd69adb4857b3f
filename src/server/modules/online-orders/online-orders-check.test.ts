import { eq } from 'drizzle-orm';
import { onlineOrders } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { appendAuditRows } from '../audit-chain/append-audit';
import { checkOnlineOrders } from './online-orders-check';
import { onlineOrdersFixture } from './online-orders-test-kit';

/*
 * An order received before its receive row sealed the whole content (online-order-insert.ts) is
 * held to what that older row says: its source, number, type and total (online-orders-check.ts).
 * Its total edited afterwards must still show.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
const db = () => ctx.database.db;

it('catch the total of an order received before the content seal, edited afterwards', async () => {
  const o = await onlineOrdersFixture(ctx);
  const res = await o.post(o.order());
  expect(res.statusCode, res.body).toBe(201);
  const [received] = await db().select().from(onlineOrders).where(eq(onlineOrders.id, (res.json() as { orderId: string }).orderId));
  // an older order as it was stored and audited then: a receive row without `content`
  const { id: _id, ...rest } = received;
  const [old] = await db().insert(onlineOrders).values({ ...rest, externalId: 'ESKI-1' }).returning();
  await db().transaction((tx) =>
    appendAuditRows(tx, o.restaurant.id, [
      {
        actorUserId: null,
        actorRole: 'system',
        approverUserId: null,
        action: 'online_order.receive',
        entity: 'online_order',
        entityId: old.id,
        before: null,
        after: { source: old.source, externalId: old.externalId, type: old.type, total: old.totalKurus, lines: 2 },
        reason: null,
      },
    ]),
  );
  expect(await checkOnlineOrders(db(), o.restaurant.id)).toBeNull();

  await db().update(onlineOrders).set({ totalKurus: 1 }).where(eq(onlineOrders.id, old.id));
  expect(await checkOnlineOrders(db(), o.restaurant.id)).toMatchObject({ id: old.id, reason: expect.stringMatching(/ESKI-1\) alındığı andaki kaydıyla uyuşmuyor/) });
});
