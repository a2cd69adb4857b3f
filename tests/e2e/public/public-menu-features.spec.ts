import { gzipSync } from 'node:zlib';
import { expect, test } from '../fixtures';
import { PHONE, demoRestaurantId } from '../helpers';

test.describe('public menu features', () => {
  test('search finds dishes the Turkish way and says when nothing matches', async ({ page, request }) => {
    await page.setViewportSize(PHONE);
    await page.goto(`/menu/${await demoRestaurantId(request)}`);
    const search = page.getByRole('searchbox', { name: 'Menüde ara' });
    await search.fill('işkembe');
    await expect(page.locator('.menu-item:visible')).toHaveCount(1);
    await expect(page.locator('.menu-item:visible')).toContainText('İşkembe Çorbası');
    await expect(page.getByRole('heading', { level: 2, name: 'Tatlılar' })).toBeHidden();
    await search.fill('KÜNEFE');
    await expect(page.locator('.menu-item:visible')).toContainText('Künefe');
    await search.fill('suşi');
    await expect(page.getByText('“suşi” ile eşleşen ürün yok.')).toBeVisible();
    await search.fill('');
    await expect(page.locator('.menu-item:visible')).toHaveCount(await page.locator('.menu-item').count());
  });

  test('the jump bar brings a category into view', async ({ page, request }) => {
    await page.setViewportSize(PHONE);
    await page.goto(`/menu/${await demoRestaurantId(request)}`);
    const jump = page.getByRole('navigation', { name: 'Kategoriler' });
    // Other tests may have added categories after the demo's seven.
    await expect(jump.getByRole('link').first()).toHaveText('Çorbalar');
    expect((await jump.getByRole('link').allInnerTexts()).slice(0, 7)).toEqual(['Çorbalar', 'Mezeler ve Salatalar', 'Izgaralar', 'Ev Yemekleri', 'Pide ve Lahmacun', 'Tatlılar', 'İçecekler']);
    await jump.getByRole('link', { name: 'Tatlılar' }).click();
    await expect(page).toHaveURL(/#cat-/);
    await expect(page.getByRole('heading', { level: 2, name: 'Tatlılar' })).toBeInViewport();
    const box = (await jump.getByRole('link', { name: 'Çorbalar' }).boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
  });

  test('a phone polling an unchanged menu gets 304s, and the page stays within its 50 KB budget', async ({ page, request }) => {
    const id = await demoRestaurantId(request);
    const assets: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/assets/')) assets.push(r.url());
    });
    const revalidated = page.waitForResponse((r) => r.url().includes(`/api/public/menus/${id}`) && r.status() === 304, { timeout: 15_000 });
    await page.goto(`/menu/${id}`);
    await expect(page.locator('.menu-item').first()).toBeVisible();
    await revalidated;

    let total = 0;
    for (const url of assets) total += gzipSync(await (await request.get(url)).body()).length;
    expect(assets.filter((a) => /\.(js|css)$/.test(a)).length).toBe(assets.length);
    expect(total).toBeLessThan(50 * 1024);
  });
});
