import { expect, test } from '../fixtures';
import { DEMO, PHONE_DEVICE, demoRestaurantId, loginAs } from '../helpers';
import { chooseTicketAction, closeKitchenAlerts, closeLinesSheet, expectPressableWithoutScrolling, openLinesSheet, ownTables, waiterApi } from './adisyon-helpers';

test.use(PHONE_DEVICE);
// The previous journeys' sends, never received by a kitchen screen, raise an alert that may cover a control.
test.beforeEach(({ page }) => closeKitchenAlerts(page));

test('Satırları Taşı on a 390×844 phone: ticking several lines keeps the app up, the list scrolls and its buttons stay on screen', async ({ page, request }) => {
  const rid = await demoRestaurantId(request); // `request` is now the owner
  const [from, to] = await ownTables(request, rid, 'Taşı', 2);
  await loginAs(page, DEMO.waiter, '/waiter');
  const api = waiterApi(page.request, rid);
  const items = (await api.plainItems()).slice(0, 12);
  expect(items.length).toBe(12);
  const ticket = await api.send(await api.add(await api.open({ type: 'table', tableId: from.id }), items.map((i) => i.id)));

  await page.goto(`/waiter/orders/${ticket.id}`);
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(from.name) })).toBeVisible();
  const sheet = await openLinesSheet(page);
  await expect(sheet.getByTestId('ticket-line')).toHaveCount(12);
  await closeLinesSheet(page);

  await chooseTicketAction(page, 'Satırları Taşı');
  const dialog = page.getByRole('dialog', { name: 'Satırları Taşı' });
  await expect(dialog).toHaveCSS('opacity', '1');
  const box = (name: string) => dialog.getByRole('checkbox', { name: new RegExp(`^1× ${name}$`) });
  // The second tick turned the whole app white ("Cannot read properties of null (reading 'checked')").
  await box(items[0].name).click();
  await box(items[1].name).click();
  await expect(box(items[0].name)).toBeChecked();
  await expect(box(items[1].name)).toBeChecked();

  // Twelve lines do not fit: the list scrolls inside the dialog, its buttons stay in reach.
  const cancel = dialog.getByRole('button', { name: 'Vazgeç' });
  const next = dialog.getByRole('button', { name: 'Masa Seç (2)' });
  await expectPressableWithoutScrolling(page, cancel);
  await expectPressableWithoutScrolling(page, next);
  const last = box(items[11].name);
  await last.scrollIntoViewIfNeeded();
  await last.click();
  await expect(last).toBeChecked();
  await expectPressableWithoutScrolling(page, dialog.getByRole('button', { name: 'Masa Seç (3)' }));

  await dialog.getByRole('button', { name: 'Masa Seç (3)' }).click();
  await expectPressableWithoutScrolling(page, dialog.getByRole('button', { name: '← Satırlar' }));
  const target = dialog.getByRole('button', { name: new RegExp(`^${to.name},`) });
  await target.scrollIntoViewIfNeeded();
  await target.click();
  await expect(dialog.getByRole('status')).toContainText(`3 satır ${to.name} masasına taşındı`);
  await expectPressableWithoutScrolling(page, dialog.getByRole('button', { name: 'Tamam' }));
  await dialog.getByRole('button', { name: 'Tamam' }).click();
  await expect(dialog).toBeHidden();
  await openLinesSheet(page);
  await expect(sheet.getByTestId('ticket-line')).toHaveCount(9);
});
