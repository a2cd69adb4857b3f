import { expect, test } from '../fixtures';
import { DEMO, loginAs, restorePreferences } from '../helpers';

test('the kitchen changes its own settings, keeps them, and cannot reach owner settings', async ({ page }) => {
  await loginAs(page, DEMO.kitchen, '/kitchen');
  await page.getByRole('navigation').getByRole('link', { name: 'Ayarlar' }).click();
  await expect(page.getByRole('heading', { name: 'Mutfak Ekranı' })).toBeVisible();
  await page.getByLabel('Yeni siparişte ses çal').uncheck({ force: true });
  await page.getByRole('combobox', { name: 'Gösterilen istasyon' }).click();
  await page.getByRole('option', { name: 'Bar' }).click();
  await page.getByRole('button', { name: 'Kaydet' }).click();
  await expect(page.getByRole('status')).toHaveText('Ayarlarınız kaydedildi');

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Gösterilen istasyon' })).toHaveValue('Bar');
  await expect(page.getByLabel('Yeni siparişte ses çal')).not.toBeChecked();
  await restorePreferences(page.request, { station: '', soundEnabled: true });

  await page.goto('/owner/settings');
  await expect(page).toHaveURL(/\/kitchen$/);
  const restaurantId = await page.evaluate(() => JSON.parse(localStorage.getItem('userSession')!).restaurantId);
  const res = await page.request.put(`/api/restaurants/${restaurantId}/settings/general`, { data: {} });
  expect(res.status()).toBe(403);
});

test('a weak new password is refused before it is sent', async ({ page }) => {
  await loginAs(page, DEMO.kitchen, '/kitchen');
  await page.goto('/kitchen/settings');
  await page.getByLabel('Mevcut şifre').fill('demo1234');
  await page.getByLabel('Yeni şifre').fill('12345678');
  await expect(page.getByText('Bu şifre çok yaygın')).toBeVisible();
});

test('changing the password says what is missing or wrong on the field itself, in Turkish', async ({ page }) => {
  await loginAs(page, DEMO.kitchen, '/kitchen');
  await page.goto('/kitchen/settings');
  await page.getByRole('button', { name: 'Şifreyi Değiştir' }).click();
  const current = page.getByLabel('Mevcut şifre');
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Mevcut şifre gerekli')).toBeVisible();
  await expect(current).toBeFocused();

  await current.fill('yanlis-sifre-1');
  await page.getByLabel('Yeni şifre').fill('Kebap-ustasi-2026');
  await page.getByRole('button', { name: 'Şifreyi Değiştir' }).click();
  await expect(page.getByText('Mevcut şifre hatalı')).toBeVisible();
  await expect(current).toHaveAttribute('aria-invalid', 'true');
});
