// Shared helpers for the benchmarks: start/stop the built server on 127.0.0.1, scratch
// databases, memory readings and the result line run-all.mjs collects.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_JS = path.join(ROOT, 'dist/server/server.js');
/**
 * The Node flags the server runs with: those of `npm run serve` in package.json (one place), so a
 * benchmark measures the server as restaurants start it. BENCH_NODE_ARGS replaces them (an empty
 * value runs plain `node`), for before/after comparisons.
 */
export const SERVER_NODE_ARGS =
  process.env.BENCH_NODE_ARGS !== undefined
    ? process.env.BENCH_NODE_ARGS.split(/\s+/).filter(Boolean)
    : JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.serve.split(/\s+/).filter((a) => a.startsWith('--'));
export const HOST = '127.0.0.1';
export const PG_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
export const DEMO_PASSWORD = 'demo1234';

/** run-all.mjs picks the last line starting with this out of each script's output. */
export const RESULT_PREFIX = 'BENCH_RESULT ';
export function printResult(result) {
  console.log(RESULT_PREFIX + JSON.stringify(result));
}

export function assertBuilt() {
  if (!existsSync(SERVER_JS)) {
    console.error(`${path.relative(ROOT, SERVER_JS)} is missing: run \`npm run build\` first.`);
    process.exit(1);
  }
}

/** Asks the kernel for an unused port; a tiny race with other processes is acceptable here. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, HOST, () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * A scratch DATA_DIR. mkdtemp makes it 0700; run as root, the embedded PostgreSQL runs as the
 * `postgres` user and, unable to enter it, would put its cluster in /var/lib/sofra, where
 * removeDir() would leave it behind. 0755 keeps the cluster in DATA_DIR, as on a restaurant's PC.
 */
export const tempDataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sofra-bench-'));
  chmodSync(dir, 0o755);
  return dir;
};
export const removeDir = (dir) => rmSync(dir, { recursive: true, force: true });
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

const toMb = (kb) => Math.round(kb / 102.4) / 10;

