import { expect, test } from '../fixtures';
import { DEMO, PHONE_DEVICE, demoRestaurantId, loginAs } from '../helpers';
import { chooseTicketAction, closeKitchenAlerts, expectPressableWithoutScrolling, linesSheet, openLinesSheet, ownTables, waiterApi } from './adisyon-helpers';

test.use(PHONE_DEVICE);

test('on a 390×844 phone the "Servise hazır" message covers neither ← nor Hesap, and an open lines sheet stays above it', async ({ page, request }) => {
  const rid = await demoRestaurantId(request); // `request` is now the owner
  const [table] = await ownTables(request, rid, 'Uyarı', 1);
  await loginAs(page, DEMO.waiter, '/waiter');
  const api = waiterApi(page.request, rid);
  const [item] = await api.plainItems();
  const ticket = await api.send(await api.add(await api.open({ type: 'table', tableId: table.id }), [item.id]));
  // what is ready already is known before the dish becomes ready (only what comes after rings)
  const readyKnown = page.waitForResponse((r) => r.url().includes('/kitchen/ready') && r.ok());
  await page.goto(`/waiter/orders/${ticket.id}`);
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(table.name) })).toBeVisible();
  await readyKnown;

  // the kitchen makes the dish ready: the waiter's phone shows "Servise hazır" wherever it is
  const ready = await request.post(`/api/restaurants/${rid}/kitchen/lines/${ticket.lines[0].id}/status`, { data: { status: 'ready' } });
  expect(ready.status(), await ready.text()).toBe(200);
  const toast = page.getByTestId('kitchen-toast').filter({ hasText: 'Servise hazır' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(table.name);

  // the adisyon's header is moved down below it, not hidden under it
  await expectPressableWithoutScrolling(page, page.getByRole('link', { name: 'Masalara dön' }));
  await expectPressableWithoutScrolling(page, page.getByTestId('open-bill'));
  await expectPressableWithoutScrolling(page, page.getByTestId('ticket-menu'));
  const toastBox = (await page.getByTestId('kitchen-toasts').boundingBox())!;
  const backBox = (await page.getByRole('link', { name: 'Masalara dön' }).boundingBox())!;
  expect(backBox.y).toBeGreaterThanOrEqual(toastBox.y + toastBox.height);

  // the lines sheet opens from the bottom over it: its ✕ and Mutfağa Gönder are never under the message
  const sheet = await openLinesSheet(page);
  await expectPressableWithoutScrolling(page, sheet.getByRole('button', { name: 'Satırları kapat' }));
  await expectPressableWithoutScrolling(page, sheet.getByTestId('send-to-kitchen'));

  // closed, the message leaves no gap behind
  await sheet.getByRole('button', { name: 'Satırları kapat' }).click();
  while ((await page.getByTestId('kitchen-toast').count()) > 0) await page.getByTestId('kitchen-toast').first().getByRole('button', { name: 'Kapat' }).click();
  const header = (await page.getByRole('link', { name: 'Masalara dön' }).boundingBox())!;
  expect(header.y).toBeLessThan(toastBox.y + toastBox.height);
});

test('the lines sheet of a phone opens at the bottom of the screen, not at the top', async ({ page, request }) => {
  await closeKitchenAlerts(page);
  const rid = await demoRestaurantId(request);
  const [table] = await ownTables(request, rid, 'Alt', 1);
  await loginAs(page, DEMO.waiter, '/waiter');
  const api = waiterApi(page.request, rid);
  const [item] = await api.plainItems();
  const ticket = await api.add(await api.open({ type: 'table', tableId: table.id }), [item.id]);
  await page.goto(`/waiter/orders/${ticket.id}`);
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(table.name) })).toBeVisible();
  const sheet = await openLinesSheet(page);
  await expect(sheet.getByTestId('ticket-line')).toHaveCount(1);
  const box = (await sheet.boundingBox())!;
  const viewport = page.viewportSize()!;
  // one line: a short sheet resting on the bottom edge, the page above it still in sight
  expect(Math.round(box.y + box.height)).toBe(viewport.height);
  expect(box.y).toBeGreaterThan(viewport.height / 3);
  expect(Math.round(box.width)).toBe(viewport.width);
  await expect(linesSheet(page)).toBeVisible();
});

test('the table picker (Masa Taşı) centres each table’s name and state in its button, a long wrapped name too', async ({ page, request }) => {
  await closeKitchenAlerts(page);
  const rid = await demoRestaurantId(request);
  const [table] = await ownTables(request, rid, 'Ortala', 1);
  // a long name wraps onto more lines: its row grows, and its neighbour with it (capitals: wide
  // enough to wrap at the 20 characters a name may have, whatever the four letters of its tag)
  await ownTables(request, rid, 'KIŞ BAHÇESİ Ü', 1);
  await loginAs(page, DEMO.waiter, '/waiter');
  const api = waiterApi(page.request, rid);
  const ticket = await api.open({ type: 'table', tableId: table.id });
  const [item] = await api.plainItems();
  await api.add(ticket, [item.id]);
  await page.goto(`/waiter/orders/${ticket.id}`);
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(table.name) })).toBeVisible();
  await chooseTicketAction(page, 'Masa Taşı');
  const dialog = page.getByRole('dialog', { name: /Masa Taşı/ });
  await expect(dialog).toHaveCSS('opacity', '1');
  const buttons = dialog.getByRole('button', { name: /, (Boş|Dolu)/ });
  // the picker reads the floor when it opens ("Yükleniyor..." until then): count once the long name is listed
  await expect(buttons.filter({ hasText: 'KIŞ BAHÇESİ' }).first()).toBeVisible();
  const count = await buttons.count();
  expect(count).toBeGreaterThan(1);
  const heights: number[] = [];
  for (let i = 0; i < count; i++) {
    const button = buttons.nth(i);
    const box = (await button.boundingBox())!;
    const name = (await button.getByTestId('pick-table-name').boundingBox())!;
    const state = (await button.locator('span').filter({ hasText: /Boş|Dolu/ }).last().boundingBox())!;
    const what = `${await button.getAttribute('aria-label')}`;
    heights.push(box.height);
    expect(box.height).toBeGreaterThanOrEqual(44);
    // the name and its state, together, sit in the middle of the button (a pixel or two of rounding)
    const top = name.y;
    const bottom = state.y + state.height;
    expect(Math.abs((top + bottom) / 2 - (box.y + box.height / 2)), what).toBeLessThanOrEqual(2);
    expect(Math.abs(name.x + name.width / 2 - (box.x + box.width / 2)), what).toBeLessThanOrEqual(2);
    // nothing spills out of the button
    expect(top, what).toBeGreaterThanOrEqual(box.y);
    expect(bottom, what).toBeLessThanOrEqual(box.y + box.height);
  }
  // the long name's row is taller than the others: it was measured too
  expect(Math.max(...heights) - Math.min(...heights), 'the long name made a taller row').toBeGreaterThan(8);
});
