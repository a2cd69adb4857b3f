import { expect, test } from '../fixtures';
import { DEMO, PHONE_DEVICE, demoRestaurantId, loginAs } from '../helpers';
import { closeKitchenAlerts, expectPressableWithoutScrolling, openLinesSheet, ownTables, waiterApi } from './adisyon-helpers';

test.use(PHONE_DEVICE);
test.beforeEach(({ page }) => closeKitchenAlerts(page));

test('the lines sheet of a 390×844 phone never outgrows the screen: four unsent lines scroll, Mutfağa Gönder stays in reach', async ({ page, request }) => {
  const rid = await demoRestaurantId(request); // `request` is now the owner
  const [table] = await ownTables(request, rid, 'Sayfa', 1);
  await loginAs(page, DEMO.waiter, '/waiter');
  const api = waiterApi(page.request, rid);
  const items = (await api.plainItems()).slice(0, 4);
  // unsent lines carry their Servis sırası select: four of them are taller than the phone
  const ticket = await api.add(await api.open({ type: 'table', tableId: table.id }), items.map((i) => i.id));

  await page.goto(`/waiter/orders/${ticket.id}`);
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(table.name) })).toBeVisible();
  const sheet = await openLinesSheet(page);
  await expect(sheet.getByTestId('ticket-line')).toHaveCount(4);
  // The sheet grew past the screen with nothing to scroll: the last line, the total and the
  // button were out of reach for good.
  await expectPressableWithoutScrolling(page, sheet.getByTestId('send-to-kitchen'));
  await sheet.getByTestId('ticket-line').last().scrollIntoViewIfNeeded();
  await expect(sheet.getByTestId('ticket-line').last()).toBeInViewport();
  await sheet.getByTestId('send-to-kitchen').click();
  await expect(page.getByRole('status').filter({ hasText: 'mutfağa gönderildi' })).toBeVisible();
});