/** A field of /proc/<pid>/status in kB (VmRSS, VmHWM), or null once the process is gone. */
function statusKb(pid, field) {
  try {
    return Number(new RegExp(`${field}:\\s+(\\d+)\\s+kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
  } catch {
    return null;
  }
}

/**
 * A process and all its descendants, parents first. The embedded PostgreSQL's postmaster is the
 * server's child and every backend and helper is the postmaster's child, so the server's memory is
 * this whole tree, not the Node process alone. Each thread lists its own children in
 * /proc/<pid>/task/<tid>/children, so all of a process's threads are read.
 */
export function processTree(pid) {
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) {
    let tasks;
    try {
      tasks = readdirSync(`/proc/${pids[i]}/task`);
    } catch {
      continue; // exited meanwhile
    }
    for (const tid of tasks) {
      try {
        for (const child of readFileSync(`/proc/${pids[i]}/task/${tid}/children`, 'utf8').split(/\s+/).filter(Boolean)) pids.push(Number(child));
      } catch {
        // thread ended meanwhile
      }
    }
  }
  return pids;
}

const commOf = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return null;
  }
};

/** Private and shared resident kB of a process (/proc/<pid>/smaps_rollup), or null. */
function residentSplitKb(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(text)[1]);
    return { private: kb('Private_Clean') + kb('Private_Dirty'), shared: kb('Shared_Clean') + kb('Shared_Dirty') };
  } catch {
    return null;
  }
}

/**
 * Memory of the server as a restaurant's PC sees it: the Node process plus its PostgreSQL
 * processes (comm "postgres": the postmaster, its helpers and one backend per pool connection;
 * "initdb" while a first start creates the cluster).
 *  - totalMb: VmRSS summed over them. It counts the pages they share (shared_buffers, the
 *    postgres binary and its libraries) once per process, so it is an upper bound;
 *  - sharedOnceMb: Node's VmRSS + each postgres process's private pages + the largest shared part
 *    of one of them: shared pages counted once, a lower bound.
 * Null once node is gone. Other descendants (none in the server) are not the database's.
 */
export function serverMemory(pid) {
  const nodeKb = statusKb(pid, 'VmRSS');
  if (nodeKb === null) return null;
  // initdb (first start only) runs its own postgres in bootstrap mode: both count while they run
  const postgres = processTree(pid).slice(1).filter((p) => ['postgres', 'initdb'].includes(commOf(p)));
  const rssKb = postgres.map((p) => statusKb(p, 'VmRSS') ?? 0);
  const split = postgres.map(residentSplitKb).filter(Boolean);
  const sum = (values) => values.reduce((a, b) => a + b, 0);
  return {
    nodeMb: toMb(nodeKb),
    totalMb: toMb(nodeKb + sum(rssKb)),
    sharedOnceMb: toMb(nodeKb + sum(split.map((s) => s.private)) + Math.max(0, ...split.map((s) => s.shared))),
    postgresProcesses: postgres.length,
  };
}

/**
 * The highest serverMemory() total seen while it runs, sampled every intervalMs: the kernel keeps a
 * peak (VmHWM) per process, not for a tree, and processes that ended (initdb, a closed backend)
 * took theirs with them. A sampled peak can miss a spike shorter than the interval.
 */
export function sampleServerPeak(getPid, intervalMs = 50) {
  const peak = { nodeMb: 0, totalMb: 0, sharedOnceMb: 0 };
  const timer = setInterval(() => {
    const pid = getPid();
    const m = pid && serverMemory(pid);
    if (!m) return;
    for (const k of Object.keys(peak)) peak[k] = Math.max(peak[k], m[k]);
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

/** Peak resident memory of the Node process so far, in MB (Linux VmHWM). */
export function nodePeakMb(pid) {
  const kb = statusKb(pid, 'VmHWM');
  return kb === null ? null : toMb(kb);
}

/**
 * Postmasters left running when a server died without stopping them (SIGKILL): fast shutdown
 * (SIGINT) so none keeps a port, memory or a deleted scratch directory after the benchmark.
 */
function stopPostmasters(pids) {
  for (const pid of pids) {
    if (commOf(pid) !== 'postgres') continue;
    try {
      process.kill(pid, 'SIGINT');
    } catch {
      // already gone
    }
  }
}

async function waitGone(pids, timeoutMs = 30_000) {
  const alive = () => pids.filter((p) => commOf(p) === 'postgres');
  for (const t0 = performance.now(); alive().length && performance.now() - t0 < timeoutMs; ) await sleep(50);
}

// Other processes on these cores skew every figure. Measure them: CPU time spent by the whole
// machine (/proc/stat) minus what this process and its reaped descendants used (/proc/self/stat).
const TICK_FIELDS = { utime: 11, stime: 12, cutime: 13, cstime: 14 }; // indexes after "pid (comm)"
export function cpuTicks() {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1, 9).map(Number); // guest time is already in user
  const self = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ').map(Number);
  return {
    total: cpu.reduce((a, b) => a + b, 0),
    busy: cpu.reduce((a, b) => a + b, 0) - cpu[3] - cpu[4], // minus idle and iowait
    ours: Object.values(TICK_FIELDS).reduce((a, i) => a + self[i], 0),
  };
}
/** Share of all cores (%) that other processes used between two cpuTicks() readings. */
export function othersCpuPercent(before, after) {
  const delta = (k) => after[k] - before[k];
  return Math.max(0, Math.round((100 * (delta('busy') - delta('ours'))) / delta('total')));
}

// Servers still running when a script dies (exception, Ctrl-C) are killed by pid so no stray
// process keeps a port or the DATA_DIR lock; their postmasters, which a killed server cannot stop,
// are shut down too.
const running = new Set();
process.on('exit', () => {
  for (const child of running) {
    const descendants = processTree(child.pid).slice(1);
    child.kill('SIGKILL');
    stopPostmasters(descendants);
  }
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(130));

/**
 * Spawns `node <flags> dist/server/server.js` (directly, not through npm, so the pid we measure is the
 * server's) and resolves once GET /api/health answers 200. readyMs counts from spawn, so it
 * includes Node's own start-up and module loading, as a user would experience.
 * Request logging is off (LOG_LEVEL=warn): we measure the app, not pino writing to a pipe.
 */
export async function startServer({ dataDir, databaseUrl, timeoutMs = 120_000, serverJs = SERVER_JS, env: extraEnv = {}, nodeArgs = SERVER_NODE_ARGS, onSpawn } = {}) {
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), HOST, SEED_DEMO: '1', LOG_LEVEL: 'warn', NODE_ENV: 'development', ...extraEnv };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  if (dataDir) env.DATA_DIR = dataDir;

  const t0 = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, serverJs], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  onSpawn?.(child.pid); // memory.mjs samples the first start from here on
  let output = '';
  const keep = (chunk) => (output = (output + chunk).slice(-4000)); // last lines, for error messages
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  exited.then(() => running.delete(child));

  const url = `http://${HOST}:${port}`;
  let dead = null;
  exited.then((e) => (dead = e));
  for (;;) {
    if (dead) throw new Error(`server exited before it was ready (${JSON.stringify(dead)}):\n${output}`);
    if (performance.now() - t0 > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`server not ready after ${timeoutMs} ms:\n${output}`);
    }
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1000) });
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await sleep(10); // 10 ms polling granularity is well below the figures we report
  }
  const readyMs = performance.now() - t0;

  return {
    url,
    port,
    pid: child.pid,
    readyMs,
    output: () => output,
    /**
     * SIGTERM lets the server stop its embedded PostgreSQL cleanly (and release the DATA_DIR lock);
     * SIGKILL after graceMs, e.g. when abandoned login requests would keep the graceful close
     * waiting on scrypt. A killed server leaves its postmaster running, so that one is stopped here.
     */
    async stop({ graceMs = 15_000 } = {}) {
      if (dead) return dead;
      const descendants = processTree(child.pid).slice(1);
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const result = await exited;
      clearTimeout(timer);
      // Only after a SIGKILL: a server that exited by itself has stopped its cluster, and its old
      // pids may already belong to someone else's postgres.
      if (result.signal === 'SIGKILL') {
        stopPostmasters(descendants);
        await waitGone(descendants);
        return result;
      }
      // A cluster still shutting down when Node exits gets a few seconds; one still running after
      // them was left behind (counted for the caller) and is stopped here.
      await waitGone(descendants, 10_000);
      const left = descendants.filter((p) => commOf(p) === 'postgres');
      if (left.length) {
        stopPostmasters(left);
        await waitGone(left);
      }
      return { ...result, postgresLeft: left.length };
    },
  };
}

