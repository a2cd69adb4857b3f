import { expect, test, type Browser } from '../fixtures';
import { DEMO, PHONE, loginAs } from '../helpers';
import { Sender, hasTableService, restaurantIdOf } from './kitchen-helpers';

const TABLET = { width: 1024, height: 768 };

async function signedIn(browser: Browser, email: string, home: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await loginAs(page, email, home);
  return page;
}

test('on a 1024 × 768 kitchen tablet the sidebar folds behind ☰ and the cards get three columns', async ({ browser }) => {
  const waiter = await signedIn(browser, DEMO.waiter, '/waiter', PHONE);
  const sender = new Sender(waiter.request, await restaurantIdOf(waiter.request));
  test.skip(!(await hasTableService(waiter.request, sender.restaurantId)), 'needs the table-service API (Mutfağa Gönder)');
  const [table] = await sender.freeTables();
  const sent = await sender.send(await sender.openTable(table.id), [{ name: 'Yayla Çorbası' }]);

  const cook = await signedIn(browser, DEMO.kitchen, '/kitchen', TABLET);
  await cook.goto('/kitchen/orders');
  await expect(cook.locator(`[data-testid="kitchen-card"][data-batch="${sent.batchId}"]`)).toBeVisible();
  const sidebar = cook.locator('#sidebar');
  await expect(sidebar).not.toBeInViewport();
  const columns = await cook
    .getByTestId('kitchen-card')
    .first()
    .evaluate((card) => getComputedStyle(card.parentElement!).gridTemplateColumns.split(' ').length);
  expect(columns).toBeGreaterThanOrEqual(3);

  // ☰ brings the sidebar back over the cards, as on a phone.
  await cook.getByRole('button', { name: 'Menü' }).click();
  await expect(sidebar).toBeInViewport();
  await sidebar.getByRole('link', { name: 'Sipariş Geçmişi' }).click();
  await expect(cook).toHaveURL(/\/kitchen\/history$/);
  // Other screens keep the sidebar open on the tablet.
  await expect(sidebar).toBeInViewport();
});

test('Garson Ekranı: Tümünü Servis Et serves a table, and Geri Al brings its dishes back', async ({ browser }) => {
  const waiter = await signedIn(browser, DEMO.waiter, '/waiter', PHONE);
  const sender = new Sender(waiter.request, await restaurantIdOf(waiter.request));
  test.skip(!(await hasTableService(waiter.request, sender.restaurantId)), 'needs the table-service API (Mutfağa Gönder)');
  const [table] = await sender.freeTables();
  const sent = await sender.send(await sender.openTable(table.id), [{ name: 'Yayla Çorbası' }, { name: 'Şalgam' }]);
  const cook = await signedIn(browser, DEMO.kitchen, '/kitchen', TABLET);
  const bump = await cook.request.post(`/api/restaurants/${sender.restaurantId}/kitchen/batches/${sent.batchId}/bump`, { data: {} });
  expect(bump.ok(), await bump.text()).toBe(true);

  await waiter.goto('/waiter/waiter-screen');
  const group = waiter.getByTestId('ready-group').filter({ hasText: table.name });
  await expect(group).toContainText('Yayla Çorbası');
  await group.getByRole('button', { name: `${table.name}: Tümünü Servis Et` }).click();
  await expect(group).toHaveCount(0);
  const notice = waiter.getByTestId('serve-undo');
  await expect(notice).toContainText(`Servis edildi: ${table.name}`);
  await notice.getByRole('button', { name: /Geri Al/ }).click();
  await expect(group).toContainText('Şalgam');
  await expect(group.getByRole('button', { name: /Servis Edildi/ })).toHaveCount(2);
  await expect(notice).toHaveCount(0);
});
