// Phone (390×844, touch) and desktop (1366×768) screenshots of every screen, for a look before a
// release: the login page, the public menu, and every sidebar screen of each demo role (read
// from the sidebar, so new screens are included by themselves), each tab of a screen too.
//   node scripts/screenshots.mjs [baseUrl] [outDir]
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://localhost:3000';
const out = process.argv[3] ?? 'screenshots';
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
const sizes = {
  phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  desktop: { viewport: { width: 1366, height: 768 } },
};
const roles = { owner: 'owner@demo.local', kitchen: 'kitchen@demo.local', waiter: 'waiter@demo.local' };
const slug = (s) =>
  s
    .toLocaleLowerCase('tr-TR')
    .normalize('NFD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

async function settle(page) {
  await page.locator('main h1, main h2').first().waitFor().catch(() => {});
  await page.waitForFunction(() => !document.querySelector('.mantine-Loader') && !document.body.innerText.includes('Yükleniyor...'));
}

for (const [size, options] of Object.entries(sizes)) {
  const context = await browser.newContext({ ...options, locale: 'tr-TR', timezoneId: 'Europe/Istanbul' });
  const page = await context.newPage();
  page.on('dialog', (d) => d.dismiss());
  await page.goto(base);
  await page.screenshot({ path: `${out}/${size}-login.png`, fullPage: true });
  for (const [role, email] of Object.entries(roles)) {
    await page.goto(base);
    await page.getByLabel('E-posta').fill(email);
    await page.getByLabel('Şifre', { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'Giriş Yap' }).click();
    await page.waitForURL(`**/${role}`);
    await page.locator('nav#sidebar a[href]').first().waitFor({ state: 'attached' });
    const links = await page.locator('nav#sidebar a[href]').evaluateAll((as) =>
      as.map((a) => ({ label: a.textContent.trim(), path: new URL(a.href).pathname })),
    );
    for (const { label, path } of links) {
      await page.goto(base + path);
      await settle(page);
      const name = `${size}-${role}-${slug(path.split('/').pop())}`;
      await page.screenshot({ path: `${out}/${name}.png`, fullPage: true });
      const tabs = page.locator('main [role="tab"]');
      for (let i = 1; i < (await tabs.count()); i++) {
        await tabs.nth(i).click();
        await settle(page);
        await page.screenshot({ path: `${out}/${name}-${slug((await tabs.nth(i).textContent()) ?? String(i))}.png`, fullPage: true });
      }
      console.log(`${size} ${role} ${label}`);
    }
    if (size === 'phone') {
      await page.getByRole('button', { name: 'Menü' }).click();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${out}/${size}-${role}-menu-open.png` });
    }
    if (role === 'owner') {
      const menuUrl = await page.evaluate(() => `/menu/${JSON.parse(localStorage.getItem('userSession')).restaurantId}`);
      await page.goto(base + menuUrl);
      await page.locator('.menu-item').first().waitFor();
      await page.screenshot({ path: `${out}/${size}-public-menu.png` });
    }
    await page.getByRole('button', { name: 'Çıkış Yap' }).click().catch(() => {});
    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());
  }
  await context.close();
}
await browser.close();
console.log(`screenshots in ${out}/`);
