// Server memory (RSS) on the embedded default (a DATA_DIR, no DATABASE_URL) restaurants run on
// small PCs. The embedded PostgreSQL runs as the server's child processes, so every reading is
// given for the Node process and for Node plus its postgres processes (what the PC must hold):
//  - peak on the first start (empty DATA_DIR: initdb, migrations, demo seed): VmHWM of Node, and
//    the highest Node + postgres total sampled every 50 ms from spawn until ready
//  - at rest right after that first start, and at rest after a restart on the same directory
//  - after ~60 s of mixed load (menu reads, floor and kitchen reads, preference writes), at rest
//    again, and the peak during the load (the same two ways)
// Targets (issue 12): ≤ 200 MB at rest after a restart and after a minute of load, ≤ 450 MB peak
// on the first start, checked on Node + postgres. BENCH_SERVER_JS runs another bundle (for a
// before/after comparison); BENCH_MEMORY_LOAD_S shortens the load for a quick look.
import path from 'node:path';
import autocannon from 'autocannon';
import {
  ROOT,
  SERVER_NODE_ARGS,
  assertBuilt,
  nodePeakMb,
  printResult,
  removeDir,
  sampleServerPeak,
  serverMemory,
  sleep,
  startServer,
  tempDataDir,
} from './lib.mjs';

const LOAD_S = Number(process.env.BENCH_MEMORY_LOAD_S ?? 60);
/**
 * "At rest" = 10 s without a request: V8 hands unused heap back to the system only once the process
 * has been idle for a few seconds (its memory reducer), so 3 s after a burst still shows the burst.
 * The reading 3 s after the load is reported too.
 */
const REST_MS = 10_000;
const SOON_MS = 3000;
const serverJs = process.env.BENCH_SERVER_JS ? path.resolve(ROOT, process.env.BENCH_SERVER_JS) : undefined;

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
  let firstPid = null;
  const firstSampler = sampleServerPeak(() => firstPid);
  const first = await startServer({ dataDir, serverJs, onSpawn: (pid) => (firstPid = pid) });
  const firstPeak = { nodeHwmMb: nodePeakMb(first.pid), sampledTotalMb: firstSampler.stop().totalMb };
  await sleep(REST_MS);
  const afterFirstStart = serverMemory(first.pid);
  await first.stop();

  // 2. Restart on the directory the first start wrote.
  const server = await startServer({ dataDir, serverJs });
  await sleep(REST_MS);
  const restartRest = serverMemory(server.pid);

  // 3. A minute of mixed traffic from signed-in screens and public menu readers. The sampled peak
  // starts before the login, as Node's VmHWM includes that login's scrypt.
  const loadSampler = sampleServerPeak(() => server.pid);
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
  const loadPeak = { nodeHwmMb: nodePeakMb(server.pid), sampledTotalMb: loadSampler.stop().totalMb };
  await sleep(SOON_MS);
  const afterLoadSoon = serverMemory(server.pid);
  await sleep(REST_MS - SOON_MS);
  const afterLoadRest = serverMemory(server.pid);
  await server.stop();

  const result = {
    server: path.relative(ROOT, serverJs ?? path.join(ROOT, 'dist/server/server.js')),
    nodeArgs: SERVER_NODE_ARGS.join(' '),
    loadSeconds: LOAD_S,
    firstStart: { peak: firstPeak, rest: afterFirstStart },
    restart: { rest: restartRest },
    load: { requests: res.requests.total, reqPerSec: Math.round(res.requests.average), non2xx: res.non2xx, errors: res.errors, peak: loadPeak, soon: afterLoadSoon, rest: afterLoadRest },
  };
  console.dir(result, { depth: null });
  printResult(result);
} finally {
  removeDir(dataDir);
}
