import { expect, test, type Locator, type Page } from '../fixtures';
import { DEMO, PHONE_DEVICE, demoRestaurantId, expectScreenRules, loginAs } from '../helpers';
import { expectPressableWithoutScrolling, kitchenReceivedEverything, ownSection, ownTables, waiterApi } from './adisyon-helpers';

test.use(PHONE_DEVICE);

/** The speed goals of the adisyon on a 390×844 phone, in taps. */
const BUDGET = { order: 10, move: 3, pay: 10 };

/**
 * A finger on the phone: every tap is counted, lands on something already on screen and on top
 * (nothing to scroll to first), and the page never scrolls.
 */
function finger(page: Page) {
  let count = 0;
  return {
    async tap(target: Locator) {
      await test.step(`tap ${count + 1}: ${target}`, async () => {
        await expectPressableWithoutScrolling(page, target);
        await target.tap();
        count += 1;
        expect(await page.evaluate(() => window.scrollY), 'the page scrolled').toBe(0);
      });
    },
    get count() {
      return count;
    },
  };
}

interface TicketRead {
  id: string;
  status: string;
  tableName: string | null;
  totals: { remaining: number };
  lines: { name: string; quantity: number; status: string; note: string | null; options: { name: string }[] }[];
  payments: { method: string; brand: string | null; change: number }[];
}
const readTicket = async (page: Page, rid: string, id: string) => (await (await page.request.get(`/api/restaurants/${rid}/tickets/${id}`)).json()) as TicketRead;
// Every batch of earlier tests has reached the kitchen: no alert covers a counted tap.
test.beforeEach(async ({ request }) => kitchenReceivedEverything(request, await demoRestaurantId(request)));

const ticketIdOf = (page: Page) => decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);

test('from the floor to the kitchen: 4 dishes from two categories, one option and one note, in at most 10 taps and no scrolling', async ({ page, request }) => {
  const rid = await demoRestaurantId(request); // `request` is now the owner
  const { section, table } = await ownSection(request, rid, 'Hız');
  await loginAs(page, DEMO.waiter, '/waiter');
  await expect(page.getByRole('heading', { name: 'Sipariş Ekranı' })).toBeVisible();
  // Start from the floor view of a section with a free table (set up, not part of the journey).
  await page.getByText('Kat planı', { exact: true }).click();
  await page.getByRole('tab', { name: section.name }).click();
  await page.evaluate(() => window.scrollTo(0, 0));
  const tile = page.getByTestId(`floor-table-${table.name}`);
  await expect(tile).toBeInViewport({ ratio: 1 });

  const taps = finger(page);
  await taps.tap(tile);
  await expect(page).toHaveURL(/\/waiter\/orders\/[^/]+$/);
  // the empty adisyon leads with the dishes
  await expect(page.getByRole('button', { name: /^Mercimek Çorbası,/ })).toBeInViewport({ ratio: 1 });

  await taps.tap(page.getByRole('button', { name: /^Mercimek Çorbası,/ }));
  await expect(page.getByRole('button', { name: /^Mercimek Çorbası,.*1 eklendi/ })).toBeVisible();
  await taps.tap(page.getByRole('button', { name: /^Ezogelin Çorbası,/ }));
  await expect(page.getByTestId('lines-summary')).toContainText('2 ürün');
  await taps.tap(page.getByRole('button', { name: /İçecekler$/ }));
  await taps.tap(page.getByRole('button', { name: /^Ayran,/ }));
  const dialog = page.getByRole('dialog', { name: 'Ayran' });
  await expect(dialog).toHaveCSS('opacity', '1');
  await taps.tap(dialog.getByRole('button', { name: /^Büyük/ }));
  await taps.tap(dialog.getByRole('button', { name: '+ buzsuz' }));
  await taps.tap(dialog.getByTestId('options-add'));
  await expect(dialog).toHaveCount(0);
  await taps.tap(page.getByRole('button', { name: /^Çay,/ }));
  await expect(page.getByTestId('lines-summary')).toContainText('4 ürün');
  await expect(page.getByTestId('send-to-kitchen')).toHaveText('Mutfağa Gönder (4)');
  await taps.tap(page.getByTestId('send-to-kitchen'));
  await expect(page.getByRole('status').filter({ hasText: '4 satır mutfağa gönderildi' })).toBeVisible();
  await expect(page.getByTestId('send-to-kitchen')).toBeDisabled();

  const sent = await readTicket(page, rid, ticketIdOf(page));
  expect(sent.lines.map((l) => l.name).sort()).toEqual(['Ayran', 'Ezogelin Çorbası', 'Mercimek Çorbası', 'Çay'].sort());
  expect(sent.lines.every((l) => l.status === 'sent')).toBe(true);
  const ayran = sent.lines.find((l) => l.name === 'Ayran')!;
  expect(ayran.options.map((o) => o.name)).toEqual(['Büyük']);
  expect(ayran.note).toBe('buzsuz');

  console.log(`Ölçüm: sipariş (masadan mutfağa) ${taps.count} dokunuş`);
  expect(taps.count).toBeLessThanOrEqual(BUDGET.order);
  await expectScreenRules(page, 'Adisyon after Mutfağa Gönder', { isPhone: true });
});

