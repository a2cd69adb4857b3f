import { eq } from 'drizzle-orm';
import { restaurants, tickets } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { behindTheBack as behindTheBackOf } from '../../test-support/behind-the-back';
import { billsFixture } from '../bills/bills-test-kit';
import { billLinkHash } from './chain-hash';
import { DAY_CHAIN_MESSAGES } from './day-chain';
import { billContent, billDigestOf, billParts } from './seal-bill';
import { CHAIN_MESSAGES, verifyChains } from './verify';

/*
 * A Gün Sonu names the last bill of its day and that bill's hash (day-chain.ts). Deleting the
 * day's last bill and putting the bill counter back leaves a bill chain that reads whole (no gap,
 * counter and last bill agree): only the Gün Sonu's link to its last bill can tell, so a last bill
 * that is gone must break that link, as one whose hash changed does (day-close.routes.test.ts).
 *
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

/** Runs `change` with the user triggers of the bill tables off, as the database's superuser could. */
const behindTheBack = (change: () => Promise<unknown>) => behindTheBackOf(db(), ['tickets', 'payments', 'ticket_lines'], change, 'USER');

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
