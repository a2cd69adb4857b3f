import { eq, sql } from 'drizzle-orm';
import { restaurants, tickets } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { billsFixture } from '../bills/bills-test-kit';
import { DAY_CHAIN_MESSAGES } from './day-chain';
import { verifyChains } from './verify';

/*
 * A Gün Sonu names the last bill of its day and that bill's hash (day-chain.ts). Deleting the
 * day's last bill and putting the bill counter back leaves a bill chain that reads whole (no gap,
 * counter and last bill agree): only the Gün Sonu's link to its last bill can tell, so a last bill
 * that is gone must break that link, as one whose hash changed does (day-close.routes.test.ts).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
const db = () => ctx.database.db;

/** Runs `change` with the user triggers of the bill tables off, as the database's superuser could. */
async function behindTheBack(change: () => Promise<unknown>) {
  const tables = ['tickets', 'payments', 'ticket_lines'];
  for (const t of tables) await db().execute(sql.raw(`ALTER TABLE ${t} DISABLE TRIGGER USER`));
  try {
    await change();
  } finally {
    for (const t of tables) await db().execute(sql.raw(`ALTER TABLE ${t} ENABLE TRIGGER USER`));
  }
}

it('a Gün Sonu whose last bill was deleted, with the bill counter put back, breaks the day chain', async () => {
  const f = await billsFixture(ctx);
  await f.setSettings({ paymentMethods: ['cash', 'card'] });
  const t = await f.sentTicket();
  expect((await f.bills().pay(t, { method: 'card', amount: t.totals.remaining })).statusCode).toBe(200);
  expect((await f.bills().close(await f.api().ticket(t.id))).statusCode).toBe(200);
  const closed = await f.api(f.restaurant.owner).call('POST', '/days/close', { countedCash: 0 });
  expect(closed.statusCode, closed.body).toBe(201);
  expect((await verifyChains(db(), f.restaurant.id)).firstBroken).toBeNull();

  await behindTheBack(async () => {
    await db().delete(tickets).where(eq(tickets.id, t.id));
    await db().update(restaurants).set({ lastBillNumber: 0 }).where(eq(restaurants.id, f.restaurant.id));
  });
  const report = await verifyChains(db(), f.restaurant.id);
  expect(report.brokenChains).toEqual(['day']);
  expect(report.firstBroken).toMatchObject({ kind: 'day', dayNumber: 1, reason: DAY_CHAIN_MESSAGES.billLinkBroken });
});
