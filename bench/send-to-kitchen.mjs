// Mutfağa Gönder under load (after `npm run build`): `node bench/send-to-kitchen.mjs`
// Virtual waiters each open a Gel-Al ticket and loop: add one line (not timed), then POST
// .../send with an Idempotency-Key (timed). Three ways, on the embedded PostgreSQL (the default: a
// DATA_DIR) and on a throw-away database of the PostgreSQL server:
// - one waiter alone, back to back: what one send costs when nothing waits in front of it;
// - 10 and 100 waiters back to back (saturation): every waiter sends again the moment its answer
//   arrives, so a send waits behind the other waiters' adds and sends;
// - 10 waiters at an evening's pace: each pauses 2 s on average (random) before the next order.
// Every send runs the whole pipeline: restaurant lock, version check, batch insert, audit, events,
// the idempotency claim and the ticket read that answers it. The load runs on the same two cores
// as the server, so these are floors.
// SEND_ALONE_RUNS=5 repeats the "alone" run and prints the median p50; SEND_ALONE_ONLY=1 runs only
// that part (the 5 ms target of issue 25 is on it).
import { EMBEDDED_LABEL, assertBuilt, onEachDatabase, printResult, withDemoWaiter } from './lib.mjs';

const DURATION_S = Number(process.env.SEND_DURATION_S ?? 6);
/** Whole "one waiter alone" runs in a row (the host's speed swings from minute to minute: take the median). */
const ALONE_RUNS = Number(process.env.SEND_ALONE_RUNS ?? 1);
/** Only the "one waiter alone" runs: `SEND_ALONE_ONLY=1`. */
const ALONE_ONLY = process.env.SEND_ALONE_ONLY === '1';
const CONNECTIONS = [10, 100];
/** 5 sends and 5 additions a second from 10 waiters: dozens of times a full restaurant's Friday rate. */
const PACE = { waiters: 10, meanPauseMs: 2000, durationS: Number(process.env.SEND_PACE_S ?? 60) };
const TARGET_P99_MS = 25;

const pct = (values, p) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] : NaN;
};
const round = (n) => Math.round(n * 10) / 10;
const summary = (latencies, seconds) => ({
  sends: latencies.length,
  perSec: round(latencies.length / seconds),
  p50Ms: round(pct(latencies, 50)),
  p99Ms: round(pct(latencies, 99)),
  maxMs: round(Math.max(...latencies)),
});

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

/** `waiters` loops for `seconds`; their sends' latencies. */
async function run(waiter, itemId, waiters, seconds, meanPauseMs = 0) {
  const latencies = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(Array.from({ length: waiters }, () => waiterLoop(waiter, itemId, until, latencies, meanPauseMs)));
  return summary(latencies, seconds);
}

const benchDatabase = (label, serverOptions) =>
  withDemoWaiter(label, serverOptions, async ({ waiter, plainItemIds: [itemId] }) => {
    await waiterLoop(waiter, itemId, performance.now() + 1000, []); // warm-up: JIT and caches
    const aloneRuns = [];
    for (let i = 0; i < ALONE_RUNS; i++) {
      const r = await run(waiter, itemId, 1, DURATION_S);
      aloneRuns.push(r);
      console.log(`  one waiter alone: ${r.sends} sends  p50 ${r.p50Ms} ms  p99 ${r.p99Ms} ms`);
    }
    const alone = { ...aloneRuns[0], ...(ALONE_RUNS > 1 ? { p50MsOfEachRun: aloneRuns.map((r) => r.p50Ms), medianP50Ms: pct(aloneRuns.map((r) => r.p50Ms), 50) } : {}) };
    if (ALONE_RUNS > 1) console.log(`  one waiter alone, median p50 of ${ALONE_RUNS} runs: ${alone.medianP50Ms} ms`);
    if (ALONE_ONLY) return { database: label, alone };
    const runs = [];
    for (const connections of CONNECTIONS) {
      const r = { connections, ...(await run(waiter, itemId, connections, DURATION_S)) };
      runs.push(r);
      console.log(`  c=${String(connections).padStart(3)}: ${r.sends} sends (${r.perSec}/s)  p50 ${r.p50Ms} ms  p99 ${r.p99Ms} ms`);
    }
    const pace = { waiters: PACE.waiters, meanPauseMs: PACE.meanPauseMs, ...(await run(waiter, itemId, PACE.waiters, PACE.durationS, PACE.meanPauseMs)) };
    console.log(`  evening pace (${pace.waiters} waiters, a send every ~${pace.meanPauseMs / 1000} s each): ${pace.sends} sends  p50 ${pace.p50Ms} ms  p99 ${pace.p99Ms} ms  max ${pace.maxMs} ms`);
    return { database: label, alone, runs, pace };
  });

assertBuilt();
// The target is on the default database, whichever that is (PGlite until ADR 0010).
const result = { durationS: DURATION_S, targetP99MsAt10: { database: EMBEDDED_LABEL, ms: TARGET_P99_MS }, databases: [] };
Object.assign(result, await onEachDatabase(benchDatabase));
printResult(result);
