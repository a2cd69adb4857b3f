// Bytes a visitor downloads per route: gzip (level 9) of every JS and CSS file under /assets/.
// Measured in the system Chromium against the built server, so whatever the page really loads
// (entry, static imports, modulepreloads, lazy dashboard chunks and their CSS) is counted. A
// static walk of dist/client (HTML tags, `import ... from "./x.js"`, Vite's __vite__mapDeps
// preload lists) is printed beside it as a cross-check: if they disagree, look at why.
import { chromium } from '@playwright/test';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import { DEMO_PASSWORD, ROOT, assertBuilt, login, printResult, removeDir, startServer, tempDataDir } from './lib.mjs';

const CLIENT = path.join(ROOT, 'dist/client');
const ASSETS = path.join(CLIENT, 'assets');
const KB = 1000; // targets read as 1 KB = 1000 bytes, the stricter reading
const TARGETS = { '/': 150 * KB, '/menu/:id': 50 * KB };

const gzipBytes = (buf) => gzipSync(buf, { level: constants.Z_BEST_COMPRESSION }).length;
const isCode = (name) => /\.(js|css)$/.test(name);

// ---- static walk of dist/client -----------------------------------------------------------

/** `import x from "./a.js"` and `import "./a.js"`; dynamic `import("./a.js")` is deliberately not matched. */
function staticImports(file) {
  const src = readFileSync(path.join(ASSETS, file), 'utf8');
  return [...src.matchAll(/\b(?:from|import)\s*["']\.\/([\w.-]+\.js)["']/g)].map((m) => m[1]);
}

function closure(files) {
  const seen = new Set();
  const visit = (f) => {
    if (seen.has(f)) return;
    seen.add(f);
    if (f.endsWith('.js')) staticImports(f).forEach(visit);
  };
  files.forEach(visit);
  return seen;
}

/** Scripts, stylesheets and modulepreloads an HTML page references under /assets/. */
function htmlAssets(htmlFile) {
  const html = readFileSync(path.join(CLIENT, htmlFile), 'utf8');
  return [...html.matchAll(/(?:src|href)="\/assets\/([^"]+)"/g)].map((m) => m[1]).filter(isCode);
}

/**
 * A lazily loaded chunk (prefix "owner-app-") plus what Vite preloads with it: the entry
 * contains `import("./owner-app-X.js"),__vite__mapDeps([0,1,...])` indexing a list of files.
 */
function lazyChunk(entryFiles, prefix) {
  const chunk = readdirSync(ASSETS).find((f) => f.startsWith(prefix) && f.endsWith('.js'));
  if (!chunk) return [];
  const deps = [chunk];
  for (const f of entryFiles.filter((e) => e.endsWith('.js'))) {
    const src = readFileSync(path.join(ASSETS, f), 'utf8');
    const list = /m\.f=(\[[^\]]*\])/.exec(src);
    const call = new RegExp(`import\\(["\`]\\./${chunk.replace(/[.$]/g, '\\$&')}["\`]\\),__vite__mapDeps\\(\\[([\\d,]+)\\]\\)`).exec(src);
    if (list && call) deps.push(...call[1].split(',').map((i) => JSON.parse(list[1])[Number(i)].replace(/^assets\//, '')));
  }
  return deps;
}

function staticRoutes() {
  const main = [...closure(htmlAssets('index.html'))];
  const menu = [...closure(htmlAssets('menu.html'))];
  const dashboard = (prefix) => [...closure([...main, ...lazyChunk(main, prefix)])];
  return {
    '/': main,
    '/menu/:id': menu,
    '/owner': dashboard('owner-app-'),
    '/kitchen': dashboard('kitchen-app-'),
    '/waiter': dashboard('waiter-app-'),
  };
}

// ---- browser measurement ------------------------------------------------------------------

/** Opens a fresh context (empty cache), runs `open`, and sums what came from /assets/. */
async function measureInBrowser(browser, baseURL, open) {
  const context = await browser.newContext({ baseURL, locale: 'tr-TR' });
  const page = await context.newPage();
  const bodies = new Map();
  let lastAssetAt = Date.now();
  page.on('response', (res) => {
    const { pathname } = new URL(res.url());
    if (!pathname.startsWith('/assets/') || !isCode(pathname) || bodies.has(pathname)) return;
    lastAssetAt = Date.now();
    bodies.set(pathname, res.body().catch(() => null));
  });
  await open(page);
  // Dashboards keep a live-events connection open, so "networkidle" may never come; wait
  // instead until no new asset has arrived for a while.
  while (Date.now() - lastAssetAt < 1000) await page.waitForTimeout(200);
  const files = {};
  for (const [pathname, body] of bodies) {
    const buf = await body;
    if (!buf) throw new Error(`no body for ${pathname}`);
    files[path.basename(pathname)] = gzipBytes(buf);
  }
  await context.close();
  return files;
}

const signIn = (email, landing) => async (page) => {
  await page.goto('/');
  await page.getByLabel('E-posta').fill(email);
  await page.getByLabel('Şifre', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Giriş Yap' }).click();
  await page.waitForURL((u) => u.pathname === landing, { timeout: 30_000 }); // scrypt on a busy box takes a while
  await page.getByRole('navigation').waitFor();
};

async function browserRoutes(baseURL, restaurantId) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const measure = (open) => measureInBrowser(browser, baseURL, open);
  try {
    return {
      '/': await measure(async (page) => {
        await page.goto('/');
        await page.getByLabel('E-posta').waitFor();
      }),
      '/menu/:id': await measure(async (page) => {
        await page.goto(`/menu/${restaurantId}`);
        await page.getByRole('heading', { level: 1, name: 'Demo Lokanta' }).waitFor();
      }),
      '/owner': await measure(signIn('owner@demo.local', '/owner')),
      '/kitchen': await measure(signIn('kitchen@demo.local', '/kitchen')),
      '/waiter': await measure(signIn('waiter@demo.local', '/waiter')),
    };
  } finally {
    await browser.close();
  }
}

// ---- main ---------------------------------------------------------------------------------

assertBuilt();
const statics = staticRoutes();
const dataDir = tempDataDir();
const server = await startServer({ dataDir });
let measured;
try {
  const { restaurantId } = await login(server.url, 'owner@demo.local');
  measured = await browserRoutes(server.url, restaurantId);
} catch (err) {
  // A page that fails to load is often the server dying (or dist/ rebuilt underneath it).
  err.message += `\n--- server output ---\n${server.output()}`;
  throw err;
} finally {
  await server.stop();
  removeDir(dataDir);
}

const routes = Object.entries(measured).map(([route, files]) => {
  const sum = (filter) => Object.entries(files).filter(([f]) => filter(f)).reduce((n, [, b]) => n + b, 0);
  const staticTotal = statics[route].reduce((n, f) => n + gzipBytes(readFileSync(path.join(ASSETS, f))), 0);
  const total = sum(() => true);
  const target = TARGETS[route] ?? null;
  return {
    route,
    files: Object.keys(files).sort(),
    jsGzip: sum((f) => f.endsWith('.js')),
    cssGzip: sum((f) => f.endsWith('.css')),
    totalGzip: total,
    staticTotalGzip: staticTotal,
    target,
    pass: target === null ? null : total <= target,
  };
});

const kb = (b) => `${(b / KB).toFixed(1)} KB`;
for (const r of routes) {
  const verdict = r.target === null ? '' : `  target ${kb(r.target)}: ${r.pass ? 'PASS' : 'FAIL'}`;
  const check = r.staticTotalGzip === r.totalGzip ? 'static walk agrees' : `static walk ${kb(r.staticTotalGzip)}`;
  console.log(`${r.route.padEnd(10)} ${kb(r.totalGzip).padStart(10)} gzip (JS ${kb(r.jsGzip)}, CSS ${kb(r.cssGzip)}; ${check})${verdict}`);
  console.log(`           ${r.files.join(', ')}`);
}
printResult({ kbBytes: KB, routes });
