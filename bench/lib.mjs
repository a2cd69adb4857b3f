// Shared helpers for the benchmarks: start/stop the built server on 127.0.0.1, scratch
// databases, memory readings and the result line run-all.mjs collects.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
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

export const tempDataDir = () => mkdtempSync(path.join(tmpdir(), 'sofra-bench-'));
export const removeDir = (dir) => rmSync(dir, { recursive: true, force: true });
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Resident memory of a process in MB, from /proc (Linux only; null elsewhere). */
export function rssMb(pid) {
  try {
    const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
    return Math.round(kb / 102.4) / 10;
  } catch {
    return null;
  }
}

// Servers still running when a script dies (exception, Ctrl-C) are killed by pid so no stray
// process keeps a port or a PGlite lock.
const running = new Set();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(130));

/**
 * Spawns `node <flags> dist/server/server.js` (directly, not through npm, so the pid we measure is the
 * server's) and resolves once GET /api/health answers 200. readyMs counts from spawn, so it
 * includes Node's own start-up and module loading, as a user would experience.
 * Request logging is off (LOG_LEVEL=warn): we measure the app, not pino writing to a pipe.
 */
export async function startServer({ dataDir, databaseUrl, timeoutMs = 120_000, serverJs = SERVER_JS, env: extraEnv = {}, nodeArgs = SERVER_NODE_ARGS } = {}) {
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), HOST, SEED_DEMO: '1', LOG_LEVEL: 'warn', NODE_ENV: 'development', ...extraEnv };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  if (dataDir) env.DATA_DIR = dataDir;

  const t0 = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, serverJs], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
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
     * SIGTERM lets the server close PGlite cleanly (and release its lock); SIGKILL after graceMs,
     * e.g. when abandoned login requests would keep the graceful close waiting on scrypt.
     */
    async stop({ graceMs = 15_000 } = {}) {
      if (dead) return dead;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const result = await exited;
      clearTimeout(timer);
      return result;
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

/**
 * Runs `bench(label, serverOptions)` once on a fresh PGlite directory and once on a throw-away
 * PostgreSQL database (dropped afterwards), and collects `{ databases, postgresSkipped? }`.
 */
export async function onEachDatabase(bench) {
  const out = { databases: [] };
  const dataDir = tempDataDir();
  try {
    out.databases.push(await bench('PGlite', { dataDir }));
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
