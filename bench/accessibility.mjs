// Lighthouse 12 accessibility (mobile, the default) for the login page and each role's first
// dashboard screen, signed in, against the system Chromium. Budget: ≥ 95 each.
//   npm run build && node bench/accessibility.mjs
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { DEMO_PASSWORD, assertBuilt, freePort, printResult, removeDir, startServer, tempDataDir } from './lib.mjs';

const BUDGET = 95;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ROLES = { owner: 'owner@demo.local', kitchen: 'kitchen@demo.local', waiter: 'waiter@demo.local' };

assertBuilt();
const dataDir = tempDataDir();
const profile = mkdtempSync(path.join(tmpdir(), 'sofra-lh-profile-'));
const server = await startServer({ dataDir });
const port = await freePort();
// A persistent context is the browser's default one, so Lighthouse's tab shares its sign-in.
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: CHROMIUM,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', `--remote-debugging-port=${port}`],
});
const results = [];
try {
  const audit = async (name, url) => {
    const { lhr } = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['accessibility'],
      disableStorageReset: true, // keep the sign-in
    });
    const score = Math.round(lhr.categories.accessibility.score * 100);
    const failed = lhr.categories.accessibility.auditRefs.filter((r) => lhr.audits[r.id].score === 0).map((r) => r.id);
    results.push({ screen: name, accessibility: score, failed });
    console.log(`${name}: accessibility ${score}${failed.length ? ` (failed: ${failed.join(', ')})` : ''}`);
  };
  await audit('Giriş (/)', `${server.url}/`);
  const page = browser.pages()[0] ?? (await browser.newPage());
  for (const [role, email] of Object.entries(ROLES)) {
    await page.goto(`${server.url}/`);
    await page.getByLabel('E-posta').fill(email);
    await page.getByLabel('Şifre', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Giriş Yap' }).click();
    await page.waitForURL(`**/${role}`);
    await audit(`${role} (/${role})`, `${server.url}/${role}`);
    await page.getByRole('button', { name: 'Çıkış Yap' }).click();
    await page.waitForURL(`${server.url}/`);
  }
} finally {
  await browser.close();
  await server.stop();
  removeDir(dataDir);
  removeDir(profile);
}
const worst = Math.min(...results.map((r) => r.accessibility));
printResult({ bench: 'accessibility', budget: BUDGET, worst, pass: worst >= BUDGET, results });
if (worst < BUDGET) process.exitCode = 1;
