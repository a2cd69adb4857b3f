import { expect, test } from '../fixtures';
import { DEMO, PHONE_DEVICE, demoRestaurantId, expectScreenRules, layOutDemoTables, loginAs, readFloor, tapCounter } from '../helpers';

test.use(PHONE_DEVICE);

/** The speed rule: a 4-item order with one option, from the floor view to sent (tests/e2e/waiter/speed-adisyon.spec.ts adds a note and no scrolling). */
const TAP_BUDGET = 9;

test('a waiter on a 390×844 phone takes a 4-item order with one option from the floor view to the kitchen in at most 9 taps', async ({ page, request }) => {
  const rid = await demoRestaurantId(request); // `request` is now the owner
  await layOutDemoTables(request, rid);
  await loginAs(page, DEMO.waiter, '/waiter');
  await expect(page.getByRole('heading', { name: 'Sipariş Ekranı' })).toBeVisible();

  // Start from the floor view (the saved preference may be the list); this is not part of the journey.
  const floorOption = page.getByText('Kat planı', { exact: true });
  await floorOption.click();
  const section = (await readFloor(page.request, rid))[0];
  const table = section.tables.find((t) => t.ticketId === null)!;
  await page.getByRole('tab', { name: section.name }).click();
  const tile = page.getByTestId(`floor-table-${table.name}`);
  await expect(tile).toBeVisible();

  const taps = tapCounter();
  const summary = page.getByTestId('lines-summary');

  await taps.tap(tile);
  await expect(page).toHaveURL(/\/waiter\/orders\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(table.name) })).toBeVisible();

  // Two soups from the first category (shown at once), one tap each.
  await taps.tap(page.getByRole('button', { name: /^Mercimek Çorbası,/ }));
  await expect(summary).toContainText('1 ürün');
  await taps.tap(page.getByRole('button', { name: /^Ezogelin Çorbası,/ }));
  await expect(summary).toContainText('2 ürün');

  // Drinks: Ayran asks for its size (required), Çay adds at once.
  await taps.tap(page.getByRole('button', { name: /İçecekler$/ }));
  await taps.tap(page.getByRole('button', { name: /^Ayran,/ }));
  const dialog = page.getByRole('dialog', { name: 'Ayran' });
  await taps.tap(dialog.getByRole('button', { name: /^Büyük/ }));
  await taps.tap(dialog.getByTestId('options-add'));
  await expect(summary).toContainText('3 ürün');
  await taps.tap(page.getByRole('button', { name: /^Çay,/ }));
  await expect(summary).toContainText('4 ürün');

  await taps.tap(page.getByTestId('send-to-kitchen'));
  await expect(page.getByRole('status').filter({ hasText: 'mutfağa gönderildi' })).toBeVisible();
  await expect(page.getByTestId('send-to-kitchen')).toBeDisabled();
  expect(taps.count).toBeLessThanOrEqual(TAP_BUDGET);

  // The lines, a tap away in their sheet (not part of the journey): all four went to the kitchen.
  await summary.tap();
  const sheet = page.getByRole('dialog', { name: new RegExp(`${table.name} · Satırlar`) });
  const line = (name: string) => sheet.getByTestId('ticket-line').filter({ hasText: name });
  await expect(sheet.getByTestId('ticket-line')).toHaveCount(4);
  await expect(line('Ayran')).toContainText('Büyük');
  for (const name of ['Mercimek Çorbası', 'Ezogelin Çorbası', 'Ayran', 'Çay']) await expect(line(name)).toContainText('Bekliyor');
  await sheet.getByRole('button', { name: 'Satırları kapat' }).tap();
  await expect(sheet).toHaveCount(0);
  // The adisyon after sending (its notice with a ✕ included) keeps the phone rules.
  await expectScreenRules(page, 'Adisyon after Mutfağa Gönder', { isPhone: true });
});
