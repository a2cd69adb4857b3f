import { expect, test, type Browser, type Page } from '../fixtures';
import { DEMO, PHONE, expectNoTextOverflow, loginAs } from '../helpers';
import { Sender, hasTableService, restaurantIdOf } from './kitchen-helpers';

const TABLET = { width: 1024, height: 768 };

async function signedIn(browser: Browser, email: string, home: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await loginAs(page, email, home);
  return page;
}

const card = (page: Page, batchId: string) => page.locator(`[data-testid="kitchen-card"][data-batch="${batchId}"]`);

test('a sent order reaches the kitchen live, the waiter is told when it is ready, serves it, and it moves to history; an addition comes as its own card', async ({ browser }) => {
  const waiter = await signedIn(browser, DEMO.waiter, '/waiter', PHONE);
  const cook = await signedIn(browser, DEMO.kitchen, '/kitchen', TABLET);
  await cook.goto('/kitchen/orders');
  await expect(cook.getByRole('heading', { name: 'Siparişler' })).toBeVisible();
  await waiter.getByRole('button', { name: 'Menü' }).click();
  await waiter.getByRole('navigation').getByRole('link', { name: 'Garson Ekranı' }).click();
  await expect(waiter.getByRole('heading', { name: 'Garson Ekranı' })).toBeVisible();

  // The waiter sends (through the table-service API, as the signed-in waiter).
  const sender = new Sender(waiter.request, await restaurantIdOf(waiter.request));
  test.skip(!(await hasTableService(waiter.request, sender.restaurantId)), 'needs the table-service API (Mutfağa Gönder)');
  const [table] = await sender.freeTables();
  const ticket = await sender.openTable(table.id);
  const first = await sender.send(ticket, [
    { name: 'İzmir Köfte', quantity: 2, note: 'acılı' },
    { name: 'Yayla Çorbası' },
  ]);

  // The card appears without a reload, with the table, the lines and the note.
  const firstCard = card(cook, first.batchId);
  await expect(firstCard).toBeVisible();
  await expect(firstCard.getByRole('heading', { name: table.name })).toBeVisible();
  await expect(firstCard).toContainText('2×');
  await expect(firstCard).toContainText('İzmir Köfte');
  await expect(firstCard).toContainText('Not: acılı');
  await expect(firstCard).not.toContainText('EK SİPARİŞ');
  await expect(cook.getByTestId('kitchen-summary')).toContainText('2 × İzmir Köfte');

  // A tap moves a line on: Bekliyor → Hazırlanıyor.
  await firstCard.getByRole('button', { name: /İzmir Köfte: Bekliyor/ }).click();
  await expect(firstCard.getByRole('button', { name: /İzmir Köfte: Hazırlanıyor/ })).toBeVisible();

  // An addition arrives as its own card with only the new lines.
  const addition = await sender.send(first.ticket, [{ name: 'Şalgam' }]);
  const additionCard = card(cook, addition.batchId);
  await expect(additionCard).toBeVisible();
  await expect(additionCard).toContainText('EK SİPARİŞ');
  await expect(additionCard).toContainText('Şalgam');
  await expect(additionCard).not.toContainText('İzmir Köfte');
  await expect(firstCard).not.toContainText('Şalgam');

  // Tümü Hazır: the card leaves the board, the waiter is alerted and sees the lines ready.
  await firstCard.getByRole('button', { name: 'Tümü Hazır' }).click();
  await expect(firstCard).toHaveCount(0);
  const group = waiter.getByTestId('ready-group').filter({ hasText: table.name });
  await expect(group).toContainText('İzmir Köfte');
  await expect(group).toContainText('Yayla Çorbası');

  // Elsewhere in the app, the waiter still hears about it: the in-app alert.
  await waiter.getByRole('button', { name: 'Menü' }).click();
  await waiter.getByRole('navigation').getByRole('link', { name: 'Ayarlar', exact: true }).click();
  // On Garson Ekranı the list itself is the alert: the ready tap must come once the waiter has left it.
  await expect(waiter).toHaveURL(/\/waiter\/settings/);
  await additionCard.getByRole('button', { name: 'Tümü Hazır' }).click();
  const toast = waiter.getByTestId('kitchen-toast').filter({ hasText: 'Şalgam' });
  await expect(toast).toContainText('Şalgam');
  await toast.getByRole('link', { name: 'Garson Ekranı' }).click();
  await expect(waiter).toHaveURL(/\/waiter\/waiter-screen$/);

  // Servis Edildi for each line; then the table has nothing left to serve.
  for (const name of ['İzmir Köfte', 'Yayla Çorbası', 'Şalgam']) {
    await group.getByRole('button', { name: new RegExp(`${name}: Servis Edildi`) }).click();
    await expect(group.getByText(name, { exact: true })).toHaveCount(0);
  }
  await expect(group).toHaveCount(0);

  // History: the first card with its sent, ready and served times.
  // The kitchen screen folds the sidebar behind ☰ on this 1024 px tablet.
  await cook.getByRole('button', { name: 'Menü' }).click();
  await cook.getByRole('navigation').getByRole('link', { name: 'Sipariş Geçmişi' }).click();
  const row = cook.getByTestId('history-batch').filter({ hasText: 'İzmir Köfte' }).first();
  await expect(row).toContainText(table.name);
  await expect(row).toContainText('Servis Edildi');
  await expect(row).not.toContainText('Servis: —');
  await expect(cook.getByRole('table', { name: 'Ürün başına hazırlama süresi' })).toContainText('İzmir Köfte');
});

test('a note typed as one long word wraps inside the cook’s card and the waiter’s ready list on a phone', async ({ browser }) => {
  const waiter = await signedIn(browser, DEMO.waiter, '/waiter', PHONE);
  const cook = await signedIn(browser, DEMO.kitchen, '/kitchen', PHONE);
  const sender = new Sender(waiter.request, await restaurantIdOf(waiter.request));
  test.skip(!(await hasTableService(waiter.request, sender.restaurantId)), 'needs the table-service API (Mutfağa Gönder)');
  const [table] = await sender.freeTables();
  const note = 'soğansızacısızbolsoslusıcakgelsin'.repeat(4);
  const sent = await sender.send(await sender.openTable(table.id), [{ name: 'Lahmacun', note }]);

  await cook.goto('/kitchen/orders');
  const sentCard = card(cook, sent.batchId);
  await expect(sentCard).toContainText(note);
  await expectNoTextOverflow(cook, 'kitchen card with a long note');

  await sentCard.getByRole('button', { name: 'Tümü Hazır' }).click();
  await expect(sentCard).toHaveCount(0);
  await waiter.goto('/waiter/waiter-screen');
  const group = waiter.getByTestId('ready-group').filter({ hasText: table.name });
  await expect(group).toContainText(note);
  await expectNoTextOverflow(waiter, 'Garson Ekranı with a long note');
  await group.getByRole('button', { name: /Lahmacun: Servis Edildi/ }).click();
  await expect(group).toHaveCount(0);
});
