// HTTP throughput with autocannon against the built server, on the embedded PostgreSQL (the
// default: a DATA_DIR) and then on the PostgreSQL server at 127.0.0.1:5432:
//  - GET /api/public/menus/:id (the QR menu page's only API call: three queries + JSON)
//  - POST /api/auth/login (dominated by scrypt N=2^17, deliberately slow; the login limiter
//    counts only failures, so these successful logins are never throttled)
// at 10 and 100 connections. autocannon runs in this process, on the same cores as the server,
// so the figures are a floor for what a dedicated server machine would do.
import autocannon from 'autocannon';
import { scryptSync } from 'node:crypto';
import os from 'node:os';
import {
  assertBuilt,
  login,
  onEachDatabase,
  printResult,
  serverMemory,
  sleep,
  startServer,
} from './lib.mjs';

// Logins complete only a few per second, so they get the longer window for a usable sample.
const MENU_DURATION_S = 6;
const LOGIN_DURATION_S = 8;
const CONNECTIONS = [10, 100];

function cannon(opts) {
  return new Promise((resolve, reject) => {
    // Login requests queue for seconds behind scrypt at 100 connections; a generous timeout
    // reports that as latency instead of as errors.
    const instance = autocannon({ timeout: 60, ...opts }, (err, res) => (err ? reject(err) : resolve(res)));
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

const summary = (res) => ({
  reqPerSec: Math.round(res.requests.average * 10) / 10,
  p50Ms: res.latency.p50,
  p99Ms: res.latency.p99,
  completed: res.latency.totalCount,
  non2xx: res.non2xx,
  errors: res.errors,
  timeouts: res.timeouts,
});

const menuScenario = (url, restaurantId) => ({ url: `${url}/api/public/menus/${restaurantId}`, duration: MENU_DURATION_S });
const loginScenario = (url) => ({
  url: `${url}/api/auth/login`,
  duration: LOGIN_DURATION_S,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'waiter@demo.local', password: 'demo1234', remember: false }),
});

async function measure(endpoint, opts, runs) {
  for (const connections of CONNECTIONS) {
    // Logins autocannon abandoned at the end of the previous window are still hashing on the
    // server; give them time to finish so they do not eat into this window.
    if (opts.method === 'POST' && connections !== CONNECTIONS[0]) await sleep(3000);
    const r = summary(await cannon({ ...opts, connections }));
    runs.push({ endpoint, connections, ...r });
    console.log(
      `  ${endpoint.padEnd(27)} c=${String(connections).padStart(3)}: ${String(r.reqPerSec).padStart(8)} req/s  ` +
        `p50 ${r.p50Ms} ms  p99 ${r.p99Ms} ms  completed ${r.completed}  non-2xx ${r.non2xx}  errors ${r.errors}`,
    );
  }
}

async function benchDatabase(label, serverOptions) {
  console.log(`\n${label}`);
  const server = await startServer(serverOptions);
  // Node alone and Node + the postgres processes it started (none on a DATABASE_URL)
  const rss = { afterStart: null, afterMenu: null, afterLogin: null };
  const runs = [];
  try {
    const { restaurantId } = await login(server.url, 'owner@demo.local');
    rss.afterStart = serverMemory(server.pid);
    // Short warm-up so the first measured run does not pay for JIT compilation and cold caches.
    await cannon({ ...menuScenario(server.url, restaurantId), connections: 10, duration: 1 });
    await measure('GET /api/public/menus/:id', menuScenario(server.url, restaurantId), runs);
    rss.afterMenu = serverMemory(server.pid);
    await measure('POST /api/auth/login', loginScenario(server.url), runs);
    // Read while the logins autocannon abandoned at the end are still hashing (scrypt N=2^17
    // holds 128 MB per hash in progress), i.e. the peak a login rush causes.
    rss.afterLogin = serverMemory(server.pid);
    const mb = (m) => (m.postgresProcesses ? `${m.nodeMb} MB Node, ${m.totalMb} MB with postgres` : `${m.nodeMb} MB`);
    console.log(`  server RSS: ${mb(rss.afterStart)} after start, ${mb(rss.afterMenu)} after the menu runs, ${mb(rss.afterLogin)} during the login backlog`);
    return { database: label, rss, runs };
  } finally {
    // The abandoned logins would hold a graceful close for tens of seconds; nothing to save here.
    await server.stop({ graceMs: 3000 });
  }
}

/**
 * One scrypt with the server's parameters, timed here: cores / this time is the ceiling for
 * logins per second, which puts the login rows in perspective.
 */
function scryptMs() {
  const N = 2 ** 17;
  const times = [0, 1, 2].map(() => {
    const t0 = performance.now();
    scryptSync('demo1234', 'sofra-bench-salt', 32, { N, r: 8, p: 1, maxmem: 256 * N * 8 + 1024 * 1024 });
    return performance.now() - t0;
  });
  return Math.round(Math.min(...times));
}

assertBuilt();
const result = { menuDurationS: MENU_DURATION_S, loginDurationS: LOGIN_DURATION_S, scryptMs: scryptMs(), databases: [] };
console.log(`one scrypt N=2^17 hash: ${result.scryptMs} ms (login ceiling ≈ ${(os.availableParallelism() * 1000 / result.scryptMs).toFixed(1)}/s on ${os.availableParallelism()} cores)`);

Object.assign(result, await onEachDatabase(benchDatabase));

printResult(result);
