import { expect, offlineRequest, request as playwrightRequest, refusedConnection, refusedRequest, test, type Page } from '../fixtures';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO, DEMO_PASSWORD, loginAs } from '../helpers';
import { Sender, hasTableService, restaurantIdOf } from './kitchen-helpers';

const BATCHES = 50;
const TABLET = { width: 1280, height: 800 };

/**
 * Sends `count` batches over five Gel-Al orders (first sends, then additions). Gel-Al needs no
 * table: the demo floor's free tables stay free for the other specs.
 */
async function sendMany(sender: Sender, count: number, onEach?: (i: number) => Promise<void>) {
  const tickets: Awaited<ReturnType<Sender['openTable']>>[] = [];
  for (let n = 1; n <= 5; n++) tickets.push(await sender.openTakeaway(`Yoğun Akşam ${n}`));
  const batchIds: string[] = [];
  for (let i = 0; i < count; i++) {
    const k: number = i % tickets.length;
    const sent = await sender.send(tickets[k], [{ name: i % 2 ? 'Çay' : 'Kola' }]);
    tickets[k] = sent.ticket;
    batchIds.push(sent.batchId);
    await onEach?.(i);
  }
  return batchIds;
}

/** Every batch shows exactly once, and no card is on the board twice. */
async function expectEachOnce(page: Page, batchIds: string[]) {
  for (const id of batchIds) await expect(page.locator(`[data-testid="kitchen-card"][data-batch="${id}"]`)).toHaveCount(1, { timeout: 20_000 });
  const shown = await page.locator('[data-testid="kitchen-card"]').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-batch')));
  expect(new Set(shown).size).toBe(shown.length);
}

test('a kitchen screen whose connection drops while 50 batches are sent shows all 50 exactly once when it is back', async ({ browser, request, pageErrors }) => {
  test.setTimeout(180_000);
  // the screen's requests while its network is cut are the point of this test (a read in flight
  // when it goes is logged as ERR_FAILED, one made after as ERR_INTERNET_DISCONNECTED)
  pageErrors.allow(offlineRequest);
  const context = await browser.newContext({ viewport: TABLET });
  const cook = await context.newPage();
  await loginAs(cook, DEMO.kitchen, '/kitchen');
  await expect(cook.getByRole('heading', { name: 'Siparişler' })).toBeVisible();

  const login = await request.post('/api/auth/login', { data: { email: DEMO.waiter, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const sender = new Sender(request, await restaurantIdOf(request));
  test.skip(!(await hasTableService(request, sender.restaurantId)), 'needs the table-service API (Mutfağa Gönder)');

  await context.setOffline(true);
  await expect(cook.getByTestId('offline-banner')).toContainText('Bağlantı yok');
  await expect(cook.getByTestId('offline-banner')).toContainText('Son güncelleme');
  const batchIds = await sendMany(sender, BATCHES);
  // The reads after the drop get no answer until the live feed is back and two more (a read and
  // its retry) have failed, as when the service worker's own network comes back a while after the
  // page's on a loaded tablet: the worker answers with the board saved before the drop, or with an
  // error, while the feed, connected again, sends no further resync. The board must not stay stale.
  let isFeedBack = false;
  let cutAfterFeed = 0;
  await context.route(/\/api\/events/, (route) => {
    isFeedBack = true;
    return route.continue();
  });
  let isCut = true;
  await context.route(/\/kitchen\/orders/, (route) => {
    if (!isCut) return route.continue();
    if (isFeedBack) cutAfterFeed++;
    return route.abort('internetdisconnected');
  });
  await context.setOffline(false);

  await expect(cook.getByTestId('offline-banner')).toHaveCount(0, { timeout: 20_000 });
  await expect.poll(() => cutAfterFeed).toBeGreaterThan(1);
  isCut = false;
  await expectEachOnce(cook, batchIds);
  await context.close();
});

test('a kitchen screen open through a server restart while 50 batches are sent shows all 50 exactly once', async ({ browser, request, pageErrors }) => {
  test.setTimeout(240_000);
  // the screen's requests while the server is down are the point of this test: refused while it
  // is gone, and 503 from the stopping server (Fastify answers requests on kept-alive connections
  // so while it closes)
  pageErrors.allow(refusedConnection);
  pageErrors.allow(refusedRequest(503));
  const probe = await request.post('/api/auth/login', { data: { email: DEMO.waiter, password: DEMO_PASSWORD } });
  expect(probe.ok()).toBe(true);
  test.skip(!(await hasTableService(request, await restaurantIdOf(request))), 'needs the table-service API (Mutfağa Gönder)');
  const port = Number(process.env.E2E_PORT ?? 3100) + 50;
  const base = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sofra-e2e-restart-'));
  let server: ChildProcess | null = null;
  const start = async () => {
    server = spawn(process.execPath, ['dist/server/server.js'], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: '1', LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    });
    await expect.poll(async () => (await fetch(`${base}/api/health`).catch(() => null))?.status ?? 0, { timeout: 90_000 }).toBe(200);
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server || server.exitCode !== null) return resolve();
      server.once('exit', () => resolve());
      server.kill('SIGTERM');
    });

  try {
    await start();
    const context = await browser.newContext({ viewport: TABLET, baseURL: base });
    const cook = await context.newPage();
    await loginAs(cook, DEMO.kitchen, '/kitchen');
    await expect(cook.getByRole('heading', { name: 'Siparişler' })).toBeVisible();

    const api = await playwrightRequest.newContext({ baseURL: base });
    const login = await api.post('/api/auth/login', { data: { email: DEMO.waiter, password: DEMO_PASSWORD } });
    expect(login.ok()).toBe(true);
    const sender = new Sender(api, await restaurantIdOf(api));

    let restart: Promise<void> | null = null;
    const batchIds = await sendMany(sender, BATCHES, async (i) => {
      // Down after the 20th send, up again while the rest are sent (the sender retries).
      if (i === 19) {
        await stop();
        await expect(cook.getByTestId('offline-banner')).toBeVisible({ timeout: 30_000 });
        restart = start();
      }
    });
    await restart;
    await expectEachOnce(cook, batchIds);
    await expect(cook.getByTestId('offline-banner')).toHaveCount(0);
    await api.dispose();
    await context.close();
  } finally {
    await stop();
  }
});
