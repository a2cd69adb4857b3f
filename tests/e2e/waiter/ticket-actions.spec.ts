import { expect, refusedRequest, test, type Page } from '../fixtures';
import { DEMO, PHONE_DEVICE, demoRestaurantId, expectScreenRules, layOutDemoTables, loginAs, readFloor } from '../helpers';
import { chooseTicketAction, closeKitchenAlerts, closeLinesSheet, linesSheet, openLinesSheet, ownTables } from './adisyon-helpers';

test.use(PHONE_DEVICE);
// The sends of these journeys (and the ones before), never received by a kitchen screen, raise an alert that covers the header.
test.beforeEach(({ page }) => closeKitchenAlerts(page));

async function openFromList(page: Page, tableName: string) {
  await page.goto('/waiter/orders');
  await page.getByText('Liste', { exact: true }).click();
  await page.getByRole('tab', { name: 'Tümü' }).click();
  await page.getByTestId(`list-table-${tableName}`).click();
  await expect(page).toHaveURL(/\/waiter\/orders\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(tableName) })).toBeVisible();
}

async function addAndSend(page: Page, category: RegExp, item: RegExp) {
  await page.getByRole('button', { name: category }).click();
  await page.getByRole('button', { name: item }).click();
  await expect(page.getByTestId('send-to-kitchen')).toBeEnabled();
  await page.getByTestId('send-to-kitchen').click();
  await expect(page.getByTestId('send-to-kitchen')).toBeDisabled();
}

test('a ticket moves to a free table, some lines move to another table, and two tickets merge — nothing lost or sent twice', async ({ page, request }) => {
  test.setTimeout(180_000);
  const rid = await demoRestaurantId(request);
  await layOutDemoTables(request, rid);
  await loginAs(page, DEMO.waiter, '/waiter');
  // Tables of its own: earlier tests leave the demo tables open.
  const [a, b, c] = await ownTables(request, rid, 'Eylem', 3);

  // Table a: two soups sent, one Çay pending.
  await openFromList(page, a.name);
  // On the phone the lines are in their sheet, behind the summary bar.
  const sheet = linesSheet(page);
  await page.getByRole('button', { name: /^Mercimek Çorbası,/ }).click();
  await page.getByRole('button', { name: /^Mercimek Çorbası,/ }).click();
  await openLinesSheet(page);
  await expect(sheet.getByTestId('ticket-line').filter({ hasText: 'Mercimek' })).toContainText('2×');
  await closeLinesSheet(page);
  await page.getByTestId('send-to-kitchen').click();
  await expect(page.getByTestId('send-to-kitchen')).toBeDisabled();
  await page.getByRole('button', { name: /İçecekler$/ }).click();
  await page.getByRole('button', { name: /^Çay,/ }).click();
  await openLinesSheet(page);
  await expect(sheet.getByTestId('ticket-line')).toHaveCount(2);
  await expectScreenRules(page, 'Adisyon lines, sent and pending', { isPhone: true });
  await closeLinesSheet(page);
  await expectScreenRules(page, 'Adisyon', { isPhone: true });

  // Masa Taşı: a → b.
  await chooseTicketAction(page, 'Masa Taşı');
  const moveDialog = page.getByRole('dialog', { name: /Masa Taşı/ });
  await expect(moveDialog).toHaveCSS('opacity', '1'); // contrast is measured after the dialog has faded in
  await expectScreenRules(page, 'Masa Taşı', { isPhone: true });
  await moveDialog.getByRole('button', { name: new RegExp(`^${b.name},`) }).click();
  await expect(moveDialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(b.name) })).toBeVisible();

  // Satırları Taşı: one of the two soups → c (a new ticket opens there).
  await chooseTicketAction(page, 'Satırları Taşı');
  const linesDialog = page.getByRole('dialog', { name: 'Satırları Taşı' });
  await linesDialog.getByText(/2× Mercimek Çorbası/).click();
  await linesDialog.getByRole('button', { name: 'Mercimek Çorbası: taşınacak adedi azalt' }).click();
  await expect(linesDialog).toContainText('1 / 2');
  await linesDialog.getByRole('button', { name: 'Masa Seç' }).click();
  await linesDialog.getByRole('button', { name: new RegExp(`^${c.name},`) }).click();
  await expect(linesDialog.getByRole('status')).toContainText(`${c.name} masasına taşındı`);
  await linesDialog.getByRole('button', { name: 'Tamam' }).click();
  await expect(linesDialog).toBeHidden();
  await openLinesSheet(page);
  await expect(sheet.getByTestId('ticket-line').filter({ hasText: 'Mercimek' })).toContainText('1×');
  await closeLinesSheet(page);

  // Masa Birleştir: c's ticket joins b's; the soup is back to 2 (as two sent lines), none pending twice.
  await chooseTicketAction(page, 'Masa Birleştir');
  const mergeDialog = page.getByRole('dialog', { name: 'Masa Birleştir' });
  await mergeDialog.getByRole('button', { name: new RegExp(c.name) }).click();
  // It cannot be undone: a second tap confirms it, Vazgeç goes back to the list.
  await expect(mergeDialog).toContainText('geri alınamaz');
  await mergeDialog.getByRole('button', { name: 'Vazgeç' }).click();
  await mergeDialog.getByRole('button', { name: new RegExp(c.name) }).click();
  await mergeDialog.getByRole('button', { name: 'Birleştir' }).click();
  await expect(mergeDialog).toBeHidden();
  await openLinesSheet(page);
  const soups = sheet.getByTestId('ticket-line').filter({ hasText: 'Mercimek' });
  await expect(soups).toHaveCount(2);
  for (const s of await soups.all()) await expect(s).toContainText('Bekliyor');
  await expect(sheet.getByTestId('ticket-line').filter({ hasText: 'Çay' })).toContainText('Gönderilmedi');

  // The floor: a and c free again, b open.
  const after = (await readFloor(page.request, rid)).flatMap((s) => s.tables);
  expect(after.find((t) => t.id === a.id)?.ticketId).toBeNull();
  expect(after.find((t) => t.id === c.id)?.ticketId).toBeNull();
  expect(after.find((t) => t.id === b.id)?.ticketId).not.toBeNull();
});