test('the lines sheet: − / + / Not / Sil on pending lines, and Mutfağa Gönder from inside it', async ({ page, request }) => {
  const rid = await demoRestaurantId(request);
  const [table] = await ownTables(request, rid, 'Hız', 1);
  await loginAs(page, DEMO.waiter, '/waiter');
  const api = waiterApi(page.request, rid);
  const [a, b] = await api.plainItems();
  const ticket = await api.add(await api.open({ type: 'table', tableId: table.id }), [a.id, b.id]);
  await page.goto(`/waiter/orders/${ticket.id}`);
  await expect(page.getByTestId('lines-summary')).toContainText('2 ürün');
  // on a phone the lines wait behind the summary bar
  await expect(page.getByTestId('ticket-line')).toHaveCount(0);

  const taps = finger(page);
  await taps.tap(page.getByTestId('lines-summary'));
  const sheet = page.getByRole('dialog', { name: `${table.name} · Satırlar` });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByTestId('ticket-line')).toHaveCount(2);
  const line = (name: string) => sheet.getByTestId('ticket-line').filter({ hasText: name });
  await taps.tap(sheet.getByRole('button', { name: `${a.name}: adedi artır` }));
  await expect(line(a.name)).toContainText('2×');
  await expect(page.getByTestId('lines-summary')).toContainText('3 ürün');
  await taps.tap(sheet.getByRole('button', { name: `${a.name}: adedi azalt` }));
  await expect(line(a.name)).toContainText('1×');
  await taps.tap(sheet.getByRole('button', { name: `${a.name}: not` }));
  await taps.tap(line(a.name).getByRole('button', { name: '+ soğansız' }));
  await expect(line(a.name)).toContainText('Not: soğansız');
  await taps.tap(sheet.getByRole('button', { name: `${b.name}: sil` }));
  await expect(sheet.getByTestId('ticket-line')).toHaveCount(1);
  await expectScreenRules(page, 'Adisyon lines sheet', { isPhone: true });
  await taps.tap(sheet.getByTestId('send-to-kitchen'));
  await expect(line(a.name)).toContainText('Bekliyor');
  const now = await readTicket(page, rid, ticket.id);
  expect(now.lines).toHaveLength(1);
  expect(now.lines[0]).toMatchObject({ name: a.name, quantity: 1, note: 'soğansız', status: 'sent' });
});

test('Masa Taşı from the adisyon in at most 3 taps', async ({ page, request }) => {
  const rid = await demoRestaurantId(request);
  const [from] = await ownTables(request, rid, 'Taşı Hız', 1);
  await loginAs(page, DEMO.waiter, '/waiter');
  const api = waiterApi(page.request, rid);
  const [item] = await api.plainItems();
  const ticket = await api.send(await api.add(await api.open({ type: 'table', tableId: from.id }), [item.id]));
  await kitchenReceivedEverything(request, rid);
  await page.goto(`/waiter/orders/${ticket.id}`);
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(from.name) })).toBeVisible();

  const taps = finger(page);
  await taps.tap(page.getByRole('button', { name: 'Adisyon işlemleri' }));
  await taps.tap(page.getByRole('menuitem', { name: 'Masa Taşı' }));
  const dialog = page.getByRole('dialog', { name: /Masa Taşı/ });
  await expect(dialog).toHaveCSS('opacity', '1');
  const target = dialog.getByRole('button', { name: /, Boş$/ }).first();
  const targetName = (await target.getAttribute('aria-label'))!.replace(/, Boş$/, '');
  await taps.tap(target);
  await expect(dialog).toHaveCount(0);
  await expect.poll(async () => (await readTicket(page, rid, ticket.id)).tableName).not.toBe(from.name);
  expect((await readTicket(page, rid, ticket.id)).tableName).toBe(targetName);

  console.log(`Ölçüm: Masa Taşı ${taps.count} dokunuş`);
  expect(taps.count).toBeLessThanOrEqual(BUDGET.move);
});

