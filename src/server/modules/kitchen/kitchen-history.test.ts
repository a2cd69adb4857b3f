import { eq, inArray } from 'drizzle-orm';
import type { KitchenHistoryResponse } from '../../../shared/kitchen-contract';
import { ticketLines } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { kitchenFixture, sendBatch } from './kitchen-test-kit';

let ctx: TestContext;
let rid: string;
type Session = { user: { id: string }; cookies: Record<string, string> };
let cook: Session;
let waiter: Session;

beforeAll(async () => {
  ctx = await createTestApp();
  const f = await kitchenFixture(ctx);
  rid = f.restaurant.id;
  cook = await f.session('kitchen');
  waiter = await f.session('waiter', 'Mehmet Garson');
});
afterAll(() => ctx.close());

/**
 * The cards here were sent up to 15 minutes ago: right after the business day starts (05:00 in
 * İstanbul) that is still yesterday's business day. Unless a test names its own period, it asks
 * for yesterday and today (UTC dates one day either side cover every time zone).
 */
const utcDate = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const RECENT = `from=${utcDate(-2)}&to=${utcDate(1)}`;

const history = async (query = '') => {
  const q = query.includes('from=') ? query : `${query ? `${query}&` : '?'}${RECENT}`;
  const res = await ctx.app.inject({ method: 'GET', url: `/api/restaurants/${rid}/kitchen/history${q}`, cookies: cook.cookies });
  return { status: res.statusCode, body: res.json() as KitchenHistoryResponse & { error?: string } };
};

/** A batch sent `ageSeconds` ago whose lines were made ready `prep` seconds after sending. */
async function madeBatch(lines: { name: string; station?: string }[], ageSeconds: number, prep: number[], tableName = 'Salon 2') {
  const b = await sendBatch(ctx, { restaurantId: rid, waiterId: waiter.user.id, lines, ageSeconds, tableName });
  const sentAt = b.sentAt.getTime();
  for (const [i, id] of b.lineIds.entries()) {
    await ctx.database.db
      .update(ticketLines)
      .set({ status: 'ready', preparingAt: new Date(sentAt), readyAt: new Date(sentAt + prep[i] * 1000) })
      .where(eq(ticketLines.id, id));
  }
  return { ...b, sentAt };
}

describe('kitchen history', () => {
  it('lists completed cards newest first with sent, ready and served times and durations', async () => {
    const older = await madeBatch([{ name: 'Adana Kebap' }], 900, [600]);
    const newer = await madeBatch([{ name: 'Adana Kebap' }, { name: 'Ayran', station: 'Bar' }], 600, [300, 60]);
    const cooking = await sendBatch(ctx, { restaurantId: rid, waiterId: waiter.user.id, lines: [{ name: 'Pide' }] });
    await ctx.database.db.update(ticketLines).set({ status: 'served', servedAt: new Date(older.sentAt + 800_000) }).where(eq(ticketLines.id, older.lineIds[0]));

    const { body } = await history();
    const ids = body.batches.map((b) => b.batchId);
    expect(ids.indexOf(newer.batchId)).toBeLessThan(ids.indexOf(older.batchId));
    expect(ids).not.toContain(cooking.batchId);
    const first = body.batches.find((b) => b.batchId === older.batchId)!;
    expect(first.prepSeconds).toBe(600);
    expect(first.totalSeconds).toBe(800);
    expect(first.servedAt).not.toBeNull();
    expect(first.canRecall).toBe(false);
    const second = body.batches.find((b) => b.batchId === newer.batchId)!;
    expect(second).toMatchObject({ prepSeconds: 300, servedAt: null, totalSeconds: null, canRecall: true, waiterName: 'Mehmet Garson' });
  });

  it('gives the average and 90th-percentile preparation time per item', async () => {
    const { body } = await history();
    const adana = body.stats.find((s) => s.name === 'Adana Kebap')!;
    expect(adana).toEqual({ name: 'Adana Kebap', count: 2, avgSeconds: 450, p90Seconds: 600 });
    expect(body.stats.find((s) => s.name === 'Ayran')).toMatchObject({ count: 1, avgSeconds: 60, p90Seconds: 60 });
  });

  it('filters by station and table', async () => {
    const other = await madeBatch([{ name: 'Şalgam', station: 'Bar' }], 300, [30], 'Teras 5');
    const bar = (await history('?station=Bar')).body;
    expect(bar.batches.every((b) => b.lines.every((l) => l.station === 'Bar'))).toBe(true);
    expect(bar.stats.map((s) => s.name).sort()).toEqual(['Ayran', 'Şalgam']);
    const terrace = (await history(`?table=${encodeURIComponent('teras 5')}`)).body;
    expect(terrace.batches.map((b) => b.batchId)).toEqual([other.batchId]);
  });

  it('filters by business day: a period before these cards or in the future holds nothing, and a reversed period is refused', async () => {
    expect((await history()).body.batches.length).toBeGreaterThan(0);
    expect((await history(`?from=2020-01-01&to=${utcDate(-3)}`)).body.batches).toEqual([]);
    expect((await history('?from=2099-01-01&to=2099-01-31')).body).toEqual({ batches: [], stats: [], isTruncated: false });
    const reversed = await history('?from=2026-02-01&to=2026-01-01');
    expect(reversed.status).toBe(400);
    expect(reversed.body.error).toMatch(/Başlangıç/);
    expect((await history('?from=dün')).status).toBe(400);
  });

  it('counts portions, not lines: one line of 3 Lahmacun and one of 1 make 4', async () => {
    const b = await madeBatch([{ name: 'Lahmacun' }, { name: 'Lahmacun' }], 120, [60, 60]);
    await ctx.database.db.update(ticketLines).set({ quantity: 3 }).where(eq(ticketLines.id, b.lineIds[0]));
    expect((await history()).body.stats.find((s) => s.name === 'Lahmacun')).toMatchObject({ count: 4, avgSeconds: 60 });
  });

  it('leaves cancelled lines out of the preparation times', async () => {
    const b = await madeBatch([{ name: 'Künefe' }, { name: 'Künefe' }], 200, [100, 10]);
    await ctx.database.db.update(ticketLines).set({ status: 'cancelled' }).where(inArray(ticketLines.id, [b.lineIds[1]]));
    expect((await history()).body.stats.find((s) => s.name === 'Künefe')).toMatchObject({ count: 1, avgSeconds: 100 });
  });
});
