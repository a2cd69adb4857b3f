import { expect, offlineRequest, refusedRequest, test, type APIRequestContext, type Page, type Route } from '../fixtures';
import { DEMO, PHONE_DEVICE, demoRestaurantId, layOutDemoTables, loginAs } from '../helpers';
import { closeKitchenAlerts, ownTables } from './adisyon-helpers';

test.use(PHONE_DEVICE);
test.beforeEach(({ page }) => closeKitchenAlerts(page));

interface ServerTicket {
  id: string;
  version: number;
  tableName: string | null;
  lines: { name: string; quantity: number; status: string; batchId: string | null }[];
}

/** The signed-in page is controlled by the service worker (first install claims it, vite.config.ts). */
async function waitForServiceWorker(page: Page) {
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
}

async function openTable(page: Page, tableName: string) {
  await page.goto('/waiter/orders');
  await page.getByText('Liste', { exact: true }).click();
  await page.getByRole('tab', { name: 'Tümü' }).click();
  await page.getByTestId(`list-table-${tableName}`).click();
  await expect(page).toHaveURL(/\/waiter\/orders\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(tableName) })).toBeVisible();
  return page.url().split('/').pop()!;
}

const ticketOf = async (owner: APIRequestContext, rid: string, id: string) =>
  (await (await owner.get(`/api/restaurants/${rid}/tickets/${id}`)).json()) as ServerTicket;

/** The waiter opens one of two Teras tables of the test's own and adds one dish online; `other` is free. */
async function tableWithOneDish(page: Page, request: APIRequestContext) {
  const rid = await demoRestaurantId(request);
  await layOutDemoTables(request, rid);
  const [table, other] = await ownTables(request, rid, 'Teras', 2);
  await loginAs(page, DEMO.waiter, '/waiter');
  const ticketId = await openTable(page, table.name);
  await page.getByRole('button', { name: /^Mercimek Çorbası,/ }).click();
  await expect.poll(async () => (await ticketOf(request, rid, ticketId)).lines.length).toBe(1);
  return { rid, table, other, ticketId };
}

test('offline, the waiter adds dishes and sends; after a reload and the way back online the kitchen gets them once', async ({ page, context, request, pageErrors }) => {
  test.setTimeout(180_000);
  pageErrors.allow(offlineRequest);
  const rid = await demoRestaurantId(request); // `request` is the owner from here on
  await layOutDemoTables(request, rid);
  const [table] = await ownTables(request, rid, 'Bahçe', 1);
  await loginAs(page, DEMO.waiter, '/waiter');
  await waitForServiceWorker(page);
  const ticketId = await openTable(page, table.name);
  // one dish online, so the adisyon exists on the server and is saved on this device
  await page.getByRole('button', { name: /^Mercimek Çorbası,/ }).click();
  await expect(page.getByTestId('lines-summary')).toContainText('1 ürün');
  await expect.poll(async () => (await ticketOf(request, rid, ticketId)).lines.length).toBe(1);
  // the drinks category once online, so the menu is all on the device
  await page.getByRole('button', { name: /İçecekler$/ }).click();
  await page.getByRole('button', { name: /Çorbalar$/ }).click();

  await context.setOffline(true);
  const banner = page.getByTestId('offline-queue-banner');
  await page.getByRole('button', { name: /^Mercimek Çorbası,/ }).click(); // the server's line: 1 → 2
  await expect(banner).toContainText('Çevrimdışı');
  await page.getByRole('button', { name: /İçecekler$/ }).click();
  await page.getByRole('button', { name: /^Çay,/ }).click();
  await page.getByRole('button', { name: /^Çay,/ }).click(); // joins the line added offline
  await expect(page.getByTestId('lines-summary')).toContainText('4 ürün');
  await page.getByTestId('send-to-kitchen').click();
  await expect(page.getByTestId('offline-notice')).toContainText('Mutfağa Gönder kaydedildi');
  await expect(page.getByTestId('offline-queue-count')).toHaveText('3 işlem gönderilmeyi bekliyor');
  await expect(page.getByTestId('send-to-kitchen')).toBeDisabled();
  // nothing reached the server yet
  expect((await ticketOf(request, rid, ticketId)).lines.map((l) => [l.quantity, l.status])).toEqual([[1, 'pending']]);

  // A reload while offline: the service worker serves the app and the saved adisyon; the queue is in IndexedDB.
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(table.name) })).toBeVisible();
  await expect(page.getByTestId('offline-queue-count')).toHaveText('3 işlem gönderilmeyi bekliyor');
  await expect(page.getByTestId('lines-summary')).toContainText('4 ürün');

  await context.setOffline(false);
  await expect(page.getByTestId('offline-queue-count')).toHaveCount(0, { timeout: 30_000 });
  await expect(banner).toHaveCount(0);
  const after = await ticketOf(request, rid, ticketId);
  expect(after.lines.map((l) => [l.name, l.quantity, l.status]).sort()).toEqual([
    ['Mercimek Çorbası', 2, 'sent'],
    ['Çay', 2, 'sent'],
  ]);
  // exactly one kitchen batch for the offline Mutfağa Gönder
  expect(new Set(after.lines.map((l) => l.batchId)).size).toBe(1);
  await expect(page.getByTestId('offline-failed')).toHaveCount(0);
});

