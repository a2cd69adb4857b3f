import { expect, test } from '../fixtures';
import { DEMO, loginAs } from '../helpers';

test('the kitchen dashboard offers orders, history and settings, and no owner screens', async ({ page }) => {
  await loginAs(page, DEMO.kitchen, '/kitchen');
  const nav = page.getByRole('navigation');
  await expect(nav.getByRole('link')).toHaveText(['Siparişler', 'Sipariş Geçmişi', 'Ayarlar'].map((l) => new RegExp(l)));
  await nav.getByRole('link', { name: 'Sipariş Geçmişi' }).click();
  await expect(page).toHaveURL(/\/kitchen\/history$/);
  await page.goto('/owner/settings');
  await expect(page).toHaveURL(/\/kitchen$/);
  // While the dashboard's chunk loads, 'Yükleniyor...' is a status too: name the one meant.
  await expect(page.getByRole('status').filter({ hasText: 'Bu ekran İşletme Sahibi içindir' })).toBeVisible();
});
