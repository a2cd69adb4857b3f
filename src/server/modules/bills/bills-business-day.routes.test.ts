import { eq } from 'drizzle-orm';
import type { BillSummary } from '../../../shared/bill-contract';
import type { KitchenHistoryResponse } from '../../../shared/kitchen-contract';
import { kitchenBatches, ticketLines } from '../../db/schema';
import type { TestContext } from '../../test-support/test-app';
import { billsTestAppAway, closeBillAt, type BillsFixture } from './bills-test-kit';

/*
 * Kapalı Hesaplar and the kitchen history list a business day of the restaurant: Istanbul's wall
 * clock from 05:00 (Ayarlar) to 05:00, whatever the server process's own time zone. A fixed clock
 * closes one bill at 04:59 and one at 05:00 Istanbul time; they belong to two different days, asked
 * for as "today" and by name.
 */
let ctx: TestContext;
let f: BillsFixture;
let app: Awaited<ReturnType<typeof billsTestAppAway>>;

// the server runs eleven hours away from the restaurant
beforeAll(async () => {
  app = await billsTestAppAway('America/Los_Angeles');
  ({ ctx, f } = app);
});
afterAll(() => app.close());

/** 24 November 2026, 04:59:30 and 05:00:00 in Istanbul (UTC+3). */
const AT_0459 = new Date('2026-11-25T01:59:30Z');
const AT_0500 = new Date('2026-11-25T02:00:00Z');

/** The bill numbers Kapalı Hesaplar lists, asked at the instant `now`. */
async function listed(query: string, now: Date) {
  vi.useFakeTimers({ toFake: ['Date'], now });
  try {
    const res = await f.api(f.restaurant.owner).call('GET', `/bills${query}`);
    expect(res.statusCode).toBe(200);
    return (res.json() as BillSummary[]).map((b) => b.billNumber);
  } finally {
    vi.useRealTimers();
  }
}

let late: { ticketId: string; billNumber: number };
let early: { ticketId: string; billNumber: number };

beforeAll(async () => {
  late = await closeBillAt(f, AT_0459);
  early = await closeBillAt(f, AT_0500);
});

it('a bill closed at 04:59 is in the business day before, one closed at 05:00 in the new day (named days)', async () => {
  expect(await listed('?from=2026-11-24&to=2026-11-24', AT_0500)).toEqual([late.billNumber]);
  expect(await listed('?from=2026-11-25&to=2026-11-25', AT_0500)).toEqual([early.billNumber]);
  expect(await listed('?from=2026-11-24&to=2026-11-25', AT_0500)).toEqual([early.billNumber, late.billNumber]);
});

it('"today" is the business day of the clock: at 04:59:59 still the 24th, from 05:00 the 25th', async () => {
  expect(await listed('', new Date('2026-11-25T01:59:59Z'))).toEqual([late.billNumber]);
  expect(await listed('', AT_0500)).toEqual([early.billNumber]);
  // at 23:00 Istanbul time (20:00 UTC, noon in the server's own zone) it is still the 25th
  expect(await listed('', new Date('2026-11-25T20:00:00Z'))).toEqual([early.billNumber]);
  // and at 04:00 the next night too
  expect(await listed('', new Date('2026-11-26T01:00:00Z'))).toEqual([early.billNumber]);
});

it('the kitchen history uses the same business days', async () => {
  // each ticket's one batch, served, sent at the instant its bill closed
  for (const [{ ticketId }, at] of [
    [late, AT_0459],
    [early, AT_0500],
  ] as const) {
    await ctx.database.db.update(kitchenBatches).set({ sentAt: at }).where(eq(kitchenBatches.ticketId, ticketId));
    await ctx.database.db.update(ticketLines).set({ status: 'served', readyAt: at, servedAt: at }).where(eq(ticketLines.ticketId, ticketId));
  }
  const history = async (query: string, now: Date) => {
    vi.useFakeTimers({ toFake: ['Date'], now });
    try {
      const res = await f.api(f.restaurant.kitchen).call('GET', `/kitchen/history${query}`);
      expect(res.statusCode).toBe(200);
      return (res.json() as KitchenHistoryResponse).batches.map((b) => b.ticketId).filter((id) => id === late.ticketId || id === early.ticketId);
    } finally {
      vi.useRealTimers();
    }
  };
  expect(await history('?from=2026-11-24&to=2026-11-24', AT_0500)).toEqual([late.ticketId]);
  expect(await history('', AT_0500)).toEqual([early.ticketId]);
  expect(await history('', new Date('2026-11-25T01:59:59Z'))).toEqual([late.ticketId]);
});
