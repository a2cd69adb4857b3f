import { expect, test } from '../fixtures';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO, DEMO_PASSWORD } from '../helpers';

/**
 * Restaurants run Sofra on small PCs: the server with its embedded PostgreSQL, started the way
 * `npm run serve` starts it, stays within 200 MB (PSS of the whole process tree) at rest after a
 * restart and after a burst of mixed use, and the Node process within 450 MB on its very first start (bench/memory.mjs measures the same with a minute of load).
 * Memory, not time: the readings do not depend on how fast the machine is.
 */
const SERVE_FLAGS = (JSON.parse(readFileSync('package.json', 'utf8')).scripts.serve as string).split(/\s+/).filter((a) => a.startsWith('--'));
/**
 * At rest: V8 hands unused heap back once the process has been idle for a few seconds, later on a
 * busy machine; the reading may take this long to settle (it fails if it never gets there).
 */
const SETTLE_MS = 45_000;
const atRest = (pid: number, what: string) =>
  expect.poll(() => treePss(pid), { message: `${what} (MB)`, timeout: SETTLE_MS, intervals: [1000] }).toBeLessThanOrEqual(200);

/** The server and every process under it (the embedded PostgreSQL's). */
const processTree = (pid: number): number[] => [
  pid,
  ...readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number).flatMap(processTree),
  ),
];
/**
 * Memory of the whole server, database included, in MB. PSS, not RSS: the database processes share
 * their buffers, and summing RSS would count the same pages once per process.
 */
const treePss = (pid: number) =>
  Math.round(processTree(pid).reduce((kb, p) => kb + Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${p}/smaps_rollup`, 'utf8'))![1]), 0) / 1024);

const status = (pid: number, field: 'VmHWM') =>
  Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024);

test.describe('server memory', () => {
  test.skip(process.platform !== 'linux', 'reads /proc (Linux)');
  test.setTimeout(240_000);

  const port = Number(process.env.E2E_PORT ?? 3100) + 60;
  const base = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sofra-e2e-memory-'));
  let server: ChildProcess | null = null;

  const start = async () => {
    const child = spawn(process.execPath, [...SERVE_FLAGS, 'dist/server/server.js'], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: '1', LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    });
    server = child;
    await expect.poll(async () => (await fetch(`${base}/api/health`).catch(() => null))?.status ?? 0, { timeout: 120_000 }).toBe(200);
    return child.pid!;
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      const child = server;
      if (!child || child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });

  test.afterAll(async () => {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('stays within 450 MB on the first start and 200 MB at rest after a restart and after a burst of use', async () => {
    expect(SERVE_FLAGS.length).toBeGreaterThan(0);
    const firstPid = await start();
    expect(status(firstPid, 'VmHWM'), 'first start peak (MB)').toBeLessThanOrEqual(450);
    await stop();

    const pid = await start();
    await atRest(pid, 'at rest after a restart');

    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO.owner, password: DEMO_PASSWORD, remember: false }),
    });
    expect(login.status).toBe(200);
    const { restaurantId } = (await login.json()) as { restaurantId: string };
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const prefs = await (await fetch(`${base}/api/me/preferences`, { headers: { cookie } })).json();
    const reads = [`/api/public/menus/${restaurantId}`, `/api/restaurants/${restaurantId}/menu`, `/api/restaurants/${restaurantId}/floor`, `/api/restaurants/${restaurantId}/kitchen/orders`];
    // 10 screens at once, 60 requests each: reads of every kind and preference writes
    await Promise.all(
      Array.from({ length: 10 }, async (_, screen) => {
        for (let i = 0; i < 60; i++) {
          const res =
            i % 5 === 4
              ? await fetch(`${base}/api/me/preferences`, { method: 'PUT', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ ...prefs, volume: 40 + screen }) })
              : await fetch(`${base}${reads[i % reads.length]}`, { headers: { cookie } });
          expect(res.status).toBe(200);
          await res.arrayBuffer();
        }
      }),
    );
    await atRest(pid, 'at rest after the burst');
  });
});
