import { expect, refusedRequest, test } from '../fixtures';
import { DEMO, fillLogin, loginAs } from '../helpers';

test.describe('login', () => {
  test('each role lands on its own dashboard', async ({ page, pageErrors }) => {
    // Çıkış Yap right after a dashboard opened: its first reads still in flight are refused (401).
    pageErrors.allow(refusedRequest(401));
    await loginAs(page, DEMO.owner, '/owner');
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Yazıcı Ayarları' })).toBeVisible();
    await page.getByRole('button', { name: 'Çıkış Yap' }).click();
    await expect(page).toHaveURL(/\/$/);

    await loginAs(page, DEMO.kitchen, '/kitchen');
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Sipariş Geçmişi' })).toBeVisible();
    await page.getByRole('button', { name: 'Çıkış Yap' }).click();

    await loginAs(page, DEMO.waiter, '/waiter');
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Garson Ekranı' })).toBeVisible();
  });

  test('a wrong password shows the Turkish failure message and the button comes back', async ({ page, pageErrors }) => {
    pageErrors.allow(refusedRequest(401)); // the wrong password's refusal
    await fillLogin(page, DEMO.owner, 'yanlis-sifre');
    await expect(page.getByRole('alert')).toHaveText('Giriş başarısız: E-posta veya şifre hatalı');
    await expect(page.getByRole('button', { name: 'Giriş Yap' })).toBeEnabled();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the password field has a show/hide toggle', async ({ page }) => {
    await page.goto('/');
    const password = page.getByLabel('Şifre', { exact: true });
    await password.fill('gizli');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Şifreyi göster' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Şifreyi gizle' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test("remember me: reload offers the saved account, 'Evet' signs in, no password in storage", async ({ page }) => {
    await fillLogin(page, DEMO.waiter, undefined, true);
    await expect(page).toHaveURL(/\/waiter$/);
    const stored = await page.evaluate(() => ({ ...localStorage }));
    expect(JSON.parse(stored.savedCredentials)).toEqual({ email: DEMO.waiter });
    expect(JSON.stringify(stored)).not.toContain('demo1234');

    // A new visit to the start page (session cookie gone, as after closing the browser).
    // Leave the dashboard first: with its cookie gone, its own requests would send it to '/' while
    // the test navigates there too; and with its session taken from under it while it still
    // renders, it would ask for /api/restaurants//… The session is removed from a plain page of
    // the same origin instead.
    await page.goto('/api/health');
    await page.evaluate(() => localStorage.removeItem('userSession'));
    await page.context().clearCookies({ name: 'sofra_session' });
    await page.goto('/');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Kayıtlı hesap ile giriş yapmak ister misiniz?');
    await expect(dialog.getByTestId('saved-email')).toHaveText(DEMO.waiter);
    await dialog.getByRole('button', { name: 'Evet' }).click();
    await expect(page).toHaveURL(/\/waiter$/);
  });

  test("'Hayır' closes the saved-account dialog and leaves the form", async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('savedCredentials', JSON.stringify({ email: 'owner@demo.local' })));
    await page.reload();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.getByRole('button', { name: 'Hayır' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Giriş Yap' })).toBeVisible();
  });

  test('a failed automatic login shows its message and forgets the saved account', async ({ page, pageErrors }) => {
    pageErrors.allow(refusedRequest(401)); // the refused remember-me sign-in
    await page.goto('/');
    // A saved email but no remember-me cookie (revoked or expired on the server).
    await page.evaluate(() => localStorage.setItem('savedCredentials', JSON.stringify({ email: 'owner@demo.local' })));
    await page.reload();
    await page.getByRole('button', { name: 'Evet' }).click();
    await expect(page.getByRole('alert')).toContainText('Otomatik giriş başarısız: ');
    expect(await page.evaluate(() => localStorage.getItem('savedCredentials'))).toBeNull();
  });

  test('after a deliberate logout the saved-account dialog stays closed', async ({ page, pageErrors }) => {
    pageErrors.allow(refusedRequest(401)); // the dashboard's requests still in flight when the session ends
    await fillLogin(page, DEMO.kitchen, undefined, true);
    await expect(page).toHaveURL(/\/kitchen$/);
    await page.getByRole('button', { name: 'Çıkış Yap' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Giriş Yap' })).toBeVisible();
    // a deliberate logout is not an ended session: no notice, and no second load of the page
    await expect(page.getByText('Oturumunuz sona erdi')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('manualLogout'))).toBe('true');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Giriş Yap' })).toBeVisible();
    await expect(page.getByRole('dialog')).toBeHidden();
  });
});

test.describe('route guard', () => {
  test('a waiter opening /owner is taken to their own dashboard and told the screen is for another role', async ({ page }) => {
    await loginAs(page, DEMO.waiter, '/waiter');
    await page.goto('/owner/printer-settings');
    await expect(page).toHaveURL(/\/waiter$/);
    await expect(page.getByRole('status').filter({ hasText: 'Bu ekran İşletme Sahibi içindir' })).toBeVisible();
  });

  test("a visitor without a session opening /kitchen is sent back to '/' and asked to sign in", async ({ page }) => {
    await page.goto('/kitchen/orders');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('status')).toHaveText('Mutfak ekranını açmak için giriş yapın.');
  });

  test("a signed-in person opening '/' goes to their dashboard", async ({ page }) => {
    await loginAs(page, DEMO.kitchen, '/kitchen');
    await page.goto('/');
    await expect(page).toHaveURL(/\/kitchen$/);
    await expect(page.getByRole('status')).toHaveCount(0);
  });

  test('empty fields are refused in Turkish on the field, not by the browser', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Giriş Yap' }).click();
    await expect(page.getByLabel('E-posta')).toBeFocused();
    await expect(page.getByText('E-posta adresinizi girin')).toBeVisible();
    await expect(page.getByText('Şifrenizi girin')).toBeVisible();
    await expect(page.getByLabel('E-posta')).toHaveAttribute('aria-invalid', 'true');
  });

  test('the server refuses a waiter even when the client guard is bypassed', async ({ page }) => {
    await loginAs(page, DEMO.waiter, '/waiter');
    const restaurantId = await page.evaluate(() => JSON.parse(localStorage.getItem('userSession')!).restaurantId);
    const res = await page.request.put(`/api/restaurants/${restaurantId}/settings/printer`, { data: {} });
    expect(res.status()).toBe(403);
    expect((await res.json()).error).toBe('Bu işlem için yetkiniz yok');
  });
});