test('a Gel-Al order for a named customer opens without a table and reaches Mutfağa Gönder; a note goes on in one tap', async ({ page }) => {
  await loginAs(page, DEMO.waiter, '/waiter');
  await page.getByRole('button', { name: /Gel-Al/ }).click();
  const dialog = page.getByRole('dialog', { name: /Gel-Al/ });
  await expect(dialog).toHaveCSS('opacity', '1'); // contrast is measured after the dialog has faded in
  await expectScreenRules(page, 'Gel-Al', { isPhone: true });
  await dialog.getByRole('button', { name: 'Adisyon Aç' }).click();
  await expect(dialog.getByText('Müşteri adı gerekli')).toBeVisible();
  await dialog.getByLabel('Müşteri adı').fill('Zeynep Kaya');
  await dialog.getByLabel('Telefon').fill('0555 111 22 33');
  await dialog.getByRole('button', { name: 'Adisyon Aç' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /Gel-Al · Zeynep Kaya/ })).toBeVisible();

  await page.getByRole('button', { name: /Pide ve Lahmacun$/ }).click();
  await page.getByRole('button', { name: /^Lahmacun,/ }).click();
  // the note is written on the line, in the sheet of lines
  const sheet = await openLinesSheet(page);
  const line = sheet.getByTestId('ticket-line').filter({ hasText: 'Lahmacun' });
  await line.getByRole('button', { name: 'Lahmacun: not' }).click();
  await line.getByRole('button', { name: '+ acısız' }).click();
  await expect(line).toContainText('Not: acısız');
  await closeLinesSheet(page);
  await addAndSend(page, /İçecekler$/, /^Kola,/);
  await openLinesSheet(page);
  await expect(line).toContainText('Bekliyor');
});

test('sold-out items show Tükendi and cannot be tapped; search finds items without Turkish letters', async ({ page, request }) => {
  const rid = await demoRestaurantId(request);
  // As the owner: mark Künefe sold out.
  const menu = await (await request.get(`/api/restaurants/${rid}/menu`)).json();
  const kunefe = menu.items.find((i: { name: string }) => i.name === 'Künefe');
  const res = await request.patch(`/api/restaurants/${rid}/menu/items/${kunefe.id}`, { data: { version: kunefe.version, isAvailable: false } });
  expect(res.ok(), await res.text()).toBe(true);
  try {
    await loginAs(page, DEMO.waiter, '/waiter');
    await page.getByRole('button', { name: /Gel-Al/ }).click();
    await page.getByLabel('Müşteri adı').fill('Deneme');
    await page.getByRole('button', { name: 'Adisyon Aç' }).click();
    await page.getByLabel('Ürün ara').fill('kunefe');
    const item = page.getByRole('button', { name: /^Künefe,.*Tükendi/ });
    await expect(item).toBeDisabled();
    await expect(item).toContainText('Tükendi');
    await page.getByLabel('Ürün ara').fill('iskembe');
    await expect(page.getByRole('button', { name: /^İşkembe Çorbası,/ })).toBeVisible();
  } finally {
    const fresh = (await (await request.get(`/api/restaurants/${rid}/menu`)).json()).items.find((i: { id: string }) => i.id === kunefe.id);
    await request.patch(`/api/restaurants/${rid}/menu/items/${kunefe.id}`, { data: { version: fresh.version, isAvailable: true } });
  }
});