/** Logs in through the API; returns the parsed body ({ restaurantId, ... }). */
export async function login(url, email, password = DEMO_PASSWORD) {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, remember: false }),
  });
  if (res.status !== 200) throw new Error(`login as ${email} failed: HTTP ${res.status} ${await res.text()}`);
  return res.json();
}

/** True when the local PostgreSQL answers; the PostgreSQL runs are skipped (and say so) otherwise. */
export async function postgresAvailable() {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Creates an empty database with a random name; returns its URL and a drop() that removes it. */
export async function createPostgresDatabase() {
  const name = `sofra_bench_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return {
    name,
    url: PG_ADMIN_URL.replace(/\/postgres$/, `/${name}`),
    async drop() {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      try {
        // FORCE (PostgreSQL 13+) ends any connection the server might have left behind.
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** A signed-in API client (cookie jar of one). */
export async function client(url, email) {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD, remember: false }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const { restaurantId } = await res.json();
  const call = async (method, path, body) => {
    const r = await fetch(`${url}/api/restaurants/${restaurantId}${path}`, {
      method,
      headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}), ...(method === 'POST' ? { 'idempotency-key': crypto.randomUUID() } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
    return r.status === 204 ? null : r.json();
  };
  return { cookie, restaurantId, call };
}


/**
 * One database's runs: starts the server, signs the demo waiter in, hands over the dishes that go
 * on with one tap (available, no options), and stops the server afterwards.
 */
export async function withDemoWaiter(label, serverOptions, run) {
  console.log(`\n${label}`);
  const server = await startServer(serverOptions);
  try {
    const waiter = await client(server.url, 'waiter@demo.local');
    const menu = await waiter.call('GET', '/menu');
    const plainItemIds = menu.items.filter((i) => i.isAvailable && i.optionGroupIds.length === 0).map((i) => i.id);
    return await run({ server, waiter, plainItemIds });
  } finally {
    await server.stop();
  }
}

/** How the results name the server's default database (DATA_DIR, no DATABASE_URL). */
export const EMBEDDED_LABEL = 'gömülü PostgreSQL';

/**
 * Runs `bench(label, serverOptions)` once on a fresh DATA_DIR (the embedded PostgreSQL, the
 * default) and once on a throw-away database of the PostgreSQL server at 127.0.0.1:5432 (dropped
 * afterwards), and collects `{ databases, postgresSkipped? }`.
 */
export async function onEachDatabase(bench) {
  const out = { databases: [] };
  const dataDir = tempDataDir();
  try {
    out.databases.push(await bench(EMBEDDED_LABEL, { dataDir }));
  } finally {
    removeDir(dataDir);
  }
  if (await postgresAvailable()) {
    const database = await createPostgresDatabase();
    try {
      out.databases.push(await bench('PostgreSQL', { databaseUrl: database.url }));
    } finally {
      await database.drop();
    }
  } else {
    console.log('\nPostgreSQL at 127.0.0.1:5432 did not answer: PostgreSQL runs SKIPPED.');
    out.postgresSkipped = true;
  }
  return out;
}

/**
 * In-process benches (the server's own modules bundled in as `serverLib`, with `openDatabase` and
 * `runningEmbeddedUrls`): runs `bench(label, db, ownerUrl)` on a fresh embedded PostgreSQL and on a
 * throw-away database of the PostgreSQL server at 127.0.0.1:5432, and collects `{ results, postgresSkipped }`.
 */
export async function onEachOpenDatabase(serverLib, bench) {
  const results = [];
  const dataDir = tempDataDir();
  const embedded = await serverLib.openDatabase({ kind: 'embedded', dataDir });
  try {
    results.push(await bench(EMBEDDED_LABEL, embedded.db, serverLib.runningEmbeddedUrls(dataDir).ownerUrl));
  } finally {
    await embedded.close();
    removeDir(dataDir);
  }
  if (!(await postgresAvailable())) return { results, postgresSkipped: true };
  const scratch = await createPostgresDatabase();
  const server = await serverLib.openDatabase({ kind: 'postgres', url: scratch.url });
  try {
    results.push(await bench('PostgreSQL server', server.db, scratch.url));
  } finally {
    await server.close();
    await scratch.drop();
  }
  return { results, postgresSkipped: false };
}

/**
 * The server's own TypeScript modules for an in-process bench: `lines` are `export … from` lines
 * relative to the repository root, bundled once with esbuild into bench/.out/<name>.mjs and imported.
 */
export async function importServerModules(name, lines) {
  const { build } = await import('esbuild');
  const outfile = path.join(ROOT, `bench/.out/${name}.mjs`);
  await build({
    stdin: { contents: lines.join('\n'), resolveDir: ROOT, sourcefile: `bench-${name}-entry.ts`, loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile,
    logLevel: 'warning',
  });
  return import(outfile);
}