test('Hesap split three ways (cash with change by a quick cash button, card, meal card) and closed from the adisyon in at most 10 taps', async ({ page, request }) => {
  const rid = await demoRestaurantId(request);
  const [table] = await ownTables(request, rid, 'Öde Hız', 1);
  await loginAs(page, DEMO.waiter, '/waiter');
  const api = waiterApi(page.request, rid);
  const items = (await api.plainItems()).slice(0, 3);
  const ticket = await api.send(await api.add(await api.open({ type: 'table', tableId: table.id }), items.map((i) => i.id)));
  await kitchenReceivedEverything(request, rid);
  await page.goto(`/waiter/orders/${ticket.id}`);
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(table.name) })).toBeVisible();

  const taps = finger(page);
  await taps.tap(page.getByTestId('open-bill'));
  await expect(page).toHaveURL(/\/hesap$/);
  await taps.tap(page.getByRole('button', { name: 'Eşit paylar: 3 kişi' }));
  await expect(page.getByTestId('split-share')).toContainText('Pay 1 / 3');
  // Nakit is the first method: a quick note above the share gives change
  const quick = page.getByRole('group', { name: 'Hızlı nakit' }).getByRole('button');
  await taps.tap(quick.nth(1));
  // the change is in view above the pay button, not hidden behind it
  await expectPressableWithoutScrolling(page, page.getByTestId('cash-change'));
  await taps.tap(page.getByTestId('take-payment'));
  await expect(page.getByTestId('payment-notice')).toContainText('Para üstü');
  await taps.tap(page.getByRole('group', { name: 'Ödeme yöntemi' }).getByRole('button', { name: 'Kredi Kartı' }));
  await taps.tap(page.getByTestId('take-payment'));
  await expect(page.getByTestId('split-share')).toContainText('Pay 3 / 3');
  await taps.tap(page.getByRole('group', { name: 'Ödeme yöntemi' }).getByRole('button', { name: 'Yemek Kartı' }));
  await taps.tap(page.getByRole('group', { name: 'Yemek kartı markası' }).getByRole('button').first());
  await taps.tap(page.getByTestId('take-payment'));
  await expect(page.getByTestId('close-bill')).toBeEnabled();
  await taps.tap(page.getByTestId('close-bill'));
  await expect(page).toHaveURL(/\/waiter\/orders$/);

  const closed = await readTicket(page, rid, ticket.id);
  expect(closed.status).toBe('closed');
  expect(closed.payments.map((p) => p.method)).toEqual(['cash', 'card', 'meal_card']);
  expect(closed.payments[0].change).toBeGreaterThan(0);
  expect(closed.payments[2].brand).not.toBeNull();

  console.log(`Ölçüm: 3 kişiye bölünmüş ödeme ve kapanış ${taps.count} dokunuş`);
  expect(taps.count).toBeLessThanOrEqual(BUDGET.pay);
});

test.describe('on a wide screen', () => {
  test.use({ viewport: { width: 1280, height: 800 }, hasTouch: false, isMobile: false });

  test('the lines and the dish picker stand side by side, with the total and Mutfağa Gönder at the bottom', async ({ page, request }) => {
    const rid = await demoRestaurantId(request);
    const [table] = await ownTables(request, rid, 'Geniş', 1);
    await loginAs(page, DEMO.waiter, '/waiter');
    const api = waiterApi(page.request, rid);
    const ticket = await api.open({ type: 'table', tableId: table.id });
    await page.goto(`/waiter/orders/${ticket.id}`);
    await expect(page.getByRole('heading', { name: 'Satırlar' })).toBeVisible();
    await expect(page.getByText('Henüz ürün yok. Menüden bir ürüne dokunun.')).toBeVisible();
    await page.getByRole('button', { name: /^Mercimek Çorbası,/ }).click();
    await page.getByRole('button', { name: /^Ezogelin Çorbası,/ }).click();
    const lines = page.getByRole('list', { name: 'Adisyon satırları' });
    await expect(lines.getByTestId('ticket-line')).toHaveCount(2);
    // no sheet to open: the lines are in view, the bar only says what is on the adisyon
    await expect(page.getByTestId('lines-summary')).toHaveCount(0);
    await expect(page.getByTestId('send-to-kitchen')).toHaveText('Mutfağa Gönder (2)');
    const linesBox = (await lines.boundingBox())!;
    const pickerBox = (await page.getByRole('region', { name: 'Ürün Ekle' }).boundingBox())!;
    expect(pickerBox.x).toBeGreaterThan(linesBox.x + linesBox.width - 1);
    await expectScreenRules(page, 'Adisyon on a wide screen', { isPhone: false });
  });
});
