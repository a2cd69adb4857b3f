import { expect, test } from '../fixtures';
import { DEMO, PHONE, loginAs } from '../helpers';

test('the waiter dashboard has its three items and a 250px sidebar on a phone', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await loginAs(page, DEMO.waiter, '/waiter');
  await page.getByRole('button', { name: 'Menü' }).click();
  const nav = page.getByRole('navigation');
  await expect(nav.getByRole('link')).toHaveText([/Sipariş Ekranı/, /Garson Ekranı/, /Ayarlar/]);
  expect(Math.round((await nav.boundingBox())!.width)).toBe(250);
  await nav.getByRole('link', { name: 'Garson Ekranı' }).click();
  await expect(page).toHaveURL(/\/waiter\/waiter-screen$/);
  await expect(page.getByRole('button', { name: 'Çıkış Yap' })).toBeVisible();
});
