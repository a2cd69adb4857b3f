import { expect, test } from '../fixtures';
import { formatTL } from '../../../src/shared/domain/money';
import { DEMO, loginAs } from '../helpers';
import { Sender, restaurantIdOf } from '../kitchen/kitchen-helpers';

interface BillTicket {
  id: string;
  billNumber: number | null;
  totals: { total: number; remaining: number; discounts: number; comps: number; cancelled: number; vatByRate: { rate: number; vat: number }[] };
}

test("a waiter's order: the owner discounts, comps and cancels with a reason, takes card and cash with change, prints, closes, and finds it in Kapalı Hesaplar with its history", async ({ browser }) => {
  // The waiter takes the order (through the table-service API, as the signed-in waiter).
  const waiterContext = await browser.newContext();
  const waiter = await waiterContext.newPage();
  await loginAs(waiter, DEMO.waiter, '/waiter');
  const sender = new Sender(waiter.request, await restaurantIdOf(waiter.request));
  const [table] = await sender.freeTables();
  const opened = await sender.openTable(table.id);
  const { ticket } = await sender.send(opened, [{ name: 'İzmir Köfte', quantity: 2 }, { name: 'Yayla Çorbası' }]);

  const owner = await (await browser.newContext()).newPage();
  await loginAs(owner, DEMO.owner, '/owner');
  const url = `/api/restaurants/${sender.restaurantId}/tickets/${ticket.id}`;
  const fresh = async () => (await (await owner.request.get(url)).json()) as BillTicket;

  // From the adisyon to its bill.
  await owner.goto(`/owner/orders/${ticket.id}`);
  await owner.getByTestId('open-bill').click();
  await expect(owner).toHaveURL(new RegExp(`/owner/orders/${ticket.id}/hesap$`));
  await expect(owner.getByRole('heading', { name: new RegExp(`Hesap · ${table.name}`) })).toBeVisible();

  // İndirim on the ticket: 10 TL, labelled.
  await owner.getByRole('button', { name: 'Hesaba İndirim' }).click();
  await owner.getByLabel('İndirim tutarı (TL)').fill('10,00');
  await owner.getByLabel('Açıklama').fill('Müdavim');
  await owner.getByRole('button', { name: 'İndirimi Uygula' }).click();
  await expect(owner.getByTestId('bill-totals')).toContainText('İndirim (Müdavim)');

  // İkram of the soup, with a typed reason.
  await owner.getByRole('button', { name: 'Yayla Çorbası: İkram' }).click();
  await owner.getByRole('textbox', { name: 'Neden' }).fill('Doğum günü');
  await owner.getByRole('button', { name: 'İkram Et' }).click();
  await expect(owner.getByTestId('bill-line').filter({ hasText: 'Yayla Çorbası' })).toContainText('İkram: Doğum günü');

  // İptal of one of the two köfte, with a reason from Ayarlar's list.
  await owner.getByRole('button', { name: 'İzmir Köfte: İptal' }).click();
  await owner.getByRole('button', { name: 'Yanlış sipariş' }).click();
  await owner.getByLabel(/^Adet/).fill('1');
  await owner.getByRole('button', { name: 'İptal Et' }).click();
  await expect(owner.getByTestId('bill-line').filter({ hasText: 'İptal: Yanlış sipariş' })).toBeVisible();

  const adjusted = await fresh();
  expect(adjusted.totals.discounts).toBe(1000);
  expect(adjusted.totals.comps).toBeGreaterThan(0);
  expect(adjusted.totals.cancelled).toBeGreaterThan(0);
  await expect(owner.getByTestId('bill-total')).toHaveText(formatTL(adjusted.totals.total));

  // Two guests: one pays 100 TL by card, the other the rest in cash and gets change.
  const card = 10000;
  await owner.getByRole('button', { name: 'Kredi Kartı', exact: true }).click();
  await owner.getByLabel('Tutar (TL)').fill('100,00');
  await owner.getByTestId('take-payment').click();
  await expect(owner.getByTestId('bill-paid')).toHaveText(formatTL(card));
  const rest = adjusted.totals.total - card;
  const given = (Math.floor(rest / 10000) + 1) * 10000;
  await owner.getByRole('button', { name: 'Nakit', exact: true }).click();
  await expect(owner.getByLabel('Tutar (TL)')).toHaveValue(formatTL(rest).replace(' TL', ''));
  await owner.getByLabel('Verilen (TL)').fill(formatTL(given).replace(' TL', ''));
  await expect(owner.getByTestId('cash-change')).toHaveText(formatTL(given - rest));
  await owner.getByTestId('take-payment').click();
  await expect(owner.getByTestId('bill-remaining')).toHaveText(formatTL(0));
  // The change to hand back shows where the cashier is looking, by the payment panel.
  const paidNotice = owner.getByTestId('payment-notice');
  await expect(paidNotice).toContainText(`Nakit ödemesi alındı · Para üstü ${formatTL(given - rest)}`);
  await expect(paidNotice).toBeInViewport();
  await expect(owner.getByTestId('bill-payment')).toHaveCount(2);

  // The printed bill holds the right total, KDV per rate, payments and change.
  const popupPromise = owner.waitForEvent('popup');
  await owner.getByTestId('print-bill').click();
  const popup = await popupPromise;
  const html = await popup.content();
  expect(html).toContain(formatTL(adjusted.totals.total));
  for (const v of adjusted.totals.vatByRate) expect(html).toContain(`KDV %${v.rate}</span><span>${formatTL(v.vat)}`);
  expect(html).toContain('Kredi Kartı');
  expect(html).toContain(`Para Üstü</span><span>${formatTL(given - rest)}`);
  expect(html).toContain('Mali değeri yoktur');

  // Hesabı Kapat: back on the floor with the bill number.
  await owner.getByTestId('close-bill').click();
  await expect(owner).toHaveURL(/\/owner\/orders$/);
  const closed = await fresh();
  expect(closed.billNumber).not.toBeNull();
  await expect(owner.getByTestId('closed-bill-number')).toContainText(`Hesap No: ${closed.billNumber}`);

  // Kapalı Hesaplar: the bill, its flags, and its history with the reasons.
  await owner.goto('/owner/kapali-masalar');
  const row = owner.getByTestId('closed-bill').filter({ hasText: `Hesap No ${closed.billNumber} ` });
  await expect(row).toContainText(formatTL(closed.totals.total));
  for (const flag of ['İndirim', 'İkram', 'İptal']) await expect(row).toContainText(flag);
  await expect(row).toContainText('Kredi Kartı, Nakit');
  await row.click();
  const detail = owner.getByTestId('bill-detail');
  await expect(detail).toContainText('İkram: Doğum günü');
  const history = detail.getByTestId('bill-history');
  await expect(history.filter({ hasText: 'Neden: Yanlış sipariş' })).toHaveCount(1);
  await expect(history.filter({ hasText: 'Hesap indirimi' })).toHaveCount(1);
  await expect(history.filter({ hasText: 'Hesap kapatıldı' })).toHaveCount(1);
  await waiterContext.close();
});
