import { expect, test } from '../fixtures';
import { DEMO, DEMO_PASSWORD, demoRestaurantId, loginAs } from '../helpers';

test.describe('PIN sign-in on a shared device', () => {
  test('the owner registers the counter PC, a waiter sets a PIN, switches user and signs in on the pad', async ({ page, request }) => {
    // a whole hand-over (three sign-ins, Personel, Ayarlar): on a loaded machine it can pass 90 s
    test.setTimeout(180_000);
    // a waiter of its own, so the demo accounts keep no PIN
    const restaurantId = await demoRestaurantId(request);
    const email = `pin-${Date.now()}@demo.local`;
    const added = await request.post(`/api/restaurants/${restaurantId}/staff`, { data: { name: 'Pınar Kasa', email, role: 'waiter', password: 'pinar-sifre-1' } });
    expect(added.ok(), await added.text()).toBe(true);
    const waiterId = (await added.json()).staff.id;

    // The owner registers this browser in Personel.
    await loginAs(page, DEMO.owner, '/owner');
    await page.getByRole('navigation').getByRole('link', { name: 'Personel Listesi' }).click();
    const devices = page.getByRole('region', { name: 'Paylaşılan Cihazlar' });
    await devices.getByLabel('Bu cihazın adı').fill('Kasa PC');
    await devices.getByRole('button', { name: 'Bu Cihazı Kaydet' }).click();
    await expect(devices.getByTestId('shared-device').filter({ hasText: 'Bu cihaz' })).toContainText('Kasa PC');

    // On the shared device the owner hands over with Kullanıcı Değiştir; the waiter has no PIN yet.
    await page.getByRole('button', { name: 'Kullanıcı Değiştir' }).click();
    await expect(page.getByRole('heading', { name: 'Kullanıcı seçin' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Pınar Kasa/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'E-posta ve şifre ile giriş' }).click();
    await page.getByLabel('E-posta').fill(email);
    await page.getByLabel('Şifre', { exact: true }).fill('pinar-sifre-1');
    await page.getByRole('button', { name: 'Giriş Yap' }).click();
    await expect(page).toHaveURL(/\/waiter$/);

    // The waiter sets a PIN in Ayarlar (a trivial one is refused first).
    await page.getByRole('navigation').getByRole('link', { name: 'Ayarlar', exact: true }).click();
    const pinSection = page.getByRole('region', { name: 'PIN ile Giriş' });
    await pinSection.getByLabel('Mevcut şifre').fill('pinar-sifre-1');
    await pinSection.getByRole('textbox', { name: 'PIN', exact: true }).fill('1234');
    await expect(pinSection.getByText('Bu PIN tahmin edilmesi çok kolay', { exact: false })).toBeVisible();
    await pinSection.getByRole('textbox', { name: 'PIN', exact: true }).fill('4826');
    await pinSection.getByRole('button', { name: 'PIN’i Kaydet' }).click();
    await expect(pinSection.getByRole('status')).toContainText('PIN’iniz kaydedildi');
    await expect(pinSection.getByLabel('Mevcut şifre')).toHaveValue('');

    // Kullanıcı Değiştir → the pad → her name → her PIN → her own dashboard.
    await page.getByRole('button', { name: 'Kullanıcı Değiştir' }).click();
    await page.getByRole('button', { name: /Pınar Kasa/ }).click();
    for (const digit of '4826') await page.getByRole('group', { name: 'Tuş takımı' }).getByRole('button', { name: digit, exact: true }).click();
    await page.getByRole('button', { name: 'PIN ile giriş yap' }).click();
    await expect(page).toHaveURL(/\/waiter$/);
    await expect(page.getByRole('banner')).toContainText(email);
    const stored = JSON.stringify(await page.evaluate(() => ({ ...localStorage })));
    expect(stored).not.toContain('4826');
    expect(stored).not.toContain('pinar-sifre-1');

    // Leave the app before the tidy-up ends the waiter's session under it: twice in CI the context
    // then took past the test's timeout to close (an app page mid-reconnect; not seen on about:blank).
    await page.goto('about:blank');

    // Tidy up for the other specs: the device goes, the waiter too.
    const owner = await request.post('/api/auth/login', { data: { email: DEMO.owner, password: DEMO_PASSWORD } });
    expect(owner.ok()).toBe(true);
    const list = (await (await request.get(`/api/restaurants/${restaurantId}/devices`)).json()) as { id: string; name: string }[];
    for (const d of list.filter((x) => x.name === 'Kasa PC')) await request.post(`/api/restaurants/${restaurantId}/devices/${d.id}/revoke`);
    const staff = (await (await request.get(`/api/restaurants/${restaurantId}/staff`)).json()) as { id: string; version: number }[];
    const version = staff.find((s) => s.id === waiterId)!.version;
    expect((await request.post(`/api/restaurants/${restaurantId}/staff/${waiterId}/deactivate`, { data: { version } })).ok()).toBe(true);
  });
});
