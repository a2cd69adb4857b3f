import { expect, test } from '../fixtures';
import { DEMO, loginAs } from '../helpers';

test('owner settings save and appear live on another open screen of the restaurant', async ({ page, browser }) => {
  await loginAs(page, DEMO.owner, '/owner');
  await page.goto('/owner/settings');
  const other = await (await browser.newContext()).newPage();
  await loginAs(other, DEMO.owner, '/owner');
  await other.goto('/owner/settings');
  await expect(other.getByLabel('Vergi dairesi')).toHaveValue('');

  await page.getByLabel('Vergi dairesi').fill('Kadıköy');
  await page.getByLabel('Vergi no').fill('1234567890');
  await page.getByRole('button', { name: 'Kaydet', exact: true }).click(); // not the PIN section's PIN’i Kaydet
  await expect(page.getByRole('status')).toHaveText('Ayarlar kaydedildi');

  // No reload: the live event refreshes the other screen.
  await expect(other.getByLabel('Vergi dairesi')).toHaveValue('Kadıköy');
  await expect(other.getByLabel('Vergi no')).toHaveValue('1234567890');
  await other.context().close();
});

test('a bad value is shown in Turkish on its field, which gets the focus, and nothing is saved', async ({ page }) => {
  await loginAs(page, DEMO.owner, '/owner');
  await page.goto('/owner/settings');
  await page.getByLabel('Vergi no').fill('12ab');
  await page.getByRole('button', { name: 'Kaydet', exact: true }).click();
  const taxNumber = page.getByLabel('Vergi no');
  await expect(taxNumber).toBeFocused();
  await expect(taxNumber).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Vergi numarası 10 haneli (şirket) ya da 11 haneli (TC kimlik no) olmalı')).toBeInViewport();
  await expect(page.getByRole('alert')).toHaveText('Bazı alanlar hatalı; işaretli alanları düzeltip tekrar deneyin.');
  await expect(page.getByText('profile.taxNumber')).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel('Vergi no')).not.toHaveValue('12ab');
});

test('QR Sipariş: hours with the same start and end are refused on the field; turned off, a table’s menu takes no orders', async ({ page, browser }) => {
  await loginAs(page, DEMO.owner, '/owner');
  await page.goto('/owner/settings');
  const restaurantId = await page.evaluate(() => JSON.parse(localStorage.getItem('userSession')!).restaurantId as string);
  const { tables } = (await (await page.request.get(`/api/restaurants/${restaurantId}/tables/qr-tokens`)).json()) as { tables: { token: string }[] };
  const guest = await (await browser.newContext()).newPage();
  await guest.goto(`/menu/${restaurantId}?masa=${tables[0].token}`);
  await expect(guest.getByRole('button', { name: 'Garson Çağır' })).toBeVisible();

  try {
    await expect(page.getByRole('radio', { name: 'Garson onaylar' })).toBeChecked();
    await page.getByLabel('Yalnızca belirli saatlerde sipariş alınsın').check();
    await page.getByLabel('Başlangıç saati').fill('10:00');
    await page.getByLabel('Bitiş saati').fill('10:00');
    await page.getByRole('button', { name: 'Kaydet', exact: true }).click();
    const end = page.getByLabel('Bitiş saati');
    await expect(end).toHaveAttribute('aria-invalid', 'true');
    await expect(end).toBeFocused();
    await expect(page.getByText('Sipariş saatlerinin başlangıcı ve bitişi aynı olamaz')).toBeVisible();

    await page.getByLabel('Yalnızca belirli saatlerde sipariş alınsın').uncheck();
    await page.getByLabel('Müşteriler masadaki QR koddan sipariş versin').uncheck();
    await page.getByRole('button', { name: 'Kaydet', exact: true }).click();
    await expect(page.getByRole('status')).toHaveText('Ayarlar kaydedildi');
    // the open menu of the table follows: no order pad, and it says why
    await expect(guest.getByText('Şu anda QR kodla sipariş alınmıyor.')).toBeVisible();
    await expect(guest.getByRole('button', { name: 'Garson Çağır' })).toBeHidden();
    await expect(guest.getByRole('button', { name: /ekle$/ })).toHaveCount(0);
  } finally {
    // later specs order from the demo restaurant's tables
    await guest.context().close();
    const url = `/api/restaurants/${restaurantId}/settings/general`;
    const current = await page.request.get(url);
    const value = await current.json();
    const res = await page.request.put(url, {
      data: { ...value, qrOrdering: { enabled: true, confirmBy: 'waiter', hours: null } },
      headers: { 'if-match': current.headers().etag },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
});
