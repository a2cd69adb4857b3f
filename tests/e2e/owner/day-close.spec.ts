import { differenceWord, type DayCloseReport } from '../../../src/shared/day-close-contract';
import { formatTL } from '../../../src/shared/domain/money';
import { expect, test, type APIRequestContext, type Page } from '../fixtures';
import { DEMO, PHONE, expectAccessible, expectTouchTargets, loginAs } from '../helpers';
import { Sender, restaurantIdOf } from '../kitchen/kitchen-helpers';

/*
 * Gün Sonu start to finish on a phone (390×844): a cash bill of the day, a Kasa girişi added on the
 * screen, the open adisyons carried, the cash counted with the note-and-coin helper, the difference
 * in TL with its word, the confirm dialog and the numbered report; then an İade of that bill from
 * Kapalı Hesaplar, recorded in the day open now. A Gün Sonu is restaurant-wide and other specs leave
 * the demo restaurant's tickets in every state (a reopened bill cannot be carried), so these run, in
 * order, as the owner of the demo's second restaurant (İkinci Şube), which no other spec uses.
 */
test.describe.configure({ mode: 'serial' });
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

interface BillTicket {
  id: string;
  version: number;
  billNumber: number | null;
  totals: { total: number; remaining: number };
}

let billNumber = 0;

/** A Gel-Al order of one dish, paid in cash and closed, through the API as the signed-in owner. */
async function cashBill(request: APIRequestContext) {
  const sender = new Sender(request, await restaurantIdOf(request));
  const [dish] = await sender.plainItems();
  const { ticket } = await sender.send(await sender.openTakeaway('Gün Sonu Testi'), [{ name: dish.name, quantity: 2 }]);
  const url = (p: string) => `/api/restaurants/${sender.restaurantId}/tickets/${ticket.id}${p}`;
  const fresh = (await (await request.get(url(''))).json()) as BillTicket;
  const paid = await request.post(url('/payments'), { data: { method: 'cash', amount: fresh.totals.remaining } });
  expect(paid.ok(), await paid.text()).toBe(true);
  const closed = await request.post(url('/close'), { data: { version: ((await paid.json()) as BillTicket).version } });
  expect(closed.ok(), await closed.text()).toBe(true);
  return { restaurantId: sender.restaurantId, billNumber: ((await closed.json()) as { billNumber: number }).billNumber, total: fresh.totals.total };
}

async function openDayClose(page: Page) {
  await page.goto('/owner/reports');
  await page.getByRole('tab', { name: 'Gün Sonu' }).click();
  await expect(page.getByRole('heading', { name: /^Gün Sonu · İş günü/ })).toBeVisible();
}

