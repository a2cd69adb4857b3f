import { expect, test, type Page } from '../fixtures';
import { DEMO, loginAs } from '../helpers';

// The sidebar's icons are emoji. On a machine without a colour emoji font (this test machine's
// Chromium comes without one) they must be drawn by Sofra's own emoji font, never as empty boxes
// in a text font; on one that has such a font, by that font.
async function fontsOfSidebarIcons(page: Page): Promise<string[][]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector: '#sidebar a [aria-hidden]' });
  const fonts = [];
  for (const nodeId of nodeIds) {
    const { fonts: used } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    fonts.push(used.map((f) => f.familyName));
  }
  await cdp.detach();
  return fonts;
}

async function expectColourSidebarIcons(page: Page) {
  await expect(page.getByRole('heading', { name: 'Açık Masalar' })).toBeVisible();
  const fonts = await fontsOfSidebarIcons(page);
  expect(fonts).toHaveLength(16);
  for (const families of fonts) expect(families).toEqual([expect.stringMatching(/Emoji/)]);
}

test('every sidebar icon is drawn by a colour emoji font, after a login and after a reload', async ({ page }) => {
  await loginAs(page, DEMO.owner, '/owner');
  await expectColourSidebarIcons(page);
  await page.reload(); // a dashboard opened directly, as a remembered session does
  await expectColourSidebarIcons(page);
});
