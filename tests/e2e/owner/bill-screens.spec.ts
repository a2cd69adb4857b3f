import { expect, test, type Page } from '../fixtures';
import { formatTL } from '../../../src/shared/domain/money';
import { DEMO, PHONE, loginAs } from '../helpers';
import { Sender, restaurantIdOf } from '../kitchen/kitchen-helpers';

interface BillTicket {
  id: string;
  version: number;
  totals: { total: number; remaining: number };
}

/** A sent table adisyon of the demo restaurant, opened by the signed-in owner. */
async function sentTicket(owner: Page) {
  const sender = new Sender(owner.request, await restaurantIdOf(owner.request));
  const [table] = await sender.freeTables();
  const { ticket } = await sender.send(await sender.openTable(table.id), [{ name: 'İzmir Köfte' }, { name: 'Yayla Çorbası' }]);
  const url = `/api/restaurants/${sender.restaurantId}/tickets/${ticket.id}`;
  const fresh = async () => (await (await owner.request.get(url)).json()) as BillTicket;
  return { sender, table, ticket, url, fresh };
}

test('a bill: printed under the restaurant own name, split in three with the shares kept after a payment, cash short says what is missing, then Yazıcı Ayarları opens', async ({ page: owner }, testInfo) => {
  await loginAs(owner, DEMO.owner, '/owner');
  const { ticket, url, fresh } = await sentTicket(owner);
  await owner.goto(`/owner/orders/${ticket.id}/hesap`);
  await expect(owner.getByRole('heading', { name: /^Hesap · / })).toBeVisible();

  // The printed bill is headed by the demo restaurant's own name, never the spec's sample.
  const popupPromise = owner.waitForEvent('popup');
  await owner.getByTestId('print-bill').click();
  const html = await (await popupPromise).content();
  expect(html).toContain('Demo Lokanta');
  for (const sample of ['Restoran Adı', 'Örnek Mah.', '0212 000 00 00']) expect(html).not.toContain(sample);

  // Eşit Böl into three; the first share is paid in cash; the others stay as they were.
  const { shares } = (await (await owner.request.get(`${url}/split?shares=3`)).json()) as { shares: number[] };
  await owner.getByRole('button', { name: 'Eşit Böl' }).click();
  await owner.getByLabel('Kişi sayısı').fill('3');
  await owner.getByRole('button', { name: '3 kişiye böl' }).click();
  await expect(owner.getByTestId('split-share')).toHaveText(`Pay 1 / 3 · ${formatTL(shares[0])}`);
  await owner.getByTestId('take-payment').click();
  await expect(owner.getByTestId('bill-paid')).toHaveText(formatTL(shares[0]));
  await expect(owner.getByTestId('split-share')).toHaveText(`Pay 2 / 3 · ${formatTL(shares[1])}`);
  await expect(owner.getByRole('button', { name: `3. pay: ${formatTL(shares[2])}` })).toBeEnabled();
  await expect(owner.getByTestId('take-payment')).toHaveText(`Nakit ile Öde · ${formatTL(shares[1])}`);

  // 10 TL handed over for the second share: what is missing is said, the button keeps its amount.
  await owner.getByLabel('Verilen (TL)').fill('10');
  await expect(owner.getByText(`${formatTL(shares[1] - 1000)} eksik`)).toBeVisible();
  await expect(owner.getByTestId('take-payment')).toHaveText(`Nakit ile Öde · ${formatTL(shares[1])}`);
  await expect(owner.getByRole('button', { name: 'Kısmi ödeme olarak al · 10,00 TL' })).toBeVisible();
  await owner.getByLabel('Verilen (TL)').fill('');
  await owner.screenshot({ path: testInfo.outputPath('bill-desktop.png'), fullPage: true });
  expect((await fresh()).totals.remaining).toBe(shares[1] + shares[2]);

  // The bill screen filled the printer settings' cache: Yazıcı Ayarları reads the same entry.
  await owner.getByRole('navigation').getByRole('link', { name: 'Yazıcı Ayarları' }).click();
  await expect(owner.getByRole('heading', { name: 'Yazıcı Ayarları' })).toBeVisible();
  await expect(owner.getByLabel('Restoran Adı')).toHaveValue('Demo Lokanta');
  await expect(owner.getByTestId('receipt-preview')).toContainText('Demo Lokanta');
});

test('on a phone the bill stacks in one column with its payment panel', async ({ page: owner }, testInfo) => {
  await owner.setViewportSize(PHONE);
  await loginAs(owner, DEMO.owner, '/owner');
  const { ticket } = await sentTicket(owner);
  await owner.goto(`/owner/orders/${ticket.id}/hesap`);
  await expect(owner.getByTestId('take-payment')).toBeVisible();
  const width = await owner.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
  await owner.screenshot({ path: testInfo.outputPath('bill-phone.png'), fullPage: true });
});

test('Açık Masalar says Ödendi, with 0,00 TL kalan, on a reopened bill that is fully paid', async ({ page: owner }) => {
  await loginAs(owner, DEMO.owner, '/owner');
  const { ticket, url, fresh } = await sentTicket(owner);
  const total = (await fresh()).totals.total;
  expect((await owner.request.post(`${url}/payments`, { data: { version: (await fresh()).version, method: 'card', amount: total } })).ok()).toBe(true);
  expect((await owner.request.post(`${url}/close`, { data: { version: (await fresh()).version } })).ok()).toBe(true);
  const reopen = await owner.request.post(url.replace(`/tickets/${ticket.id}`, `/bills/${ticket.id}/reopen`), { data: { reason: 'Fiş tekrar' } });
  expect(reopen.ok(), await reopen.text()).toBe(true);

  await owner.goto('/owner/acik-masalar');
  const row = owner.getByTestId('open-ticket').filter({ hasText: `#${ticket.number} ` });
  await expect(row).toContainText(formatTL(total));
  await expect(row.getByTestId('payment-hint')).toHaveText('✓ Ödendi · 0,00 TL kalan');

});
