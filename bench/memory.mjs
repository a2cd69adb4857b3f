// Server memory (RSS) on PGlite, the embedded default restaurants run on small PCs:
//  - peak on the first start (empty DATA_DIR: initdb, migrations, demo seed): VmHWM of the server
//  - at rest right after that first start, and at rest after a restart on the same directory
//  - after ~60 s of mixed load (menu reads, floor and kitchen reads, preference writes), at rest
//    again, and the peak during the load
// Targets (issue 12): ≤ 200 MB at rest after a restart and after a minute of load, ≤ 450 MB peak
// on the first start. BENCH_SERVER_JS runs another bundle (e.g. one built with PGlite's default
// buffers, for a before/after comparison); BENCH_MEMORY_LOAD_S shortens the load for a quick look.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { ROOT, SERVER_NODE_ARGS, assertBuilt, printResult, removeDir, rssMb, sleep, startServer, tempDataDir } from './lib.mjs';

const LOAD_S = Number(process.env.BENCH_MEMORY_LOAD_S ?? 60);
/**
 * "At rest" = 10 s without a request: V8 hands unused heap back to the system only once the process
 * has been idle for a few seconds (its memory reducer), so 3 s after a burst still shows the burst.
 * The reading 3 s after the load is reported too.
 */
const REST_MS = 10_000;
const SOON_MS = 3000;
const serverJs = process.env.BENCH_SERVER_JS ? path.resolve(ROOT, process.env.BENCH_SERVER_JS) : undefined;

/** Peak resident memory of a process so far, in MB (Linux VmHWM). */
function peakMb(pid) {
  const kb = Number(/VmHWM:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
  return Math.round(kb / 102.4) / 10;
}

function cannon(opts) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ timeout: 30, ...opts }, (err, res) => (err ? reject(err) : resolve(res)));
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

if (!serverJs) assertBuilt();
const dataDir = tempDataDir();
try {
  // 1. First start on an empty directory.
  const first = await startServer({ dataDir, serverJs });
  const firstPeakMb = peakMb(first.pid);
  await sleep(REST_MS);
  const afterFirstStartMb = rssMb(first.pid);
  await first.stop();

  // 2. Restart on the directory the first start wrote.
  const server = await startServer({ dataDir, serverJs });
  await sleep(REST_MS);
  const restartRestMb = rssMb(server.pid);

  // 3. A minute of mixed traffic from signed-in screens and public menu readers.
  const cookieRes = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner@demo.local', password: 'demo1234', remember: false }),
  });
  const owner = await cookieRes.json();
  const cookie = cookieRes.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const prefs = await (await fetch(`${server.url}/api/me/preferences`, { headers: { cookie } })).json();
  const base = `/api/restaurants/${owner.restaurantId}`;
  const signed = { cookie };
  const res = await cannon({
    url: server.url,
    connections: 10,
    duration: LOAD_S,
    requests: [
      { method: 'GET', path: `/api/public/menus/${owner.restaurantId}` },
      { method: 'GET', path: `${base}/menu`, headers: signed },
      { method: 'GET', path: `${base}/tables`, headers: signed },
      { method: 'GET', path: `${base}/kitchen/orders`, headers: signed },
      { method: 'GET', path: `${base}/settings/general`, headers: signed },
      {
        method: 'PUT',
        path: '/api/me/preferences',
        headers: { ...signed, 'content-type': 'application/json' },
        body: JSON.stringify({ ...prefs, volume: 55 }),
      },
    ],
  });
  const loadPeakMb = peakMb(server.pid);
  await sleep(SOON_MS);
  const afterLoadSoonMb = rssMb(server.pid);
  await sleep(REST_MS - SOON_MS);
  const afterLoadRestMb = rssMb(server.pid);
  await server.stop();

  const result = {
    server: path.relative(ROOT, serverJs ?? path.join(ROOT, 'dist/server/server.js')),
    nodeArgs: SERVER_NODE_ARGS.join(' '),
    loadSeconds: LOAD_S,
    firstStart: { peakMb: firstPeakMb, restMb: afterFirstStartMb },
    restart: { restMb: restartRestMb },
    load: { requests: res.requests.total, reqPerSec: Math.round(res.requests.average), non2xx: res.non2xx, errors: res.errors, peakMb: loadPeakMb, soonMb: afterLoadSoonMb, restMb: afterLoadRestMb },
  };
  console.log(result);
  printResult(result);
} finally {
  removeDir(dataDir);
}