test.describe('with the live feed cut', () => {
  // page.route cannot stop what a service worker fetches (Playwright): with the worker in charge
  // this phone could still hear the change and the stale edit would never happen.
  test.use({ serviceWorkers: 'block' });

  test('an edit on an adisyon another phone changed meanwhile is refused in Turkish; the fresh adisyon shows and the next tap goes through', async ({ page, request, pageErrors }) => {
    pageErrors.allow(refusedRequest(409)); // the stale edit
    pageErrors.allow(/^Failed to load resource: net::ERR_FAILED\n\S+ \S+\/api\/events\b/); // the live updates this test cuts (stream and long polling)
    const rid = await demoRestaurantId(request); // `request` is now the owner, the other phone
    // This phone misses the live update, as one with a weak signal would.
    await page.route('**/api/events**', (route) => route.abort());
    // Reads of the adisyon this phone still has on the way (a sheet opening refetches it).
    const reading = new Set<object>();
    page.on('request', (r) => r.method() === 'GET' && r.url().includes('/tickets/') && reading.add(r));
    const done = (r: object) => reading.delete(r);
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    await loginAs(page, DEMO.waiter, '/waiter');
    await page.getByRole('button', { name: /Gel-Al/ }).click();
    await page.getByLabel('Müşteri adı').fill('Eşzamanlı');
    await page.getByRole('button', { name: 'Adisyon Aç' }).click();
    await expect(page.getByRole('heading', { level: 2, name: /Gel-Al · Eşzamanlı/ })).toBeVisible();
    await page.getByRole('button', { name: /^Mercimek Çorbası,/ }).click();
    const sheet = await openLinesSheet(page);
    const soup = sheet.getByTestId('ticket-line').filter({ hasText: 'Mercimek Çorbası' });
    await expect(soup).toContainText('1×');

    // The owner adds a dish to the same adisyon, once this phone has read it for the last time:
    // a read answered after the owner's change would make this phone current, not stale.
    await expect.poll(() => reading.size).toBe(0);
    const ticketId = decodeURIComponent(page.url().split('/').pop()!);
    const ticketUrl = `/api/restaurants/${rid}/tickets/${ticketId}`;
    const now = await (await request.get(ticketUrl)).json();
    const menu = await (await request.get(`/api/restaurants/${rid}/menu`)).json();
    const ezogelin = menu.items.find((i: { name: string }) => i.name === 'Ezogelin Çorbası');
    const added = await request.post(`${ticketUrl}/lines`, { data: { version: now.version, lines: [{ menuItemId: ezogelin.id, quantity: 1 }] } });
    expect(added.ok(), await added.text()).toBe(true);

    await soup.getByRole('button', { name: 'Mercimek Çorbası: adedi artır' }).click();
    // said in the sheet, where the finger is, not behind it
    const alert = sheet.getByRole('alert').filter({ hasText: 'başka bir ekranda değişti' });
    await expect(alert).toContainText('Ekrandaki adisyon güncellendi');
    await expect(alert).not.toContainText('yenileyip');
    await expect(sheet.getByTestId('ticket-line').filter({ hasText: 'Ezogelin Çorbası' })).toBeVisible();
    await expect(soup).toContainText('1×');

    await soup.getByRole('button', { name: 'Mercimek Çorbası: adedi artır' }).click();
    await expect(soup).toContainText('2×');
    await expect(alert).toBeHidden();
  });
});

test('a table tapped by mistake is free again when the waiter goes back; one with a dish tapped just before going back keeps it', async ({ page, request }) => {
  const rid = await demoRestaurantId(request);
  // Two new tables of the owner's (the demo's free ones are used up by the journeys before this one).
  const section = (await readFloor(request, rid))[0];
  const suffix = Math.random().toString(36).slice(2, 6);
  const [mistake, quick] = await Promise.all(
    ['Yanlış', 'Hızlı'].map(async (prefix) => {
      const res = await request.post(`/api/restaurants/${rid}/tables`, { data: { sectionId: section.id, name: `${prefix} ${suffix}` } });
      expect(res.ok(), await res.text()).toBe(true);
      return (await res.json()) as { id: string; name: string };
    }),
  );
  const tableOf = async (id: string) => (await readFloor(page.request, rid)).flatMap((s) => s.tables).find((t) => t.id === id)!;
  const open = async (name: string) => {
    await page.goto('/waiter/orders');
    await page.getByText('Liste', { exact: true }).click();
    await page.getByRole('tab', { name: section.name }).click();
    await page.getByTestId(`list-table-${name}`).click();
    await expect(page.getByRole('heading', { level: 2, name: new RegExp(name) })).toBeVisible();
  };
  await loginAs(page, DEMO.waiter, '/waiter');

  await open(mistake.name);
  // its own Hesap screen is not leaving it
  await page.getByTestId('open-bill').click();
  await page.getByRole('link', { name: 'Adisyona dön' }).click();
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(mistake.name) })).toBeVisible();
  await page.getByRole('link', { name: 'Masalara dön' }).click();
  await expect(page.getByTestId(`list-table-${mistake.name}`)).toContainText('Boş');
  await expect.poll(async () => (await tableOf(mistake.id)).ticketId).toBeNull();

  // The dish's write is still on its way when the screen closes: it lands, and the ticket stays.
  await open(quick.name);
  await page.getByRole('button', { name: /^Mercimek Çorbası,/ }).click();
  await page.getByRole('link', { name: 'Masalara dön' }).click();
  await expect(page.getByTestId(`list-table-${quick.name}`)).toContainText('90,00 TL');
  const kept = await tableOf(quick.id);
  expect(kept.ticketId).not.toBeNull();
  expect(kept.total).toBe(9000);
});
