import { formatTL } from '../../../src/shared/domain/money';
import { expect, test, type Page } from '../fixtures';
import { DEMO, PHONE_DEVICE, demoRestaurantId, expectScreenRules, loginAs } from '../helpers';
import { closeKitchenAlerts, closeLinesSheet, openLinesSheet } from './adisyon-helpers';

test.use(PHONE_DEVICE);
// The previous journeys' sends, never received by a kitchen screen, raise an alert that covers the header.
test.beforeEach(({ page }) => closeKitchenAlerts(page));

interface Summary {
  id: string;
  number: number;
  type: string;
  customerName: string | null;
  total: number;
  state: string;
}

const openTickets = async (page: Page, rid: string) =>
  (await (await page.request.get(`/api/restaurants/${rid}/tickets?status=open`)).json()) as Summary[];

/** The Sipariş Ekranı in one of its two views. */
async function showView(page: Page, view: 'Kat planı' | 'Liste') {
  await page.getByText(view, { exact: true }).click();
  await expect(page.getByRole('radio', { name: view })).toBeChecked();
}

test('a waiter opens a Gel-Al, leaves to the floor, sees it there with its state and total, reopens it and takes its payment', async ({ page, request }) => {
  test.setTimeout(150_000);
  const rid = await demoRestaurantId(request);
  const customer = `Gel-Al Testi ${Date.now().toString(36).slice(-4)}`;
  await loginAs(page, DEMO.waiter, '/waiter');

  // The phone rule on the field itself: a wrong number opens nothing.
  await page.getByRole('button', { name: /Gel-Al/ }).click();
  const dialog = page.getByRole('dialog', { name: /Gel-Al/ });
  await dialog.getByLabel('Müşteri adı').fill(customer);
  await dialog.getByLabel('Telefon').fill('abc-not-a-phone');
  await dialog.getByRole('button', { name: 'Adisyon Aç' }).click();
  await expect(dialog.getByText('Geçerli bir telefon numarası girin (ör. 0532 123 45 67)')).toBeVisible();
  await expect(dialog.getByLabel('Telefon')).toHaveAttribute('aria-invalid', 'true');
  expect((await openTickets(page, rid)).filter((t) => t.customerName === customer)).toHaveLength(0);
  // Typed any way, it reads back the one way it is shown.
  await dialog.getByLabel('Telefon').fill('+90 532 123 4567');
  await dialog.getByLabel('Müşteri adı').click();
  await expect(dialog.getByLabel('Telefon')).toHaveValue('0 532 123 45 67');
  await dialog.getByRole('button', { name: 'Adisyon Aç' }).click();
  await expect(page.getByRole('heading', { level: 2, name: `Gel-Al · ${customer} · #`, exact: false })).toBeVisible();
  await expect(page.getByTestId('customer-phone')).toHaveText('☎ 0 532 123 45 67');
  await expect(page.getByTestId('customer-phone')).toHaveAttribute('href', 'tel:+905321234567');
  const ticketUrl = page.url();

  await page.getByRole('button', { name: /Pide ve Lahmacun$/ }).click();
  await page.getByRole('button', { name: /^Lahmacun,/ }).click();
  await expect(page.getByTestId('send-to-kitchen')).toBeEnabled();
  await page.getByTestId('send-to-kitchen').click();
  await expect(page.getByTestId('send-to-kitchen')).toBeDisabled();
  const total = await page.getByTestId('ticket-total').textContent();

  // Back to the floor: the Gel-Al is there, in both views, with its state and total.
  await page.getByRole('link', { name: 'Masalara dön' }).click();
  await expect(page).toHaveURL(/\/waiter\/orders$/);
  // The send may still be on its way when the floor opens (a disabled button is also "sending").
  await expect.poll(async () => (await openTickets(page, rid)).find((t) => t.customerName === customer)?.state).toBe('waiting');
  const ticket = (await openTickets(page, rid)).find((t) => t.customerName === customer)!;
  expect(ticket).toMatchObject({ type: 'takeaway', state: 'waiting' });
  expect(formatTL(ticket.total)).toBe(total);
  const strip = page.getByTestId('counter-orders');
  const row = page.getByTestId(`counter-order-${ticket.number}`);
  for (const view of ['Kat planı', 'Liste'] as const) {
    await showView(page, view);
    await expect(strip.getByRole('heading', { name: /Gel-Al \/ Paket Servis/ })).toBeVisible();
    await expect(row).toContainText(`Gel-Al · ${customer} · #${ticket.number}`);
    await expect(row).toContainText('Mutfakta bekliyor');
    await expect(row).toContainText(formatTL(ticket.total));
    await expect(row).toHaveAccessibleName(new RegExp(`^Gel-Al · ${customer}, #${ticket.number}, Mutfakta bekliyor, ${formatTL(ticket.total)}`));
  }
  await expectScreenRules(page, 'Sipariş Ekranı with Gel-Al / Paket Servis', { isPhone: true });

  // A tap reopens the very same adisyon; its Hesap takes the payment and closes it.
  await row.click();
  await expect(page).toHaveURL(ticketUrl);
  const sheet = await openLinesSheet(page);
  await expect(sheet.getByTestId('ticket-line').filter({ hasText: 'Lahmacun' })).toContainText('Bekliyor');
  await closeLinesSheet(page);
  await page.getByTestId('open-bill').click();
  await expect(page).toHaveURL(`${ticketUrl}/hesap`);
  await page.getByRole('button', { name: 'Nakit', exact: true }).click();
  await expect(page.getByLabel('Tutar (TL)')).toHaveValue(formatTL(ticket.total).replace(' TL', ''));
  await page.getByTestId('take-payment').click();
  await expect(page.getByTestId('bill-remaining')).toHaveText(formatTL(0));
  await page.getByTestId('close-bill').click();
  await expect(page).toHaveURL(/\/waiter\/orders$/);
  await expect(page.getByTestId('closed-bill-number')).toBeVisible();
  // closed: gone from the list of open Gel-Al / Paket Servis orders
  await expect(row).toHaveCount(0);
  expect((await openTickets(page, rid)).some((t) => t.id === ticket.id)).toBe(false);
});

