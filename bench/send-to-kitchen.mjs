// Mutfağa Gönder under load (after `npm run build`): `node bench/send-to-kitchen.mjs`
// Each of C virtual waiters opens a Gel-Al ticket and loops: add one line (not timed), then
// POST .../send with an Idempotency-Key (timed), for DURATION_S seconds. p50/p99 of the sends at
// 10 and 100 concurrent waiters, on PGlite and on a throw-away PostgreSQL database. Every send
// runs the whole pipeline: restaurant lock, version check, batch insert, audit, events, the
// idempotency claim and the ticket read that answers it. The load runs on the same two cores as
// the server, so these are floors.
import { assertBuilt, client, printResult, startServer, onEachDatabase } from './lib.mjs';

const DURATION_S = Number(process.env.SEND_DURATION_S ?? 6);
const CONNECTIONS = [10, 100];
/**
 * The saturation runs above keep every waiter sending back to back, far past any real evening. The
 * evening pace: 10 waiters, each adding a line and sending after a random pause of 2 s on average
 * (5 sends and 5 additions a second — dozens of times a full restaurant's Friday rate).
 */
const PACE = { waiters: 10, meanPauseMs: 2000, durationS: Number(process.env.SEND_PACE_S ?? 30) };

const pct = (values, p) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] : NaN;
};
const round = (n) => Math.round(n * 10) / 10;

/** A real ticket has a handful of lines: each waiter starts a new one every ten sends. */
const SENDS_PER_TICKET = 10;

async function waiterLoop(waiter, itemId, until, latencies, meanPauseMs = 0) {
  let ticket;
  for (let i = 0; performance.now() < until; i++) {
    // exponential pauses: waiters act independently, so sends sometimes arrive together
    if (meanPauseMs) await new Promise((r) => setTimeout(r, -Math.log(1 - Math.random()) * meanPauseMs));
    if (i % SENDS_PER_TICKET === 0) ticket = await waiter.call('POST', '/tickets', { type: 'takeaway', customer: { name: 'Yük Testi' } });
    ticket = await waiter.call('POST', `/tickets/${ticket.id}/lines`, { version: ticket.version, lines: [{ menuItemId: itemId, quantity: 1 }] });
    const t0 = performance.now();
    const sent = await waiter.call('POST', `/tickets/${ticket.id}/send`, { version: ticket.version });
    latencies.push(performance.now() - t0);
    ticket = sent.ticket;
  }
}

async function benchDatabase(label, serverOptions) {
  console.log(`\n${label}`);
  const server = await startServer(serverOptions);
  try {
    const waiter = await client(server.url, 'waiter@demo.local');
    const menu = await waiter.call('GET', '/menu');
    const item = menu.items.find((i) => i.isAvailable && i.optionGroupIds.length === 0);
    // warm-up: JIT and caches
    await waiterLoop(waiter, item.id, performance.now() + 1000, []);
    const runs = [];
    for (const connections of CONNECTIONS) {
      const latencies = [];
      const until = performance.now() + DURATION_S * 1000;
      await Promise.all(Array.from({ length: connections }, () => waiterLoop(waiter, item.id, until, latencies)));
      const run = { connections, sends: latencies.length, perSec: round(latencies.length / DURATION_S), p50Ms: round(pct(latencies, 50)), p99Ms: round(pct(latencies, 99)) };
      runs.push(run);
      console.log(`  c=${String(connections).padStart(3)}: ${run.sends} sends (${run.perSec}/s)  p50 ${run.p50Ms} ms  p99 ${run.p99Ms} ms`);
    }
    const latencies = [];
    const until = performance.now() + PACE.durationS * 1000;
    await Promise.all(Array.from({ length: PACE.waiters }, () => waiterLoop(waiter, item.id, until, latencies, PACE.meanPauseMs)));
    const pace = { waiters: PACE.waiters, meanPauseMs: PACE.meanPauseMs, sends: latencies.length, perSec: round(latencies.length / PACE.durationS), p50Ms: round(pct(latencies, 50)), p99Ms: round(pct(latencies, 99)), maxMs: round(Math.max(...latencies)) };
    console.log(`  evening pace (${pace.waiters} waiters, a send every ~${pace.meanPauseMs / 1000} s each): ${pace.sends} sends  p50 ${pace.p50Ms} ms  p99 ${pace.p99Ms} ms  max ${pace.maxMs} ms`);
    return { database: label, runs, pace };
  } finally {
    await server.stop();
  }
}

assertBuilt();
const result = { durationS: DURATION_S, targetP99MsAt10OnPglite: 25, databases: [] };
Object.assign(result, await onEachDatabase(benchDatabase));
printResult(result);
