import { expect, test } from '../fixtures';
import { DEMO, PHONE, loginAs, restorePreferences } from '../helpers';

test('the waiter saves a default section and list view on a phone: they are kept, and Sipariş Ekranı opens that way', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await loginAs(page, DEMO.waiter, '/waiter');
  await page.goto('/waiter/settings');
  await page.getByRole('combobox', { name: 'Varsayılan bölüm' }).click();
  await page.getByRole('option', { name: 'Bahçe' }).click();
  await page.getByText('Liste', { exact: true }).click();
  // the screen's own Kaydet, not the PIN section's
  await page.getByRole('region', { name: 'Garson Ekranı' }).getByRole('button', { name: 'Kaydet' }).click();
  await expect(page.getByRole('status')).toHaveText('Ayarlarınız kaydedildi');
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Varsayılan bölüm' })).toHaveValue('Bahçe');
  await expect(page.getByRole('radio', { name: 'Liste' })).toBeChecked();

  await page.getByRole('button', { name: 'Menü' }).click();
  await page.getByRole('navigation').getByRole('link', { name: 'Sipariş Ekranı' }).click();
  await expect(page.getByRole('radio', { name: 'Liste' })).toBeChecked();
  await expect(page.getByRole('tab', { name: 'Bahçe' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('list-table-Bahçe 1')).toBeVisible();
  await expect(page.getByTestId('list-table-Salon 1')).toHaveCount(0);

  // Back to the defaults (floor plan, every section) for the other tests' sake.
  await restorePreferences(page.request, { tableView: 'floor', defaultSectionId: '' });
});
