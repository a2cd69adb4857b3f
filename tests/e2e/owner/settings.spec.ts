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
