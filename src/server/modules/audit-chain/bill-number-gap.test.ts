import { eq, sql } from 'drizzle-orm';
import { restaurants, tickets } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { billsFixture } from '../bills/bills-test-kit';
import { billLinkHash } from './chain-hash';
import { billContent, billDigestOf, billParts } from './seal-bill';
import { CHAIN_MESSAGES, verifyChains } from './verify';

/*
 * Bill numbers run 1…n without a gap. Someone with the app's own hash functions can renumber a bill
 * and seal it again (digest and link recomputed, the counter moved on to match): every hash then
 * holds, so only the numbers themselves can tell that a bill is missing between two.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
const db = () => ctx.database.db;

async function behindTheBack(change: () => Promise<unknown>) {
  const tables = ['tickets', 'payments', 'ticket_lines'];
  for (const t of tables) await db().execute(sql.raw(`ALTER TABLE ${t} DISABLE TRIGGER USER`));
  try {
    await change();
  } finally {
    for (const t of tables) await db().execute(sql.raw(`ALTER TABLE ${t} ENABLE TRIGGER USER`));
  }
}

it('a bill renumbered and resealed past a gap, with the counter moved on, is named as a gap', async () => {
  const f = await billsFixture(ctx);
  await f.setSettings({ paymentMethods: ['cash', 'card'] });
  const closedIds: string[] = [];
  for (let i = 0; i < 2; i++) {
    const t = await f.sentTicket();
    expect((await f.bills().pay(t, { method: 'card', amount: t.totals.remaining })).statusCode).toBe(200);
    expect((await f.bills().close(await f.api().ticket(t.id))).statusCode).toBe(200);
    closedIds.push(t.id);
  }
  expect((await verifyChains(db(), f.restaurant.id)).firstBroken).toBeNull();

  const [second] = await db().select().from(tickets).where(eq(tickets.id, closedIds[1]));
  expect(second.billNumber).toBe(2);
  const { lines, paid } = await billParts(db(), second.id);
  const digest = billDigestOf(billContent({ ...second, billNumber: 4 }, lines, paid));
  await behindTheBack(async () => {
    await db().update(tickets).set({ billNumber: 4, billDigest: digest, billHash: billLinkHash(second.billPrevHash!, digest) }).where(eq(tickets.id, second.id));
    await db().update(restaurants).set({ lastBillNumber: 4 }).where(eq(restaurants.id, f.restaurant.id));
  });

  const report = await verifyChains(db(), f.restaurant.id);
  expect(report.brokenChains).toEqual(['bill']);
  expect(report.firstBroken).toMatchObject({ kind: 'bill', billNumber: 4, reason: CHAIN_MESSAGES.billNumberGap(2, 3) });
});
