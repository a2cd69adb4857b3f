// Screenshots of the main screens at phone and desktop size, for a look before a release:
//   node scripts/screenshots.mjs [baseUrl] [outDir]
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://localhost:3000';
const out = process.argv[3] ?? 'screenshots';
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
const sizes = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } };

for (const [name, viewport] of Object.entries(sizes)) {
  const page = await browser.newPage({ viewport });
  page.on('dialog', (d) => d.accept());
  await page.goto(base);
  await page.screenshot({ path: `${out}/${name}-login.png` });
  await page.getByLabel('E-posta').fill('owner@demo.local');
  await page.getByLabel('Şifre', { exact: true }).fill('demo1234');
  await page.getByRole('button', { name: 'Giriş Yap' }).click();
  await page.waitForURL('**/owner');
  await page.getByText('Açık Masalar').first().waitFor();
  await page.screenshot({ path: `${out}/${name}-owner.png` });
  if (name === 'phone') {
    await page.getByRole('button', { name: 'Menü' }).click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${out}/${name}-owner-menu-open.png` });
    await page.getByRole('link', { name: 'Yazıcı Ayarları' }).click();
  } else {
    await page.getByRole('link', { name: 'Yazıcı Ayarları' }).click();
  }
  await page.getByRole('button', { name: 'Kaydet' }).waitFor();
  await page.screenshot({ path: `${out}/${name}-printer.png`, fullPage: true });
  const menuUrl = await page.evaluate(async () => {
    const s = JSON.parse(localStorage.getItem('userSession'));
    return `/menu/${s.restaurantId}`;
  });
  await page.goto(base + menuUrl);
  await page.locator('.menu-item').first().waitFor();
  await page.screenshot({ path: `${out}/${name}-public-menu.png` });
  await page.close();
}
await browser.close();
console.log(`screenshots in ${out}/`);
