import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { onlineOrders, platformConnections, platformPollLeases } from '../../db/schema';
import { commandDeps } from '../../lib/routes';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { FAST, connected, fake, inbox } from './platforms-test-kit';
import { TRENDYOL_POLL_MS, TrendyolPoller } from './trendyol-poller';
import { simulatedBaseUrl } from './simulated-platform';

/*
 * The Trendyol poller (trendyol-poller.ts): Trendyol Go sends no order webhook, so Sofra asks for
 * its packages. The platform here is a scripted fetch and the clock is the test's: each poll is run
 * by hand (pollDue), and the timers of start/stop are the test's too.
 */

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../tests/fixtures/platforms');
const fixture = (name: string) => JSON.parse(readFileSync(path.join(FIXTURES, 'trendyol', `${name}.json`), 'utf8')) as Record<string, unknown>;
const PACKAGE = fixture('own-courier-package');
const PACKAGE_ID = PACKAGE.id as string;

/** Trendyol's page of packages, its envelope as Trendyol's "paketleri çekme" page shows it. */
const pageOf = (content: unknown[], totalPages = 1, page = 0) => ({ totalElements: content.length, totalPages, page, size: 50, content });

interface Seen {
  url: URL;
  headers: Record<string, string>;
}
const script = {
  seen: [] as Seen[],
  status: 200,
  created: [] as unknown[],
  withdrawn: [] as unknown[],
};
const scriptedFetch: typeof fetch = async (input, init) => {
  const url = new URL(String(input));
  script.seen.push({ url, headers: Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v])) });
  if (script.status !== 200) return new Response('hata', { status: script.status });
  const statuses = url.searchParams.get('packageStatuses');
  const content = statuses === 'Created' ? script.created : script.withdrawn;
  return new Response(JSON.stringify(pageOf(content)), { status: 200, headers: { 'content-type': 'application/json' } });
};

let ctx: TestContext;
let clock = Date.parse('2026-11-27T12:00:00Z');
const INTERVAL = 15_000;
const quiet = { warn: () => undefined, error: () => undefined, info: () => undefined } as never;
const pollerOf = (over: Partial<ConstructorParameters<typeof TrendyolPoller>[3]> = {}) =>
  new TrendyolPoller(commandDeps(ctx.app), ctx.app.platformOutbox.client, quiet, { intervalMs: INTERVAL, now: () => clock, ...over });

beforeAll(async () => {
  fake.baseUrl = 'https://tgo.platform.test';
  ctx = await createTestApp({ platforms: { ...FAST, fetch: scriptedFetch } });
});
afterAll(async () => ctx?.close());
beforeEach(async () => {
  script.seen.length = 0;
  script.status = 200;
  script.created = [];
  script.withdrawn = [];
  // one test's connections are not the next one's
  await ctx.database.db.delete(platformConnections);
});

const leases = () => ctx.database.db.select().from(platformPollLeases);

async function trendyolShop(codes: Partial<typeof platformConnections.$inferInsert> = { storeId: '153', executorUser: 'mutfak@lokanta.example' }) {
  const shop = await connected(ctx, 'trendyol');
  await ctx.database.db.update(platformConnections).set(codes).where(and(eq(platformConnections.restaurantId, shop.restaurant.id), eq(platformConnections.platform, 'trendyol')));
  return shop;
}

