import { chromium } from '@playwright/test';
const URL = 'http://localhost:3300';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
async function as(email, viewport, isMobile, fn) {
  const ctx = await browser.newContext({ viewport, isMobile, hasTouch: isMobile, locale: 'tr-TR' });
  const page = await ctx.newPage();
  await page.goto(URL + '/');
  await page.getByLabel('E-posta').fill(email);
  await page.getByLabel('Şifre', { exact: true }).fill('demo1234');
  await page.getByRole('button', { name: 'Giriş Yap' }).click();
  await page.waitForLoadState('networkidle');
  await fn(page);
  await ctx.close();
}
const phone = { width: 390, height: 844 };
const desk = { width: 1366, height: 768 };
await as('waiter@demo.local', phone, true, async (p) => {
  await p.waitForTimeout(800);
  await p.screenshot({ path: '/tmp/shots/w1-floor.png' });
  const tables = p.locator('[data-testid="table-card"], [data-table-id]');
  console.log('tables', await tables.count());
});
await as('kitchen@demo.local', phone, true, async (p) => { await p.waitForTimeout(800); await p.screenshot({ path: '/tmp/shots/k1.png' }); });
await as('owner@demo.local', desk, false, async (p) => { await p.waitForTimeout(800); await p.screenshot({ path: '/tmp/shots/o1.png' }); });
await as('owner@demo.local', phone, true, async (p) => { await p.waitForTimeout(800); await p.screenshot({ path: '/tmp/shots/o1-phone.png' }); });
await browser.close();