test('Paket Servis does not open without a phone and an address: each field says so in Turkish, and nothing is opened', async ({ page, request }) => {
  const rid = await demoRestaurantId(request);
  const customer = `Paket Testi ${Date.now().toString(36).slice(-4)}`;
  await loginAs(page, DEMO.waiter, '/waiter');
  await page.getByRole('button', { name: /Paket Servis/ }).click();
  const dialog = page.getByRole('dialog', { name: /Paket Servis/ });
  await expect(dialog).toHaveCSS('opacity', '1');
  await dialog.getByLabel('Müşteri adı').fill(customer);
  await dialog.getByRole('button', { name: 'Adisyon Aç' }).click();
  await expect(dialog.getByText('Paket serviste telefon zorunludur')).toBeVisible();
  await expect(dialog.getByText('Paket serviste adres zorunludur')).toBeVisible();
  await expect(dialog.getByLabel('Telefon')).toBeFocused(); // the first field with an error
  await expectScreenRules(page, 'Paket Servis with its field errors', { isPhone: true });
  await dialog.getByLabel('Telefon').fill('0212-555-12-34');
  await dialog.getByRole('button', { name: 'Adisyon Aç' }).click();
  await expect(dialog.getByText('Paket serviste adres zorunludur')).toBeVisible();
  await expect(dialog.getByText('Paket serviste telefon zorunludur')).toHaveCount(0);
  expect((await openTickets(page, rid)).filter((t) => t.customerName === customer)).toHaveLength(0);

  await dialog.getByLabel('Adres').fill('Moda Cd. 5, Kadıköy');
  await dialog.getByRole('button', { name: 'Adisyon Aç' }).click();
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`Paket Servis · ${customer}`) })).toBeVisible();
  await expect(page.getByTestId('customer-phone')).toHaveText('☎ 0 212 555 12 34');
  await expect(page.getByText('Moda Cd. 5, Kadıköy')).toBeVisible();
  // Left before anything was ordered, it is still there to come back to.
  await page.getByRole('link', { name: 'Masalara dön' }).click();
  const ticket = (await openTickets(page, rid)).find((t) => t.customerName === customer)!;
  await expect(page.getByTestId(`counter-order-${ticket.number}`)).toContainText(`Paket Servis · ${customer}`);
  await expect(page.getByTestId(`counter-order-${ticket.number}`)).toContainText('Dolu');
});
