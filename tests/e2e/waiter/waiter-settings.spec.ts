import { expect, test } from '@playwright/test';
import { DEMO, PHONE, loginAs, restorePreferences } from '../helpers';

test('the waiter picks a default section and list view on a phone, and they are kept', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await loginAs(page, DEMO.waiter, '/waiter');
  await page.goto('/waiter/settings');
  await page.getByRole('combobox', { name: 'Varsayılan bölüm' }).click();
  await page.getByRole('option', { name: 'Bahçe' }).click();
  await page.getByText('Liste', { exact: true }).click();
  await page.getByRole('button', { name: 'Kaydet' }).click();
  await expect(page.getByRole('status')).toHaveText('Ayarlarınız kaydedildi');
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Varsayılan bölüm' })).toHaveValue('Bahçe');
  await expect(page.getByRole('radio', { name: 'Liste' })).toBeChecked();
  await restorePreferences(page.request, { tableView: 'floor', defaultSectionId: '' });
});
