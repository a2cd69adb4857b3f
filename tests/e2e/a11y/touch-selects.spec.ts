import { expect, test, type Locator, type Page } from '../fixtures';
import { DEMO, PHONE_DEVICE, loginAs, restorePreferences } from '../helpers';

// On a touch phone every single choice is the browser's own <select>: choosing by touch works,
// and neither the page width nor the form moves while it is open.
test.use(PHONE_DEVICE);

async function choose(page: Page, select: Locator, label: string) {
  await expect(select).toHaveJSProperty('tagName', 'SELECT');
  const before = await page.evaluate(() => document.documentElement.scrollWidth);
  await select.tap();
  await select.selectOption({ label });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(before);
  expect(before).toBeLessThanOrEqual(390);
}

test('the owner chooses a category and filters by it in Menü Yönetimi by touch', async ({ page }) => {
  await loginAs(page, DEMO.owner, '/owner');
  await page.goto('/owner/menu-management');
  await choose(page, page.getByRole('combobox', { name: 'Kategori' }), '🔥 Izgaralar');
  await expect(page.getByRole('heading', { name: '🔥 Izgaralar' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Çorbalar/ })).toHaveCount(0);
  await choose(page, page.getByRole('combobox', { name: 'Kategori' }), 'Tüm kategoriler');

  await page.getByRole('button', { name: 'Ürün Ekle' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Ürün Ekle' });
  await dialog.getByLabel('Ürün adı').fill('Dokunmatik Köfte');
  await dialog.getByLabel('Fiyat').fill('210');
  await choose(page, dialog.getByRole('combobox', { name: 'Kategori' }), '🔥 Izgaralar');
  await expect(dialog.getByRole('combobox', { name: 'Kategori' })).toHaveValue(/.+/);
  await dialog.getByLabel('Mutfak istasyonu').fill('Izgara');
  await dialog.getByRole('button', { name: 'Kaydet' }).tap();
  await expect(dialog).toBeHidden();
  const section = page.locator('section').filter({ has: page.getByRole('heading', { name: '🔥 Izgaralar' }) });
  await expect(section.getByText('Dokunmatik Köfte', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Toplu Fiyat' }).tap();
  const pricing = page.getByRole('dialog', { name: 'Toplu Fiyat Değişikliği' });
  await choose(page, pricing.getByRole('combobox', { name: 'Kategori' }), '🔥 Izgaralar');
  await pricing.getByRole('radio', { name: '5 TL' }).tap();
  await expect(pricing.getByRole('radio', { name: '5 TL' })).toBeChecked();
  await expect(pricing.getByRole('row').filter({ hasText: 'Dokunmatik Köfte' })).toContainText('230,00');
});

test('the owner chooses a time zone and a business-day start hour in Ayarlar by touch', async ({ page }) => {
  await loginAs(page, DEMO.owner, '/owner');
  await page.goto('/owner/settings');
  const zone = page.getByRole('combobox', { name: 'Saat dilimi' });
  await expect(zone.locator('option:checked')).toHaveText('İstanbul (GMT+3)');
  await choose(page, zone, 'Bakü (GMT+4)');
  await choose(page, page.getByRole('combobox', { name: 'İş günü başlangıcı' }), '05:00');
  await page.getByRole('button', { name: 'Kaydet', exact: true }).tap(); // not the PIN section's PIN’i Kaydet
  await expect(page.getByRole('status')).toHaveText('Ayarlar kaydedildi');
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Saat dilimi' }).locator('option:checked')).toHaveText('Bakü (GMT+4)');
  await expect(page.getByRole('combobox', { name: 'İş günü başlangıcı' }).locator('option:checked')).toHaveText('05:00');
  // Back to the demo's zone for the other tests.
  await choose(page, page.getByRole('combobox', { name: 'Saat dilimi' }), 'İstanbul (GMT+3)');
  await choose(page, page.getByRole('combobox', { name: 'İş günü başlangıcı' }), '00:00');
  await page.getByRole('button', { name: 'Kaydet', exact: true }).tap();
  await expect(page.getByRole('status')).toHaveText('Ayarlar kaydedildi');
});

test('the owner chooses a printer and a paper width, and a role for new staff, by touch', async ({ page }) => {
  await loginAs(page, DEMO.owner, '/owner');
  await page.goto('/owner/printer-settings');
  await choose(page, page.getByRole('combobox', { name: 'Kağıt Genişliği' }), '58 mm');
  await choose(page, page.getByRole('combobox', { name: 'Yazıcı' }), 'POS-58');
  await expect(page.getByRole('combobox', { name: 'Yazıcı' })).toHaveValue('pos58');

  await page.goto('/owner/add-staff');
  await choose(page, page.getByRole('combobox', { name: 'Rol' }), 'Mutfak');
  await expect(page.getByRole('combobox', { name: 'Rol' })).toHaveValue('kitchen');

  await page.goto('/owner/staff-list');
  await page.getByTestId('staff-card').filter({ hasText: DEMO.waiter }).getByRole('button', { name: 'Düzenle' }).tap();
  await choose(page, page.getByRole('dialog').getByRole('combobox', { name: 'Rol' }), 'Garson');
});

test('the kitchen chooses its station and the waiter a default section by touch', async ({ page, browser }) => {
  await loginAs(page, DEMO.kitchen, '/kitchen');
  await page.goto('/kitchen/settings');
  await choose(page, page.getByRole('combobox', { name: 'Gösterilen istasyon' }), 'Izgara');
  await page.getByRole('region', { name: 'Mutfak Ekranı' }).getByRole('button', { name: 'Kaydet' }).tap();
  await expect(page.getByRole('status')).toHaveText('Ayarlarınız kaydedildi');
  // the other specs' cook sees every station again
  await restorePreferences(page.request, { station: '' });

  const waiter = await (await browser.newContext(PHONE_DEVICE)).newPage();
  await loginAs(waiter, DEMO.waiter, '/waiter');
  await waiter.goto('/waiter/settings');
  await choose(waiter, waiter.getByRole('combobox', { name: 'Varsayılan bölüm' }), 'Salon');
  await waiter.getByRole('region', { name: 'Garson Ekranı' }).getByRole('button', { name: 'Kaydet' }).tap();
  await expect(waiter.getByRole('status')).toHaveText('Ayarlarınız kaydedildi');
  await restorePreferences(waiter.request, { defaultSectionId: '' });
  await waiter.context().close();
});
