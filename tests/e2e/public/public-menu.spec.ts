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

  test('comes with the page: no menu request before the first view, no CSP violation, then the live refresh asks with its ETag', async ({ page, request }) => {
    const id = await demoRestaurantId(request);
    // when the first dish appeared, and what the Content-Security-Policy refused, seen from inside the page
    await page.addInitScript(() => {
      const w = window as unknown as { firstDishAt?: number; cspViolations: string[] };
      w.cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) => w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
      new MutationObserver((_changes, observer) => {
        if (!document.querySelector('.menu-item')) return;
        w.firstDishAt = performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    const revalidated = page.waitForResponse((r) => r.url().endsWith(`/api/public/menus/${id}`) && r.status() === 304, { timeout: 20_000 });
    const response = await page.goto(`/menu/${id}`);
    expect(response!.headers()['content-security-policy']).toMatch(/(^|;)\s*script-src 'self'\s*(;|$)/);
    expect(await response!.text()).toContain('<script type="application/json" id="menu-data"');
    await expect(page.locator('.menu-item').first()).toBeVisible();
    const timing = await page.evaluate(() => ({
      firstDishAt: (window as unknown as { firstDishAt: number }).firstDishAt,
      menuRequests: performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/public/menus/')).map((e) => e.startTime),
    }));
    expect(timing.firstDishAt).toBeGreaterThan(0);
    expect(timing.menuRequests.filter((start) => start < timing.firstDishAt)).toEqual([]);
    // the first poll sends the ETag that came with the page: nothing changed, 304
    await revalidated;
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  });

  test("an unknown restaurant shows the fallback title 'Restoran Menüsü' and no items", async ({ page, pageErrors }) => {
    // the page itself answers 404 (it says there is no such menu); the API, polled later, too
    pageErrors.allow(refusedRequest(404));
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
