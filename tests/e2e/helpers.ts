import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from './helpers/accessibility';
import { expectNoTextOverflow } from './helpers/text-overflow';
import { MIN_TOUCH_PX, expectTouchTargets } from './helpers/touch-targets';

export const DEMO_PASSWORD = 'demo1234';
export const DEMO = {
  owner: 'owner@demo.local',
  kitchen: 'kitchen@demo.local',
  waiter: 'waiter@demo.local',
  owner2: 'owner2@demo.local',
} as const;

export const PHONE = { width: 390, height: 844 };

export async function fillLogin(page: Page, email: string, password = DEMO_PASSWORD, remember = false) {
  await page.goto('/');
  await page.getByLabel('E-posta').fill(email);
  await page.getByLabel('Şifre', { exact: true }).fill(password);
  if (remember) await page.getByLabel('Beni Hatırla').check();
  await page.getByRole('button', { name: 'Giriş Yap' }).click();
}

export async function loginAs(page: Page, email: string, path: string) {
  await fillLogin(page, email);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/** The demo restaurant's id, from an owner login on a separate request context. */
export async function demoRestaurantId(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email: DEMO.owner, password: DEMO_PASSWORD } });
  expect(res.ok()).toBe(true);
  return (await res.json()).restaurantId;
}

export { expectAccessible, expectTouchTargets, MIN_TOUCH_PX, expectNoTextOverflow };
export { DESKTOP_DEVICE, PHONE_DEVICE, sidebarScreens, waitForScreen, type Screen } from './helpers/screens';

/** The rules of every screen: axe, no cut-off text, and on a phone 44 px touch targets. */
export async function expectScreenRules(page: Page, label: string, { isPhone }: { isPhone: boolean }) {
  await expectAccessible(page, label);
  await expectNoTextOverflow(page, label);
  if (isPhone) await expectTouchTargets(page, label);
}
export { layOutDemoTables, readFloor, tapCounter, touchDrag, type FloorSectionInfo, type FloorTableInfo } from './helpers/floor';

/**
 * Puts the signed-in person's own settings back (the demo accounts are shared by every spec):
 * e.g. `{ station: '' }` for the cook, `{ tableView: 'floor', defaultSectionId: '' }` for a waiter.
 */
export async function restorePreferences(request: APIRequestContext, patch: Record<string, unknown>) {
  const current = await request.get('/api/me/preferences');
  const reset = await request.put('/api/me/preferences', {
    data: { ...(await current.json()), ...patch },
    headers: { 'if-match': current.headers().etag },
  });
  expect(reset.ok(), await reset.text()).toBe(true);
}