test('Gün Sonu on a phone: carry the open adisyons, add a Kasa girişi, count the cash with the helper, confirm and get the numbered report', async ({ page }) => {
  await loginAs(page, DEMO.owner2, '/owner');
  const bill = await cashBill(page.request);
  billNumber = bill.billNumber;
  // an adisyon still open at the close: carried to the next day, never lost
  const waiting = new Sender(page.request, bill.restaurantId);
  const [dish] = await waiting.plainItems();
  await waiting.send(await waiting.openTakeaway('Devredilecek'), [{ name: dish.name }]);
  await openDayClose(page);
  await expectAccessible(page, 'Gün Sonu');
  await expectTouchTargets(page, 'Gün Sonu');

  // a Kasa girişi of 50 TL with a reason, on the screen
  await page.getByLabel('Hareket').selectOption('in');
  await page.getByLabel('Tutar (TL)').fill('50');
  await page.getByRole('textbox', { name: 'Neden', exact: true }).fill('Bozuk para');
  await page.getByRole('button', { name: 'Kasa hareketini ekle' }).click();
  await expect(page.getByRole('table', { name: 'Kasa hareketleri' })).toContainText('Kasa girişi · Bozuk para');

  const preview = (await (await page.request.get(`/api/restaurants/${bill.restaurantId}/days/current`)).json()) as DayCloseReport;
  expect(preview.cash.cashSales).toBeGreaterThanOrEqual(bill.total);
  expect(preview.cash.cashIn).toBe(5_000);
  await expect(page.getByRole('table', { name: 'Beklenen nakit' })).toContainText(formatTL(preview.cash.expected));

  // step 1: the open adisyon is listed and must be carried before the day can close
  expect(preview.openTickets).toHaveLength(1);
  await expect(page.getByRole('table', { name: 'Açık adisyonlar' }).getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Gün Sonu Al' })).toBeDisabled();
  await page.getByLabel('Sonraki güne devret').check();

  // step 2: the helper counts 2 × 200 TL, 1 × 50 TL and 3 × 1 TL
  await page.getByRole('button', { name: 'Para sayımı ile say' }).click();
  await page.getByLabel('200 TL adet').fill('2');
  await page.getByLabel('50 TL adet').fill('1');
  await page.getByLabel('1 TL adet').fill('3');
  const counted = 2 * 20_000 + 5_000 + 3 * 100;
  await expect(page.getByText(`Sayım toplamı: ${formatTL(counted)}`)).toBeVisible();
  await page.getByRole('button', { name: 'Sayılan nakde aktar' }).click();
  await expect(page.getByLabel('Sayılan nakit (TL)')).toHaveValue('453,00');
  const difference = counted - preview.cash.expected;
  const word = differenceWord(difference);
  await expect(page.getByTestId('cash-difference').first()).toContainText(word);
  await expect(page.getByTestId('cash-difference').first()).toContainText(formatTL(Math.abs(difference)));
  await expectTouchTargets(page, 'Gün Sonu with the cash count');

  await page.getByRole('button', { name: 'Gün Sonu Al' }).click();
  const dialog = page.getByRole('dialog', { name: 'Gün sonu alınsın mı?' });
  await expect(dialog).toContainText(`Beklenen ${formatTL(preview.cash.expected)}`);
  await expectAccessible(page, 'Gün Sonu confirm');
  await dialog.getByRole('button', { name: 'Onayla ve Gün Sonu Al' }).click();

  await expect(page.getByText('Gün Sonu No 1 kaydedildi.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Kasa sayımı' })).toContainText(formatTL(counted));
  await expect(page.getByRole('table', { name: 'Kasa sayımı' })).toContainText(word);
  await expect(page.getByRole('button', { name: 'Yazdır (A4)' })).toBeVisible();
  // the audit chain's head at the close, to keep on paper (npm run verify-audit -- --head …)
  await expect(page.getByTestId('chain-head').first()).toContainText(/Zincir başı: [0-9a-f]{4} [0-9a-f]{4} [0-9a-f]{4} [0-9a-f]{4}/);
  // the closed days, with the report to reopen and print again
  const closedDays = page.getByRole('table', { name: 'Alınmış gün sonları' });
  await expect(closedDays.getByRole('row')).toHaveCount(2);
  await expectAccessible(page, 'Gün Sonu report');
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Fiş yazdır' }).first().click();
  const receipt = await popup;
  await expect(receipt.locator('body')).toContainText('GÜN SONU NO 1');
  await expect(receipt.locator('body')).toContainText(/Zincir başı: [0-9a-f]{4} [0-9a-f]{4}/);
  await receipt.close().catch(() => {});

  // a second close of the same day is refused by the server; the screen says the day is closed
  await page.getByRole('button', { name: 'Tamam' }).click();
  await expect(page.getByText('Bugünün gün sonu alındı.')).toBeVisible();
  const again = await page.request.post(`/api/restaurants/${bill.restaurantId}/days/close`, { data: { countedCash: 0, carryOpen: true } });
  expect(again.status()).toBe(409);
});

test('İade from Kapalı Hesaplar: one unit of the closed day’s bill goes back in cash and is recorded in the day open now', async ({ page }) => {
  expect(billNumber).toBeGreaterThan(0);
  await loginAs(page, DEMO.owner2, '/owner');
  const restaurantId = await restaurantIdOf(page.request);
  await page.goto('/owner/kapali-masalar');
  await page.getByTestId('closed-bill').filter({ hasText: `Hesap No ${billNumber} ` }).click();
  const detail = page.getByTestId('bill-detail');
  await detail.getByRole('button', { name: 'İade', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `İade · Hesap No ${billNumber}` });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'İade');
  await dialog.getByLabel(/iade adedi$/).first().selectOption('1');
  await dialog.getByLabel('İade yöntemi').selectOption('cash');
  await dialog.getByLabel('Neden').fill('Yemek soğuk geldi');
  await dialog.getByRole('button', { name: 'İade Et' }).click();
  await expect(dialog.getByText('İade kaydedildi')).toBeVisible();

  const preview = (await (await page.request.get(`/api/restaurants/${restaurantId}/days/current`)).json()) as DayCloseReport;
  expect(preview.refunds.map((r) => [r.billNumber, r.reason])).toEqual([[billNumber, 'Yemek soğuk geldi']]);
  expect(preview.cash.cashRefunds).toBe(preview.refunds[0].amount);
  // the bill of a closed day cannot be reopened
  await dialog.getByRole('button', { name: 'Tamam' }).click();
});