test('a table moved while the waiter was offline: the queued dish is not added and the waiter is told why and what to do', async ({ page, context, request, pageErrors }) => {
  test.setTimeout(180_000);
  pageErrors.allow(offlineRequest);
  // When the tap goes out before the page has heard it is offline (a loaded machine), it fails
  // unanswered and is queued with its request; the replay sends that same request, and the
  // server's stale-version 409 is what proves it did not apply before the replay plans it again
  // from the moved adisyon. When the page already knew, the tap is queued unsent and no request
  // is refused. Both are the designed path (src/client/api/offline-replay.ts).
  pageErrors.allow(refusedRequest(409));
  const { rid, table, other, ticketId } = await tableWithOneDish(page, request);

  await context.setOffline(true);
  await page.getByRole('button', { name: /^Ezogelin Çorbası,/ }).click();
  await expect(page.getByTestId('offline-queue-count')).toHaveText('1 işlem gönderilmeyi bekliyor');
  // meanwhile the owner moves the adisyon to another table
  const before = await ticketOf(request, rid, ticketId);
  const moved = await request.post(`/api/restaurants/${rid}/tickets/${ticketId}/move`, { data: { version: before.version, tableId: other.id } });
  expect(moved.status(), await moved.text()).toBe(200);

  await context.setOffline(false);
  const failed = page.getByTestId('offline-failed-item');
  await expect(failed).toContainText(`${table.name} siz çevrimdışıyken ${other.name} taşındı; işlem uygulanmadı.`, { timeout: 30_000 });
  await expect(failed).toContainText('Adisyonu yeni masasında açıp kontrol edin');
  expect((await ticketOf(request, rid, ticketId)).lines.map((l) => l.name)).toEqual(['Mercimek Çorbası']);
  await expect(page.getByTestId('offline-queue-count')).toHaveCount(0);
  await failed.getByRole('button', { name: /^Tamam/ }).click();
  await expect(page.getByTestId('offline-failed')).toHaveCount(0);
});

test('a tap whose answer was lost, on an adisyon moved meanwhile: nothing is added and the waiter is told why, whether the replay or the news of the move comes first', async ({ page, request, pageErrors }) => {
  test.setTimeout(180_000);
  // the lost answer, as Chromium logs it, and the stale-version refusal that proves nothing applied
  pageErrors.allow(offlineRequest);
  pageErrors.allow(refusedRequest(409));
  const { rid, table, other, ticketId } = await tableWithOneDish(page, request);

  // The page believes it is online: the tap goes out, and its request never reaches the server.
  const lost = (route: Route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback());
  await page.route(`**/tickets/${ticketId}/lines`, lost);
  await page.getByRole('button', { name: /^Ezogelin Çorbası,/ }).click();
  await expect(page.getByTestId('offline-queue-count')).toHaveText('1 işlem gönderilmeyi bekliyor');
  const before = await ticketOf(request, rid, ticketId);
  expect((await request.post(`/api/restaurants/${rid}/tickets/${ticketId}/move`, { data: { version: before.version, tableId: other.id } })).status()).toBe(200);

  // Two orders are possible, both right: the queue retries before the move's live event reaches the
  // page — the very request that was lost goes out again and is refused as stale — or the page hears
  // of the move first and does not send it at all (CI saw the second). Either way nothing applies.
  const refusals: Promise<string>[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith(`/tickets/${ticketId}/lines`) && r.request().method() === 'POST') refusals.push(r.json().then((b: { error?: string }) => `${r.status()} ${b.error ?? ''}`));
  });
  await page.unroute(`**/tickets/${ticketId}/lines`, lost);
  const failed = page.getByTestId('offline-failed-item');
  await expect(failed).toContainText(`${table.name} siz çevrimdışıyken ${other.name} taşındı; işlem uygulanmadı.`, { timeout: 45_000 });
  for (const answer of await Promise.all(refusals)) expect(answer).toMatch(/^409 .*başka biri tarafından değiştirildi/);
  expect((await ticketOf(request, rid, ticketId)).lines.map((l) => l.name)).toEqual(['Mercimek Çorbası']);
  await expect(page.getByTestId('offline-queue-count')).toHaveCount(0);
});
