import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { formatTL } from '../../../src/shared/domain/money';
import type { SalesReportResponse } from '../../../src/shared/reports-contract';
import { expect, test, type APIRequestContext, type Page } from '../fixtures';
import { DEMO, PHONE_DEVICE, expectScreenRules, loginAs, waitForScreen } from '../helpers';
import { Sender, restaurantIdOf } from '../kitchen/kitchen-helpers';
import { closeKitchenAlerts, kitchenReceivedEverything } from '../waiter/adisyon-helpers';

/**
 * Satış Raporları in a real browser: bills made here through the API (Gel-Al, so no table of
 * another spec is touched), the figures on screen equal the API's, the period changes, the chart
 * and its table show, a CSV downloads whose rows are the API's, the summary prints, and every tab
 * passes the screen rules on a phone.
 */

interface PaidTicket {
  id: string;
  version: number;
}

/** A Gel-Al bill: dishes sent, an İndirim, paid in one method with a tip, closed. */
async function closedBill(request: APIRequestContext, sender: Sender, dishes: { name: string; quantity?: number }[], method: 'cash' | 'card') {
  const url = (p: string) => `/api/restaurants/${sender.restaurantId}${p}`;
  const opened = await sender.openTakeaway(`Rapor ${randomUUID().slice(0, 6)}`);
  const { ticket } = await sender.send(opened, dishes);
  const discounted = await request.post(url(`/tickets/${ticket.id}/discount`), {
    data: { version: ticket.version, discount: { type: 'amount', value: 500, label: 'Rapor' } },
  });
  expect(discounted.ok(), await discounted.text()).toBe(true);
  const due = ((await discounted.json()) as { totals: { remaining: number } }).totals.remaining;
  const paid = await request.post(url(`/tickets/${ticket.id}/payments`), {
    data: { method, amount: due, tip: 1000 },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  const closed = await request.post(url(`/tickets/${ticket.id}/close`), { data: { version: ((await paid.json()) as PaidTicket).version } });
  expect(closed.ok(), await closed.text()).toBe(true);
}

async function apiReport(request: APIRequestContext, restaurantId: string, from: string, to: string): Promise<SalesReportResponse> {
  const res = await request.get(`/api/restaurants/${restaurantId}/reports/sales?from=${from}&to=${to}`);
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

/** The period the screen shows, read back from its own line ("Dönem: 01.11.2026 – 25.11.2026 …"). */
async function shownPeriod(page: Page): Promise<{ from: string; to: string }> {
  const line = page.getByTestId('report-period');
  await expect(line).not.toContainText('Yükleniyor');
  const text = (await line.textContent()) ?? '';
  const days = [...text.matchAll(/(\d{2})\.(\d{2})\.(\d{4})/g)].map((m) => `${m[3]}-${m[2]}-${m[1]}`);
  // the first one or two are the period, then the comparison period
  const isRange = /Dönem: \S+ – /.test(text);
  return { from: days[0], to: isRange ? days[1] : days[0] };
}

/** A `;` separated CSV with a BOM, quotes doubled inside quoted cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') (cell += '"'), i++;
      else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ';') row.push(cell), (cell = '');
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i++;
      row.push(cell), rows.push(row), (row = []), (cell = '');
    } else cell += ch;
  }
  if (cell || row.length) row.push(cell), rows.push(row);
  return rows;
}

test('the owner reads the period against the API, changes it, sees the chart and its table, downloads a CSV that matches and prints the summary', async ({ page }) => {
  test.setTimeout(180_000);
  await loginAs(page, DEMO.owner, '/owner');
  const restaurantId = await restaurantIdOf(page.request);
  const sender = new Sender(page.request, restaurantId);
  await closedBill(page.request, sender, [{ name: 'Yayla Çorbası', quantity: 2 }, { name: 'Çoban Salata' }], 'cash');
  await closedBill(page.request, sender, [{ name: 'Humus' }], 'card');
  // no kitchen screen runs here: its "Mutfak siparişi almadı" alert must not cover the screen later
  await kitchenReceivedEverything(page.request, restaurantId);
  await closeKitchenAlerts(page);

  await page.goto('/owner/reports');
  await waitForScreen(page);
  await expect(page.getByRole('heading', { name: 'Satış Raporları' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bugün' })).toHaveAttribute('aria-pressed', 'true');

  // Today's figures are the API's, to the kuruş, with the definition under net sales.
  let period = await shownPeriod(page);
  let api = await apiReport(page.request, restaurantId, period.from, period.to);
  await expect(page.getByTestId('figure-net-value')).toHaveText(formatTL(api.summary.net));
  await expect(page.getByTestId('figure-bills-value')).toHaveText(String(api.summary.bills));
  await expect(page.getByTestId('figure-net')).toContainText('Net satış: iptal edilmeyen');
  await expect(page.getByTestId('figure-net').getByTestId('change')).toContainText(/▲|▼|=/);

  // This month: the period moves, the figures follow, the line chart and its table show the days.
  await page.getByRole('button', { name: 'Bu ay' }).click();
  await expect(page.getByRole('button', { name: 'Bu ay' })).toHaveAttribute('aria-pressed', 'true');
  period = await shownPeriod(page);
  expect(period.from.endsWith('-01')).toBe(true);
  api = await apiReport(page.request, restaurantId, period.from, period.to);
  expect(api.summary.bills).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId('figure-net-value')).toHaveText(formatTL(api.summary.net));
  await expect(page.getByTestId('figure-gross-value')).toHaveText(formatTL(api.summary.gross));
  await expect(page.getByTestId('line-chart')).toBeVisible();
  await expect(page.getByTestId('heat-map')).toBeVisible();
  await expectScreenRules(page, 'Satış Raporları › Özet (masaüstü)', { isPhone: false });
  const daySection = page.getByRole('region', { name: 'Günlere Göre Net Satış' });
  await daySection.getByRole('button', { name: 'Tablo olarak göster' }).click();
  await expect(daySection.locator('tbody tr')).toHaveCount(api.byDay.length);
  await expect(daySection.getByTestId('line-chart')).toHaveCount(0);

  // Payments add up to net; tips apart (never mixed into a method's total).
  const paid = api.payments.reduce((a, p) => a + p.amount, 0);
  expect(paid).toBe(api.summary.net);

  // Ürünler: the dish table, and its CSV is the API's rows, Turkish headers, decimal comma.
  await page.getByRole('tab', { name: 'Ürünler' }).click();
  const items = page.getByTestId('table-byItem');
  await expect(items.locator('tbody tr')).toHaveCount(api.byItem.length);
  await expect(items).toContainText('Yayla Çorbası');
  await expectScreenRules(page, 'Satış Raporları › Ürünler (masaüstü)', { isPhone: false });
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Ürünler: CSV indir' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = parseCsv(bytes.toString('utf8')).filter((r) => r.some((c) => c !== ''));
  expect(rows[0][0]).toBe('Ürün');
  expect(rows[0]).toContain('Ciro (TL)');
  // the dishes, then the Toplam row of their counts and money
  const body = rows.slice(1, -1);
  expect(body.length).toBe(api.byItem.length);
  expect(rows.at(-1)![0]).toBe('Toplam');
  const revenueAt = rows[0].indexOf('Ciro (TL)');
  const quantityAt = rows[0].indexOf('Adet');
  for (const item of api.byItem) {
    const row = body.find((r) => r[0] === item.name);
    expect(row, item.name).toBeDefined();
    expect(row![quantityAt]).toBe(String(item.quantity));
    expect(row![revenueAt]).toBe((item.revenue / 100).toFixed(2).replace('.', ','));
  }

  // Yazdır: the A4 summary through the browser, with net sales and its definition.
  await page.getByRole('tab', { name: 'Özet' }).click();
  const a4Popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: /Yazdır \(A4\)/ }).click();
  const a4 = await (await a4Popup).content();
  expect(a4).toContain('size:A4');
  expect(a4).toContain(formatTL(api.summary.net));
  expect(a4).toContain('Net satış: iptal edilmeyen');
  // Fiş yazdır: the same summary as a receipt on the bill printer's paper.
  const receiptPopup = page.waitForEvent('popup');
  await page.getByRole('button', { name: /Fiş yazdır/ }).click();
  const receipt = await (await receiptPopup).content();
  expect(receipt).toContain('SATIŞ RAPORU');
  expect(receipt).toContain(formatTL(api.summary.net));
  expect(receipt).toContain('class="receipt"');
});

test.describe('on a phone', () => {
  test.use(PHONE_DEVICE);

  test('every tab fits 390 px, passes the screen rules, and an empty custom range says so in Turkish', async ({ page }) => {
    test.setTimeout(180_000);
    page.on('dialog', (d) => void d.dismiss());
    await loginAs(page, DEMO.owner, '/owner');
    await kitchenReceivedEverything(page.request, await restaurantIdOf(page.request));
    await closeKitchenAlerts(page);
    await page.goto('/owner/reports');
    await waitForScreen(page);
    // opens at its top
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const noSidewaysScroll = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await noSidewaysScroll();
    await expectScreenRules(page, 'Satış Raporları › Özet', { isPhone: true });

    for (const name of ['Ürünler', 'Personel', 'İstisnalar']) {
      await page.getByRole('tab', { name }).click();
      await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
      await waitForScreen(page);
      await noSidewaysScroll();
      await expectScreenRules(page, `Satış Raporları › ${name}`, { isPhone: true });
    }

    // A range long before any bill, typed by touch into the Turkish date fields.
    await page.getByRole('tab', { name: 'Özet' }).click();
    await page.getByRole('button', { name: 'Özel aralık' }).tap();
    const from = page.getByLabel('Başlangıç');
    const to = page.getByLabel('Bitiş');
    // each field's calendar opens on a tap; Escape closes it over the typed day
    await from.tap();
    await from.fill('01.01.2020');
    await page.keyboard.press('Escape');
    await expect(from).toHaveValue('01.01.2020');
    await to.tap();
    await to.fill('07.01.2020');
    await page.keyboard.press('Escape');
    await expect(to).toHaveValue('07.01.2020');
    await page.getByRole('button', { name: 'Göster', exact: true }).tap();
    await expect(page.getByTestId('report-period')).toContainText('Dönem: 01.01.2020 – 07.01.2020');
    await expect(page.getByTestId('no-sales')).toHaveText('Bu dönemde satış yok');
    await expect(page.getByTestId('figure-net-value')).toHaveText(formatTL(0));
    await noSidewaysScroll();
    await expectScreenRules(page, 'Satış Raporları › boş dönem', { isPhone: true });

    // A reversed range is refused on the field, in Turkish.
    await from.tap();
    await from.fill('10.01.2020');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Göster', exact: true }).tap();
    await expect(page.getByText('Başlangıç tarihi bitişten sonra olamaz')).toBeVisible();
  });
});
