import { expect, refusedRequest, test } from '../fixtures';
import { DEMO, loginAs, restorePreferences } from '../helpers';

test('the kitchen changes its own settings, keeps them, and cannot reach owner settings', async ({ page }) => {
  await loginAs(page, DEMO.kitchen, '/kitchen');
  await page.getByRole('navigation').getByRole('link', { name: 'Ayarlar' }).click();
  await expect(page.getByRole('heading', { name: 'Mutfak Ekranı' })).toBeVisible();
  await page.getByLabel('Yeni siparişte ses çal').uncheck({ force: true });
  await page.getByRole('combobox', { name: 'Gösterilen istasyon' }).click();
  await page.getByRole('option', { name: 'Bar' }).click();
  // the screen's own Kaydet, not the PIN section's
  await page.getByRole('region', { name: 'Mutfak Ekranı' }).getByRole('button', { name: 'Kaydet' }).click();
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
  // the password's own section (the PIN section asks for the current password too)
  const password = page.getByRole('region', { name: 'Şifre Değiştir' });
  await password.getByLabel('Mevcut şifre').fill('demo1234');
  await password.getByLabel('Yeni şifre').fill('12345678');
  await expect(password.getByText('Bu şifre çok yaygın')).toBeVisible();
});

test('changing the password says what is missing or wrong on the field itself, in Turkish', async ({ page, pageErrors }) => {
  pageErrors.allow(refusedRequest(400)); // the wrong current password's refusal
  await loginAs(page, DEMO.kitchen, '/kitchen');
  await page.goto('/kitchen/settings');
  // the password's own section (the PIN section asks for the current password too)
  const password = page.getByRole('region', { name: 'Şifre Değiştir' });
  await password.getByRole('button', { name: 'Şifreyi Değiştir' }).click();
  const current = password.getByLabel('Mevcut şifre');
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect(password.getByText('Mevcut şifre gerekli')).toBeVisible();
  await expect(current).toBeFocused();

  await current.fill('yanlis-sifre-1');
  await password.getByLabel('Yeni şifre').fill('Kebap-ustasi-2026');
  await password.getByRole('button', { name: 'Şifreyi Değiştir' }).click();
  await expect(password.getByText('Mevcut şifre hatalı')).toBeVisible();
  await expect(current).toHaveAttribute('aria-invalid', 'true');
});