describe('the Trendyol poller', () => {
  it('asks for waiting packages on Trendyol’s documented path with its required headers, and takes a new one through the intake once', async () => {
    const { owner } = await trendyolShop();
    script.created = [PACKAGE];
    await pollerOf().pollDue();
    const [created, withdrawn] = script.seen;
    expect(created.url.pathname).toBe('/integrator/order/meal/suppliers/3344/packages');
    expect(Object.fromEntries(created.url.searchParams)).toEqual({ packageStatuses: 'Created', storeId: '153', page: '0', size: '50' });
    expect(created.headers).toMatchObject({
      authorization: `Basic ${Buffer.from('trendyol-client:trendyol-client-secret').toString('base64')}`,
      'user-agent': '3344 - SelfIntegration',
      'x-agentname': 'SelfIntegration',
      'x-executor-user': 'mutfak@lokanta.example',
    });
    expect(withdrawn.url.searchParams.get('packageStatuses')).toBe('Cancelled,UnSupplied');
    const orders = await inbox(owner);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ source: 'trendyol', externalId: PACKAGE_ID, status: 'new' });

    // the package still waits on Trendyol (Created) at the next poll: it is not taken again
    clock += INTERVAL;
    const poller = pollerOf();
    await poller.pollDue();
    const again = await inbox(owner);
    expect(again).toHaveLength(1);
    expect(again[0].version).toBe(orders[0].version);
  });

  it('withdraws an order Trendyol cancelled, asking for the packages modified since its last poll (an hour back the first time, a minute’s overlap after)', async () => {
    const { owner, restaurant } = await trendyolShop();
    script.created = [PACKAGE];
    const poller = pollerOf();
    const first = clock;
    await poller.pollDue();
    expect(script.seen[1].url.searchParams.get('packageModificationStartDate')).toBe(String(first - 60 * 60_000));

    // Trendyol's answer for a cancelled package (the fixture's), for the package taken above
    script.created = [];
    script.withdrawn = [{ ...fixture('cancelled-package'), id: PACKAGE_ID }];
    clock += INTERVAL;
    await poller.pollDue();
    expect(script.seen[3].url.searchParams.get('packageModificationStartDate')).toBe(String(first - 60_000));
    const [order] = await inbox(owner);
    expect(order.status).toBe('cancelled');
    // a package Sofra never took is nothing to withdraw
    script.withdrawn = [{ id: 'unknown-package', packageStatus: 'UnSupplied' }];
    clock += INTERVAL;
    await poller.pollDue();
    expect(await ctx.database.db.select().from(onlineOrders).where(eq(onlineOrders.restaurantId, restaurant.id))).toHaveLength(1);
  });

  it('leaves alone a connection that is off, lacks its keys or supplier id, or is the demo’s simulated one', async () => {
    await trendyolShop({ enabled: false });
    await trendyolShop({ clientSecret: '' });
    await trendyolShop({ remoteCode: '' });
    await trendyolShop({ baseUrl: simulatedBaseUrl('trendyol') });
    await connected(ctx, 'getir');
    await pollerOf().pollDue();
    expect(script.seen).toEqual([]);
  });

  it('waits twice as long after each failure, up to its limit, and polls at its interval again after a success', async () => {
    await trendyolShop();
    script.status = 503;
    const poller = pollerOf({ maxBackoffMs: 4 * INTERVAL });
    const asked = () => script.seen.filter((s) => s.url.searchParams.get('packageStatuses') === 'Created').length;
    await poller.pollDue(); // fails: next in 2 intervals
    expect(asked()).toBe(1);
    clock += INTERVAL;
    await poller.pollDue();
    expect(asked()).toBe(1);
    clock += INTERVAL;
    await poller.pollDue(); // fails again: next in 4 intervals (the limit)
    expect(asked()).toBe(2);
    clock += 3 * INTERVAL;
    await poller.pollDue();
    expect(asked()).toBe(2);
    clock += INTERVAL;
    await poller.pollDue(); // a third failure: 8 intervals by doubling, 4 by the limit
    expect(asked()).toBe(3);
    clock += 4 * INTERVAL;
    script.status = 200;
    await poller.pollDue(); // succeeds
    expect(asked()).toBe(4);
    clock += INTERVAL;
    await poller.pollDue();
    expect(asked()).toBe(5);
  });

  it('is asked once per interval when two servers poll one database: the one that claims the turn polls, the other skips', async () => {
    const { owner } = await trendyolShop();
    script.created = [PACKAGE];
    const [first, second] = [pollerOf(), pollerOf()];
    const asked = () => script.seen.filter((s) => s.url.searchParams.get('packageStatuses') === 'Created').length;
    await Promise.all([first.pollDue(), second.pollDue()]);
    expect(asked()).toBe(1);
    expect((await inbox(owner)).filter((o) => o.externalId === PACKAGE_ID)).toHaveLength(1);
    clock += INTERVAL / 2;
    await second.pollDue();
    expect(asked()).toBe(1);
    // the turn is the database's, not the server's: the other one takes the next
    clock += INTERVAL / 2;
    await second.pollDue();
    await first.pollDue();
    expect(asked()).toBe(2);
  });

  it('a server that dies mid-poll holds the turn for its lease only, then another polls', async () => {
    await trendyolShop();
    // the first server's call to Trendyol never answers (it died with the call open)
    const dying = new TrendyolPoller(commandDeps(ctx.app), { read: () => new Promise(() => undefined) } as never, quiet, { intervalMs: INTERVAL, now: () => clock });
    void dying.pollDue();
    await vi.waitFor(async () => expect(await leases()).toHaveLength(1));
    const other = pollerOf();
    await other.pollDue();
    expect(script.seen).toHaveLength(0);
    clock += 2 * 60_000;
    await other.pollDue();
    expect(script.seen.length).toBeGreaterThan(0);
  });

  it('stays within Trendyol’s limit of 50 requests to one endpoint in 10 seconds', async () => {
    await trendyolShop();
    script.created = Array.from({ length: 3 }, () => PACKAGE);
    await pollerOf().pollDue();
    const perPoll = script.seen.length;
    expect(perPoll).toBeLessThanOrEqual(10);
    expect((perPoll * 10_000) / TRENDYOL_POLL_MS).toBeLessThanOrEqual(50);
  });

  it('polls on its timer and stops for good on shutdown, waiting for the poll under way', async () => {
    await trendyolShop();
    const timers: { fn: () => void; ms: number }[] = [];
    const cleared: unknown[] = [];
    const poller = pollerOf({
      setTimer: (fn, ms) => {
        timers.push({ fn, ms });
        return timers.length;
      },
      clearTimer: (handle) => cleared.push(handle),
    });
    poller.start();
    expect(timers).toHaveLength(1);
    expect(timers[0].ms).toBe(INTERVAL);
    timers[0].fn();
    await vi.waitFor(() => expect(script.seen.length).toBe(2));
    await poller.stop();
    const polled = script.seen.length;
    // the poll rescheduled itself; the stop cleared that timer
    expect(cleared).toEqual([timers.length]);
    // nothing is scheduled after the stop, and a timer that fires late runs no poll
    const scheduled = timers.length;
    for (const t of timers) t.fn();
    await poller.stop();
    expect(timers).toHaveLength(scheduled);
    expect(script.seen.length).toBe(polled);
  });

  it('runs in the app when asked for, and stops when the app closes', async () => {
    const own = await createTestApp({ platforms: { ...FAST, fetch: scriptedFetch, trendyolPollMs: 20 } });
    const shop = await connected(own, 'trendyol');
    await own.database.db.update(platformConnections).set({ storeId: '153' }).where(eq(platformConnections.restaurantId, shop.restaurant.id));
    script.seen.length = 0;
    await vi.waitFor(() => expect(script.seen.length).toBeGreaterThan(0), { timeout: 5000 });
    await own.close();
    const after = script.seen.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(script.seen.length).toBe(after);
  });
});
