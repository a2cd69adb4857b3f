import { expect, refusedRequest, test } from '../fixtures';
import { demoRestaurantId } from '../helpers';

test.describe('public menu', () => {
  test('shows the restaurant, category titles without their emoji and ₺ prices, without login', async ({ page, request }) => {
    const id = await demoRestaurantId(request);
    await page.goto(`/menu/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Demo Lokanta');
    const titles = page.getByRole('heading', { level: 2 });
    await expect(titles.first()).toHaveText('Çorbalar');
    await expect(titles).toContainText(['Çorbalar', 'Mezeler ve Salatalar', 'Izgaralar', 'Ev Yemekleri', 'Pide ve Lahmacun', 'Tatlılar', 'İçecekler']);
    const soup = page.locator('.menu-item', { hasText: 'Mercimek Çorbası' });
    await expect(soup.locator('.menu-item-price')).toHaveText('90,00 ₺');
    await expect(soup).toContainText('Kırmızı mercimek');
    const width = await page.locator('#menu').evaluate((el) => getComputedStyle(el).maxWidth);
    expect(width).toBe('1200px');
  });

  test("an unknown restaurant shows the fallback title 'Restoran Menüsü' and no items", async ({ page, pageErrors }) => {
    pageErrors.allow(refusedRequest(404));
    pageErrors.allow(/^Public menu fetch failed Error: Menü alınamadı \(HTTP 404\)/);
    await page.goto('/menu/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Restoran Menüsü');
    await expect(page.locator('.menu-item')).toHaveCount(0);
  });

  test('loads no UI kit: only its own small script and stylesheet', async ({ page, request }) => {
    const id = await demoRestaurantId(request);
    const assets: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/assets/')) assets.push(r.url());
    });
    await page.goto(`/menu/${id}`);
    await expect(page.locator('.menu-item').first()).toBeVisible();
    expect(assets.some((a) => /main-|role-dashboard|owner-app/.test(a))).toBe(false);
    expect(assets.length).toBeLessThanOrEqual(3);
  });
});
