import { expect, test } from '../fixtures';
import { DEMO, PHONE, loginAs } from '../helpers';

const OWNER_ITEMS = [
  'Sipariş Ekranı', 'Açık Masalar', 'Kapalı Hesaplar', 'Menü Yönetimi', 'Masa Düzeni', 'Online Sipariş Takibi',
  'QR Menü', 'Kurye Takibi', 'Reçete Raporu', 'Satış Raporları', 'Mutfak Geçmişi', 'Mutfak Ekranı',
  'Personel Listesi', 'Personel Ekle', 'Yazıcı Ayarları', 'Ayarlar',
];

test.describe('owner dashboard', () => {
  test('shows every sidebar item, printer settings selected by default and open tables at the index', async ({ page }) => {
    await loginAs(page, DEMO.owner, '/owner');
    const nav = page.getByRole('navigation');
    for (const label of OWNER_ITEMS) await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Yazıcı Ayarları' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('main').getByRole('heading', { name: 'Açık Masalar' })).toBeVisible();
    const sidebar = (await nav.boundingBox())!;
    expect(Math.round(sidebar.width)).toBe(240);
  });

  test('every sidebar item opens its own screen: none is a placeholder any more', async ({ page }) => {
    await loginAs(page, DEMO.owner, '/owner');
    const nav = page.getByRole('navigation');
    for (const label of ['Online Sipariş Takibi', 'Kurye Takibi', 'Reçete Raporu', 'Satış Raporları']) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toBeVisible();
      await expect(page.getByRole('main')).not.toContainText('Bu ekran henüz hazır değil');
    }
  });

  test('on a phone the sidebar hides, slides in from the toggle and closes on overlay, content or item', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await loginAs(page, DEMO.owner, '/owner');
    const nav = page.getByRole('navigation');
    await expect(nav).not.toBeInViewport();

    await page.getByRole('button', { name: 'Menü' }).click();
    await expect(nav).toBeInViewport();
    await page.getByTestId('sidebar-overlay').click({ position: { x: 350, y: 400 } });
    await expect(nav).not.toBeInViewport();

    await page.getByRole('button', { name: 'Menü' }).click();
    await expect(nav).toBeInViewport();
    await nav.getByRole('link', { name: 'QR Menü' }).click();
    await expect(page).toHaveURL(/\/owner\/qr-menu$/);
    await expect(nav).not.toBeInViewport();
  });
});
