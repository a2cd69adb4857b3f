import { expect, test, type Browser } from '../fixtures';
import { formatTL } from '../../../src/shared/domain/money';
import { DEMO, DESKTOP_DEVICE, PHONE_DEVICE, demoRestaurantId, expectScreenRules, layOutDemoTables, loginAs, readFloor } from '../helpers';
import { chooseTicketAction, closeKitchenAlerts, closeLinesSheet, openLinesSheet } from './adisyon-helpers';

async function signedIn(browser: Browser, email: string, home: string, device: object) {
  const context = await browser.newContext(device);
  const page = await context.newPage();
  await closeKitchenAlerts(page);
  await loginAs(page, email, home);
  return page;
}

test('a waiter on a phone takes an order and sends it; the owner’s Açık Masalar and floor view follow without a reload', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const rid = await demoRestaurantId(request);
  await layOutDemoTables(request, rid);
  const owner = await signedIn(browser, DEMO.owner, '/owner', DESKTOP_DEVICE);
  const waiter = await signedIn(browser, DEMO.waiter, '/waiter', PHONE_DEVICE);
  await expect(owner.getByRole('heading', { name: 'Açık Masalar' })).toBeVisible();
  await expect(owner.getByTestId('open-sum')).toBeVisible();

  // The waiter works in the list view on the phone: the last free table of the last section that
  // has one (other tests add sections of their own, some empty, and leave tables open).
  const sections = await readFloor(waiter.request, rid);
  const section = sections.filter((s) => s.tables.some((t) => t.ticketId === null)).at(-1)!;
  const table = section.tables.filter((t) => t.ticketId === null).at(-1)!;
  await waiter.getByText('Liste', { exact: true }).click();
  await waiter.getByRole('tab', { name: section.name }).click();
  await waiter.getByTestId(`list-table-${table.name}`).click();
  await expect(waiter).toHaveURL(/\/waiter\/orders\/[^/]+$/);

  // The ticket shows up for the owner as soon as it opens.
  const row = owner.getByTestId('open-ticket').filter({ hasText: table.name });
  await expect(row).toContainText('Dolu');

  await waiter.getByRole('button', { name: 'Kişi sayısını artır' }).click();
  await expect(waiter.getByRole('group', { name: 'Kişi sayısı' })).toContainText('1 kişi');
  await waiter.getByRole('button', { name: /Pide ve Lahmacun$/ }).click();
  await waiter.getByRole('button', { name: /^Lahmacun,/ }).click();
  await waiter.getByRole('button', { name: /^Lahmacun,/ }).click();
  // On the phone the lines are in their sheet, behind the summary bar.
  const sheet = await openLinesSheet(waiter);
  await expect(sheet.getByTestId('ticket-line').filter({ hasText: 'Lahmacun' })).toContainText('2×');
  await closeLinesSheet(waiter);
  await waiter.getByTestId('send-to-kitchen').click();
  await openLinesSheet(waiter);
  await expect(sheet.getByTestId('ticket-line').filter({ hasText: 'Lahmacun' })).toContainText('Bekliyor');
  await closeLinesSheet(waiter);

  // Açık Masalar: the state, the total and the guests, live.
  await expect(row).toContainText('Mutfakta bekliyor');
  await expect(row).toContainText('180,00 TL');
  await expect(row).toContainText('1 kişi');
  // The sum of every open ticket, as the server counts them (the demo has a service in progress).
  const open = (await (await owner.request.get(`/api/restaurants/${rid}/tickets?status=open`)).json()) as { total: number }[];
  await expect(owner.getByTestId('open-sum')).toContainText(`${open.length} açık adisyon · Toplam ${formatTL(open.reduce((s, t) => s + t.total, 0))}`);
  await expectScreenRules(owner, 'Açık Masalar with a ticket', { isPhone: false });

  // The owner's floor view (reached through the sidebar, no reload) shows the table the same way.
  await owner.getByRole('navigation').getByRole('link', { name: 'Sipariş Ekranı' }).click();
  await owner.getByText('Kat planı', { exact: true }).click();
  await owner.getByRole('tab', { name: section.name }).click();
  const tile = owner.getByTestId(`floor-table-${table.name}`);
  await expect(tile).toHaveAttribute('aria-label', /Mutfakta bekliyor/);
  await expect(tile).toHaveAttribute('aria-label', /180,00 TL/);
  await expectScreenRules(owner, 'Sipariş Ekranı with an open table', { isPhone: false });

  // The bill is asked on the phone: the owner's floor changes without a reload.
  await chooseTicketAction(waiter, /Hesap İste$/);
  await expect(tile).toHaveAttribute('aria-label', /Hesap istendi/);
  await expect(tile).toHaveAttribute('data-state', 'bill');
  await waiter.getByRole('link', { name: 'Masalara dön' }).click();
  await expect(waiter.getByTestId(`list-table-${table.name}`)).toContainText('Hesap istendi');
  await expectScreenRules(waiter, 'Sipariş Ekranı list with a bill asked', { isPhone: true });

  // And the owner opens it from the floor: the same adisyon.
  await tile.click();
  await expect(owner.getByTestId('ticket-line').filter({ hasText: 'Lahmacun' })).toContainText('Bekliyor');
});
