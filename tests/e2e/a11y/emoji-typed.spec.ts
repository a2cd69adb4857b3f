import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '../fixtures';
import { DEMO, loginAs } from '../helpers';

// Staff type any emoji they like; Sofra's own emoji font holds only the ones its screens use. On a
// machine without a colour emoji font (a clean CI machine's Chromium), a typed emoji outside that
// cut must still be drawn by a colour emoji font (the full one, loaded for it), never as a box. A
// machine with its own colour emoji font draws it with that one, which is as good.
async function fontsOf(page: Page, text: string) {
  await page.getByText(text).first().evaluate((el) => el.setAttribute('data-font-probe', ''));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '[data-font-probe]' });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  return fonts;
}

test('a dish named with an emoji outside Sofra’s cut font is drawn in colour, not as a box', async ({ page }) => {
  await loginAs(page, DEMO.owner, '/owner');
  const { restaurantId } = (await (await page.request.get('/api/auth/session')).json()) as { restaurantId: string };
  const menu = (await (await page.request.get(`/api/restaurants/${restaurantId}/menu`)).json()) as { categories: { id: string }[] };
  const name = `Falafel 🧆 ${randomUUID().slice(0, 6)}`;
  const created = await page.request.post(`/api/restaurants/${restaurantId}/menu/items`, { data: { categoryId: menu.categories[0].id, name, priceKurus: 9500 } });
  expect(created.status(), await created.text()).toBe(201);

  const { id } = (await created.json()) as { id: string };
  try {
    await page.goto('/owner/menu-management');
    await expect(page.getByText(name)).toBeVisible();
    await expect
      .poll(async () => (await fontsOf(page, name)).filter((f) => /Emoji/.test(f.familyName)).length, { timeout: 15_000 })
      .toBeGreaterThan(0);
  } finally {
    // The demo menu is shared by every spec (one counts the dishes of a category).
    await page.request.delete(`/api/restaurants/${restaurantId}/menu/items/${id}`);
  }
});
