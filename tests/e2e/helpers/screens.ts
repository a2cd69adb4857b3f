import { expect, type Page } from '@playwright/test';

export const PHONE_DEVICE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;
export const DESKTOP_DEVICE = { viewport: { width: 1366, height: 768 } } as const;

export interface Screen {
  label: string;
  path: string;
}

/**
 * The screens of the signed-in role, read from its sidebar: a screen added to a role's list
 * (owner-app.tsx, kitchen-app.tsx, waiter-app.tsx) is checked without touching the tests.
 */
export async function sidebarScreens(page: Page): Promise<Screen[]> {
  const links = page.locator('nav#sidebar a[href]');
  await expect(links.first()).toBeAttached();
  return links.evaluateAll((as) =>
    as.map((a) => ({ label: (a.textContent ?? '').trim(), path: new URL((a as HTMLAnchorElement).href).pathname })),
  );
}

/** Waits until the screen has drawn its content: a heading, and no loader or 'Yükleniyor...'. */
export async function waitForScreen(page: Page) {
  await expect(page.locator('main h1, main h2').first()).toBeVisible();
  await expect(page.getByText('Yükleniyor...')).toHaveCount(0);
  await expect(page.locator('.mantine-Loader')).toHaveCount(0);
}
