// A busy floor in a slow browser (after `npm run build`): `node bench/floor-100.mjs`
// One section of 100 tables, 60 of them with open tickets (3 lines each, half sent to the kitchen).
// The owner's Sipariş Ekranı is opened in the system Chromium with the CPU throttled 4× (DevTools
// emulation, as Lighthouse does for a mid-range phone). Per run:
//   - page load: navigation start (address bar) until all 100 tables of the section are on screen;
//   - in-app: from Açık Masalar through the sidebar link until all 100 tables are on screen;
//   - tap: a tap on an open table until its adisyon shows its lines.
// Three runs, median. Target: interactive (ready) in ≤ 1 s.
import { chromium } from '@playwright/test';
import { DEMO_PASSWORD, assertBuilt, client, median, printResult, removeDir, startServer, tempDataDir } from './lib.mjs';

const TABLES = 100;
const OPEN = 60;
const RUNS = 3;
const THROTTLE = 4;

async function busyFloor(url) {
  const owner = await client(url, 'owner@demo.local');
  const waiter = await client(url, 'waiter@demo.local');
  const section = await owner.call('POST', '/sections', { name: 'Büyük Salon' });
  const others = (await owner.call('GET', '/floor')).sections.map((s) => s.id).filter((id) => id !== section.id);
  await owner.call('POST', '/sections/reorder', { ids: [section.id, ...others] });
  const tables = [];
  for (let i = 0; i < TABLES; i++) {
    const col = i % 10;
    const row = Math.floor(i / 10);
    tables.push(await owner.call('POST', '/tables', { sectionId: section.id, name: `B${i + 1}`, x: col * 100, y: row * 60, width: 80, height: 40, seats: 4 }));
  }
  const menu = await waiter.call('GET', '/menu');
  const plain = menu.items.filter((i) => i.isAvailable && i.optionGroupIds.length === 0).slice(0, 3);
  for (let i = 0; i < OPEN; i++) {
    let t = await waiter.call('POST', '/tickets', { type: 'table', tableId: tables[i].id, guests: 2 });
    t = await waiter.call('POST', `/tickets/${t.id}/lines`, { version: t.version, lines: plain.map((item) => ({ menuItemId: item.id, quantity: 1 })) });
    if (i % 2 === 0) await waiter.call('POST', `/tickets/${t.id}/send`, { version: t.version });
  }
  return tables;
}

async function oneRun(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'tr-TR' });
  const page = await context.newPage();
  await page.goto(`${url}/`);
  await page.getByLabel('E-posta').fill('owner@demo.local');
  await page.getByLabel('Şifre', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Giriş Yap' }).click();
  await page.waitForURL(/\/owner/);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  const lastTable = page.locator('[data-testid^="floor-table-B"]').nth(TABLES - 1);

  // opened from the address bar: the app's code starts, reads the floor and draws it
  await page.goto(`${url}/owner/orders`);
  await lastTable.waitFor();
  const readyMs = Math.round(Date.now() - (await page.evaluate(() => performance.timeOrigin)));

  // as staff get there during service: from another screen of the running app (sidebar link)
  await page.goto(`${url}/owner/acik-masalar`);
  await page.getByRole('heading', { name: 'Açık Masalar' }).waitFor();
  const navStart = Date.now();
  await page.getByRole('navigation').getByRole('link', { name: 'Sipariş Ekranı' }).click();
  await lastTable.waitFor();
  const inAppMs = Date.now() - navStart;

  const tapStart = Date.now();
  await page.getByTestId('floor-table-B1').click();
  await page.getByTestId('ticket-line').first().waitFor();
  const tapMs = Date.now() - tapStart;
  await context.close();
  return { readyMs, inAppMs, tapMs };
}

assertBuilt();
const dataDir = tempDataDir();
const server = await startServer({ dataDir });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
try {
  await busyFloor(server.url);
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    runs.push(await oneRun(browser, server.url));
    const r = runs.at(-1);
    console.log(`  run ${i + 1}: page load → 100 tables ${r.readyMs} ms, in-app → 100 tables ${r.inAppMs} ms, tap → adisyon ${r.tapMs} ms`);
  }
  const result = { tables: TABLES, open: OPEN, throttle: THROTTLE, runs, readyMedianMs: median(runs.map((r) => r.readyMs)), inAppMedianMs: median(runs.map((r) => r.inAppMs)), tapMedianMs: median(runs.map((r) => r.tapMs)), targetMs: 1000 };
  console.log(`median: page load ${result.readyMedianMs} ms, in-app ${result.inAppMedianMs} ms, tap ${result.tapMedianMs} ms (target ≤ ${result.targetMs} ms)`);
  printResult(result);
} finally {
  await browser.close();
  await server.stop();
  removeDir(dataDir);
}
