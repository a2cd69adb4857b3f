// Hesabı Kapat under load (after `npm run build`): `node bench/close-bill.mjs`
// Each of C virtual waiters loops: open a Gel-Al ticket with 30 lines and send it (not timed), then
// settle it — split into 3 equal shares, pay them by card, meal card and cash — and close it (timed:
// the 3 payments + the close, and the close alone), for DURATION_S seconds with 1 and with 10 concurrent waiters,
// on the embedded PostgreSQL (the default: a DATA_DIR) and on a throw-away database of the
// PostgreSQL server. Every payment and close runs the whole
// pipeline: restaurant lock, version check, the bill maths over 30 lines, audit, events, the
// Idempotency-Key claim and the ticket read that answers it. Then 20 tickets are closed at once and
// their bill numbers must be 20 consecutive numbers. The load runs on the same two cores as the
// server, so these are floors.
import { assertBuilt, onEachDatabase, printResult, withDemoWaiter } from './lib.mjs';

const DURATION_S = Number(process.env.CLOSE_DURATION_S ?? 8);
// one waiter alone (no queue behind the restaurant lock), then the target: 10 at once
const CONNECTIONS = [1, 10];
const LINES = 30;
const CONCURRENT_CLOSES = 20;

const pct = (values, p) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] : NaN;
};
const round = (n) => Math.round(n * 10) / 10;

/** A Gel-Al ticket with 30 lines (10 dishes × 3), sent to the kitchen. */
async function readyTicket(waiter, itemIds) {
  let ticket = await waiter.call('POST', '/tickets', { type: 'takeaway', customer: { name: 'Yük Testi' } });
  const lines = Array.from({ length: LINES }, (_, i) => ({ menuItemId: itemIds[i % itemIds.length], quantity: 1 + (i % 3) }));
  ticket = await waiter.call('POST', `/tickets/${ticket.id}/lines`, { version: ticket.version, lines });
  return (await waiter.call('POST', `/tickets/${ticket.id}/send`, { version: ticket.version })).ticket;
}

/** Three payments: equal shares by card, meal card and cash (the cash share rounded up, with change). */
async function payInThree(waiter, ticket, brand) {
  const { shares } = await waiter.call('GET', `/tickets/${ticket.id}/split?shares=3`);
  await waiter.call('POST', `/tickets/${ticket.id}/payments`, { method: 'card', amount: shares[0] });
  await waiter.call('POST', `/tickets/${ticket.id}/payments`, { method: 'meal_card', brand, amount: shares[1] });
  const cash = Math.ceil(shares[2] / 1000) * 1000;
  return waiter.call('POST', `/tickets/${ticket.id}/payments`, { method: 'cash', amount: shares[2], given: cash });
}

async function waiterLoop(waiter, itemIds, brand, until, settleMs, closeMs) {
  while (performance.now() < until) {
    const ticket = await readyTicket(waiter, itemIds);
    const t0 = performance.now();
    const paid = await payInThree(waiter, ticket, brand);
    if (paid.totals.remaining !== 0) throw new Error(`not paid: ${paid.totals.remaining}`);
    const t1 = performance.now();
    await waiter.call('POST', `/tickets/${ticket.id}/close`, { version: paid.version });
    const t2 = performance.now();
    settleMs.push(t2 - t0);
    closeMs.push(t2 - t1);
  }
}

async function concurrentCloses(waiter, itemIds, brand) {
  const paid = [];
  for (let i = 0; i < CONCURRENT_CLOSES; i++) paid.push(await payInThree(waiter, await readyTicket(waiter, itemIds.slice(0, 2)), brand));
  const closed = await Promise.all(paid.map((t) => waiter.call('POST', `/tickets/${t.id}/close`, { version: t.version })));
  const numbers = closed.map((c) => c.billNumber).sort((a, b) => a - b);
  const consecutive = numbers.every((n, i) => i === 0 || n === numbers[i - 1] + 1);
  return { closes: CONCURRENT_CLOSES, first: numbers[0], last: numbers.at(-1), consecutive };
}

const benchDatabase = (label, serverOptions) =>
  withDemoWaiter(label, serverOptions, async ({ waiter, plainItemIds }) => {
    const itemIds = plainItemIds.slice(0, 10);
    const settings = await waiter.call('GET', '/settings/general');
    if (!settings.paymentMethods.includes('meal_card') || !settings.paymentMethods.includes('card')) throw new Error('demo settings must allow card and meal card');
    const brand = settings.mealCardBrands[0];
    // warm-up: JIT and caches
    await waiterLoop(waiter, itemIds, brand, performance.now() + 1500, [], []);
    const runs = [];
    for (const connections of CONNECTIONS) {
      const settle = [];
      const close = [];
      const until = performance.now() + DURATION_S * 1000;
      await Promise.all(Array.from({ length: connections }, () => waiterLoop(waiter, itemIds, brand, until, settle, close)));
      const run = {
        connections,
        bills: close.length,
        perSec: round(close.length / DURATION_S),
        settleP50Ms: round(pct(settle, 50)),
        settleP99Ms: round(pct(settle, 99)),
        closeP50Ms: round(pct(close, 50)),
        closeP99Ms: round(pct(close, 99)),
      };
      runs.push(run);
      console.log(
        `  c=${String(connections).padStart(3)}: ${run.bills} bills (${run.perSec}/s)  3 payments + close p50 ${run.settleP50Ms} ms  p99 ${run.settleP99Ms} ms;` +
          `  close alone p50 ${run.closeP50Ms} ms  p99 ${run.closeP99Ms} ms`,
      );
    }
    const numbering = await concurrentCloses(waiter, itemIds, brand);
    console.log(`  ${numbering.closes} concurrent closes → bill numbers ${numbering.first}…${numbering.last}, consecutive: ${numbering.consecutive}`);
    if (!numbering.consecutive) process.exitCode = 1;
    return { database: label, runs, numbering };
  });

assertBuilt();
const result = { durationS: DURATION_S, lines: LINES, databases: [] };
Object.assign(result, await onEachDatabase(benchDatabase));
printResult(result);
