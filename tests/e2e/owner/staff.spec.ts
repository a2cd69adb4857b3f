import { expect, refusedRequest, test } from '../fixtures';
import { DEMO, fillLogin, loginAs } from '../helpers';

test.describe('staff management', () => {
  test('the owner adds a waiter who signs in in another browser, then deactivates them and their session ends', async ({ page, browser, pageErrors }) => {
    pageErrors.allow(refusedRequest(403)); // the deactivated waiter's sign-in
    await loginAs(page, DEMO.owner, '/owner');
    await page.getByRole('navigation').getByRole('link', { name: 'Personel Ekle' }).click();
    await page.getByLabel('Ad Soyad').fill('Deniz Yıldız');
    await page.getByLabel('E-posta').fill('deniz@demo.local');
    await page.getByRole('combobox', { name: 'Rol' }).click();
    await page.getByRole('option', { name: 'Garson' }).click();
    await page.getByRole('button', { name: 'Personeli Ekle' }).click();
    await expect(page.getByRole('status').first()).toContainText('Deniz Yıldız eklendi');
    const password = (await page.getByTestId('one-time-password').textContent())!.trim();
    expect(password).toMatch(/^[A-Za-z2-9]{12}$/);

    const waiterContext = await browser.newContext();
    const waiter = await waiterContext.newPage();
    await fillLogin(waiter, 'deniz@demo.local', password);
    await expect(waiter).toHaveURL(/\/waiter$/);

    await page.getByRole('navigation').getByRole('link', { name: 'Personel Listesi' }).click();
    const card = page.getByTestId('staff-card').filter({ hasText: 'deniz@demo.local' });
    await expect(card).toContainText('Garson');
    await expect(card).toContainText('Aktif');
    await expect(card).toContainText('Son giriş:');
    await card.getByRole('button', { name: 'Devre Dışı Bırak' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Onayla' }).click();
    await expect(card).toContainText('Devre dışı');

    // The waiter's open screen is thrown out at once, without touching anything.
    await expect(waiter).toHaveURL(/\/$/);
    await expect(waiter.getByRole('button', { name: 'Giriş Yap' })).toBeVisible();
    await expect(waiter.getByRole('status')).toContainText('Oturumunuz sona erdi.');
    // And the server refuses the dead session whatever the screen does.
    expect((await waiter.request.get('/api/auth/session')).status()).toBe(401);
    await fillLogin(waiter, 'deniz@demo.local', password);
    await expect(waiter.getByRole('alert')).toHaveText('Giriş başarısız: Hesabınız devre dışı bırakılmış');
    await waiterContext.close();
  });

  test('search is Turkish-aware and the role filter narrows the list', async ({ page }) => {
    await loginAs(page, DEMO.owner, '/owner');
    await page.goto('/owner/staff-list');
    await expect(page.getByTestId('staff-card').first()).toBeVisible();
    await page.getByLabel('Ara').fill('AYŞE');
    await expect(page.getByTestId('staff-card')).toHaveCount(1);
    await expect(page.getByTestId('staff-card')).toContainText('waiter@demo.local');
    await page.getByLabel('Ara').fill('');
    await page.getByRole('radiogroup', { name: 'Role göre süz' }).getByText('Mutfak').click();
    await expect(page.getByTestId('staff-card')).toHaveCount(1);
    await expect(page.getByTestId('staff-card')).toContainText('kitchen@demo.local');
  });

  test('a duplicate email is refused with a Turkish message', async ({ page, pageErrors }) => {
    pageErrors.allow(refusedRequest(409)); // the duplicate's refusal
    await loginAs(page, DEMO.owner, '/owner');
    await page.goto('/owner/add-staff');
    await page.getByLabel('Ad Soyad').fill('Kopya');
    await page.getByLabel('E-posta').fill('WAITER@demo.local');
    await page.getByRole('button', { name: 'Personeli Ekle' }).click();
    await expect(page.getByRole('alert')).toHaveText('Bu e-posta adresi zaten kayıtlı');
  });
});
