import { eq } from 'drizzle-orm';
import { payments } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { billsFixture } from '../bills/bills-test-kit';
import { verifyChains } from './verify';

/*
 * Migration 0027 keeps a sealed bill's payments as they were sealed, and no other ticket's payment
 * may join them either: moved onto a closed bill, it would change what that bill was paid with (the
 * same as a line moved in, which audit-chain.routes.test.ts refuses). Refused outright, with the
 * server's own database role, not only found later by the verifier.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
const db = () => ctx.database.db;

it('a payment of an open ticket cannot be moved onto a sealed bill', async () => {
  const f = await billsFixture(ctx);
  await f.setSettings({ paymentMethods: ['cash', 'card'] });
  const sealed = await f.sentTicket();
  expect((await f.bills().pay(sealed, { method: 'card', amount: sealed.totals.remaining })).statusCode).toBe(200);
  expect((await f.bills().close(await f.api().ticket(sealed.id))).statusCode).toBe(200);

  const open = await f.sentTicket({ ezogelin: 1 });
  expect((await f.bills().pay(open, { method: 'card', amount: 1_000 })).statusCode).toBe(200);
  const [payment] = await db().select().from(payments).where(eq(payments.ticketId, open.id));

  await expect(db().update(payments).set({ ticketId: sealed.id }).where(eq(payments.id, payment.id))).rejects.toMatchObject({ cause: { code: '42501' } });
  expect((await verifyChains(db(), f.restaurant.id)).firstBroken).toBeNull();
});
