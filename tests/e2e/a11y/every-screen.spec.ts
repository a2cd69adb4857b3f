import { expect, test, type Page } from '@playwright/test';
import {
  DEMO,
  DESKTOP_DEVICE,
  PHONE_DEVICE,
  demoRestaurantId,
  expectScreenRules,
  loginAs,
  sidebarScreens,
  waitForScreen,
} from '../helpers';

const ROLES = [
  { role: 'owner', email: DEMO.owner },
  { role: 'kitchen', email: DEMO.kitchen },
  { role: 'waiter', email: DEMO.waiter },
] as const;

const SIZES = [
  { name: 'phone', device: PHONE_DEVICE, isPhone: true },
  { name: 'desktop', device: DESKTOP_DEVICE, isPhone: false },
] as const;

/** Each tab of a screen (Menü Yönetimi's Ürünler, Kategoriler, …) is a screen of its own. */
async function checkTabs(page: Page, screen: string, isPhone: boolean) {
  const tabs = page.locator('main [role="tab"]');
  const count = await tabs.count();
  for (let i = 1; i < count; i++) {
    const tab = tabs.nth(i);
    const name = (await tab.textContent())?.trim() ?? String(i);
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await waitForScreen(page);
    await expectScreenRules(page, `${screen} › ${name}`, { isPhone });
  }
}

for (const size of SIZES) {
  test.describe(`on a ${size.name}`, () => {
    test.use(size.device);

    test(`the login page passes the screen rules on a ${size.name}`, async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('button', { name: 'Giriş Yap' })).toBeVisible();
      await expectScreenRules(page, 'Giriş', { isPhone: size.isPhone });
    });

    test(`the public menu passes the screen rules on a ${size.name}`, async ({ page, request }) => {
      await page.goto(`/menu/${await demoRestaurantId(request)}`);
      await expect(page.locator('.menu-item').first()).toBeVisible();
      await expectScreenRules(page, 'Herkese açık menü', { isPhone: size.isPhone });
    });

    for (const { role, email } of ROLES) {
      test(`every ${role} screen passes the screen rules on a ${size.name}`, async ({ page }) => {
        test.setTimeout(240_000);
        page.on('dialog', (d) => void d.dismiss());
        await loginAs(page, email, `/${role}`);
        const screens = await sidebarScreens(page);
        expect(screens.length).toBeGreaterThan(0);
        for (const screen of screens) {
          await test.step(screen.label, async () => {
            await page.goto(screen.path);
            await waitForScreen(page);
            await expectScreenRules(page, screen.label, { isPhone: size.isPhone });
            await checkTabs(page, screen.label, size.isPhone);
          });
        }
        if (size.isPhone) {
          await test.step('open sidebar', async () => {
            await page.getByRole('button', { name: 'Menü' }).click();
            await expect(page.locator('nav#sidebar')).not.toHaveAttribute('inert');
            await expectScreenRules(page, `${role} sidebar`, { isPhone: true });
          });
        }
      });
    }
  });
}
