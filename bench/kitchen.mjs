// Kitchen display benchmarks (after `npm run build`): `node bench/kitchen.mjs`
//  1. send → card rendered: a waiter's Mutfağa Gönder (POST .../send) until the card is in the
//     kitchen page's DOM in Chromium, over 500 sends through one open screen; p50/p95 of the first
//     200 and of the last 200 (no slowdown), and the page's JS heap and DOM size before and after
//     (after a forced GC). Each card is bumped (Tümü Hazır) 20 sends later, so cards pass through
//     the screen as in a service.
//  2. fan-out: 200 connected event streams; a kitchen status change until each stream has the
//     event, p50/p95 over 200 streams × 20 changes.
import http from 'node:http';
import { chromium } from '@playwright/test';
import { DEMO_PASSWORD, assertBuilt, client, printResult, removeDir, sleep, startServer, tempDataDir } from './lib.mjs';

const SENDS = Number(process.env.KITCHEN_SENDS ?? 500);
const WINDOW = 200;
const ON_BOARD = 20;
const STREAMS = 200;
const CHANGES = 20;

const pct = (values, p) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] : NaN;
};
const round = (n) => Math.round(n * 10) / 10;

async function main() {
  assertBuilt();
  const dataDir = tempDataDir();
  const server = await startServer({ dataDir });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--js-flags=--expose-gc'],
  });
  try {
    const waiter = await client(server.url, 'waiter@demo.local');
    const cook = await client(server.url, 'kitchen@demo.local');
    const menu = await waiter.call('GET', '/menu');
    const items = menu.items.filter((i) => i.isAvailable && i.optionGroupIds.length === 0).slice(0, 6);
    const floor = await waiter.call('GET', '/floor');
    const free = floor.sections.flatMap((s) => s.tables).filter((t) => t.ticketId === null).slice(0, 10);
    const tickets = [];
    for (const t of free) tickets.push(await waiter.call('POST', '/tickets', { type: 'table', tableId: t.id }));

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'tr-TR' });
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await page.getByLabel('E-posta').fill('kitchen@demo.local');
    await page.getByLabel('Şifre', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Giriş Yap' }).click();
    await page.waitForURL(/\/kitchen/);
    await page.goto(`${server.url}/kitchen/orders`);
    await page.getByRole('heading', { name: 'Siparişler' }).waitFor();
    // Bump what the demo service left on the board, so every run starts from the same screen.
    for (const card of await cook.call('GET', '/kitchen/orders')) {
      if (card.lines.some((l) => l.status === 'sent' || l.status === 'preparing')) await cook.call('POST', `/kitchen/batches/${card.batchId}/bump`, {});
    }
    // When each card first appears in the DOM, by the same clock the sender reads.
    await page.evaluate(() => {
      window.__seen = {};
      new MutationObserver(() => {
        for (const el of document.querySelectorAll('[data-testid="kitchen-card"]')) {
          const id = el.getAttribute('data-batch');
          if (!(id in window.__seen)) window.__seen[id] = Date.now();
        }
      }).observe(document.body, { childList: true, subtree: true });
    });
    const cdp = await context.newCDPSession(page);
    const heap = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      await sleep(200);
      await cdp.send('HeapProfiler.collectGarbage');
      const { usedSize } = await cdp.send('Runtime.getHeapUsage');
      const { nodes } = await cdp.send('Memory.getDOMCounters');
      return { heapMb: round(usedSize / 1048576), domNodes: nodes };
    };

    const latencies = [];
    const sentIds = [];
    let before = null;
    for (let i = 0; i < SENDS + 10; i++) {
      if (i === 10) before = await heap(); // after a warm-up of 10 cards
      const k = i % tickets.length;
      const item = items[i % items.length];
      const withLines = await waiter.call('POST', `/tickets/${tickets[k].id}/lines`, { version: tickets[k].version, lines: [{ menuItemId: item.id, quantity: 1 + (i % 3) }] });
      const t0 = Date.now();
      const sent = await waiter.call('POST', `/tickets/${tickets[k].id}/send`, { version: withLines.version });
      tickets[k] = sent.ticket;
      await page.waitForFunction((id) => id in window.__seen, sent.batch.id, { timeout: 30_000, polling: 'raf' });
      const seenAt = await page.evaluate((id) => window.__seen[id], sent.batch.id);
      if (i >= 10) latencies.push(seenAt - t0);
      sentIds.push(sent.batch.id);
      if (sentIds.length > ON_BOARD) await cook.call('POST', `/kitchen/batches/${sentIds[sentIds.length - 1 - ON_BOARD]}/bump`, {});
      if ((i + 1) % 100 === 0) console.log(`  ${i + 1} sends`);
    }
    const after = await heap();
    const first = latencies.slice(0, WINDOW);
    const last = latencies.slice(-WINDOW);
    const render = {
      sends: latencies.length,
      first200: { p50: pct(first, 50), p95: pct(first, 95), max: Math.max(...first) },
      last200: { p50: pct(last, 50), p95: pct(last, 95), max: Math.max(...last) },
      before,
      after,
    };
    console.log('send → card rendered', JSON.stringify(render));
    await context.close();

    // ---------------------------------------------------------------- fan-out to 200 streams
    const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
    const streams = [];
    const arrivals = new Map(); // ticketId:seq → arrival times
    await Promise.all(
      Array.from({ length: STREAMS }, () =>
        new Promise((resolve, reject) => {
          const req = http.get(`${server.url}/api/events`, { agent, headers: { cookie: cook.cookie, accept: 'text/event-stream' } }, (res) => {
            if (res.statusCode !== 200) return reject(new Error(`stream ${res.statusCode}`));
            let buffer = '';
            res.setEncoding('utf8');
            res.on('data', (chunk) => {
              const now = performance.now();
              buffer += chunk;
              let end;
              while ((end = buffer.indexOf('\n\n')) >= 0) {
                const block = buffer.slice(0, end);
                buffer = buffer.slice(end + 2);
                const data = /^data: (.*)$/m.exec(block)?.[1];
                if (!block.includes('event: change') || !data) continue;
                const e = JSON.parse(data);
                const key = `${e.type}:${e.id ?? ''}`;
                (arrivals.get(key) ?? arrivals.set(key, []).get(key)).push(now);
              }
            });
            streams.push(req);
            resolve();
          });
          req.on('error', reject);
        }),
      ),
    );
    const delivery = [];
    for (let c = 0; c < CHANGES; c++) {
      const k = c % tickets.length;
      const item = items[0];
      const withLines = await waiter.call('POST', `/tickets/${tickets[k].id}/lines`, { version: tickets[k].version, lines: [{ menuItemId: item.id, quantity: 1 }] });
      const sent = await waiter.call('POST', `/tickets/${tickets[k].id}/send`, { version: withLines.version });
      tickets[k] = sent.ticket;
      await sleep(100);
      arrivals.clear();
      const key = `kitchen:${tickets[k].id}`;
      const t0 = performance.now();
      await cook.call('POST', `/kitchen/lines/${sent.batch.lineIds[0]}/status`, { status: 'ready' });
      for (let waited = 0; (arrivals.get(key)?.length ?? 0) < STREAMS && waited < 5000; waited += 5) await sleep(5);
      for (const at of arrivals.get(key) ?? []) delivery.push(at - t0);
    }
    streams.forEach((s) => s.destroy());
    agent.destroy();
    const fanOut = { streams: STREAMS, changes: CHANGES, deliveries: delivery.length, p50: round(pct(delivery, 50)), p95: round(pct(delivery, 95)), max: round(Math.max(...delivery)) };
    console.log('fan-out', JSON.stringify(fanOut));
    printResult({ render, fanOut });
  } finally {
    await browser.close();
    await server.stop();
    removeDir(dataDir);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
