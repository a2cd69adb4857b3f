import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { signedIn, type TestContext } from '../test-support/test-app';
import { restaurantFactory } from '../test-support/factories';
import { openDatabase, type Database } from './client';
import { clusterDirOf } from './embedded-postgres';
import { sections } from './schema';

/**
 * "Acknowledged" must mean "on disk": every command's answer leaves only after its WAL was flushed
 * (fdatasync/fsync on pg_wal) by the embedded PostgreSQL. The database processes are traced with
 * strace while the app runs real commands; each command's time window must hold a flush of the WAL.
 * Then the cluster is killed like a power cut of the app (SIGKILL, no shutdown) and must come back
 * with every acknowledged row (crash recovery), on a start right after the kill.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sofra-durable-'));
let database: Database;
let app: App;
let strace: ChildProcess;
const tracePrefix = path.join(dataDir, 'strace');

const postmasterPid = () => Number(fs.readFileSync(path.join(clusterDirOf(dataDir), 'postmaster.pid'), 'utf8').split('\n')[0]);

async function open() {
  database = await openDatabase({ kind: 'embedded', dataDir });
  app = await buildApp({ database, config: { cookieSecure: 'auto', trustProxy: false }, clientDir: '/nonexistent', dataDir });
  await app.ready();
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'beforeExit', 'exit'] as const;
const listenersBefore = SIGNALS.map((signal) => process.listenerCount(signal));
beforeAll(open);
afterAll(async () => {
  strace?.kill();
  await app?.close();
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const childrenOf = (pid: number) =>
  fs.readdirSync(`/proc/${pid}/task`).flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));

/**
 * Seconds since the epoch, as strace -ttt prints them, to the microsecond (Date.now() cuts to the
 * millisecond, which put a flush 0.05 ms before the answer "after" its window). The two clocks
 * are read by different processes, so a window is widened by SLACK on each side — far below the
 * 200 ms after which the WAL writer would flush a commit that did not wait for its flush.
 */
const now = () => (performance.timeOrigin + performance.now()) / 1000;
const SLACK = 0.001;

describe('the embedded default leaves the shutdown to the server', () => {
  it('adds no process-wide signal handler (its own would stop the database under requests in flight)', () => {
    expect(SIGNALS.map((signal) => process.listenerCount(signal))).toEqual(listenersBefore);
  });
});

/**
 * A WAL flush seen by strace: when, of which WAL segment, and whether a client backend (the process
 * of one of the app's connections) made it, rather than the WAL writer or an autovacuum worker
 * committing its ANALYZE.
 */
interface WalFlush {
  at: number;
  segment: string;
  byBackend: boolean;
}

/** The processes serving the app's connections now (not autovacuum, not the server's own). */
async function clientBackendPids(): Promise<number[]> {
  const result = (await database.db.execute(sql`SELECT pid FROM pg_stat_activity WHERE backend_type = 'client backend'`)) as unknown as { rows: { pid: number }[] };
  return result.rows.map((row) => Number(row.pid));
}

/**
 * Runs `work` with every database process traced (the postmaster and every process it runs:
 * backends of open connections, the WAL writer…; -f also follows backends forked later; -ff writes
 * one file per process, so a call is never split across lines by another's; -ttt: wall-clock
 * seconds) and returns the WAL flushes made meanwhile.
 */
async function walFlushesDuring(work: () => Promise<void>): Promise<WalFlush[]> {
  const prefix = `${tracePrefix}-${Date.now()}`;
  const pids = [postmasterPid(), ...childrenOf(postmasterPid())];
  // Asked before and after the work: the pool may open a connection meanwhile.
  const clients = new Set(await clientBackendPids());
  strace = spawn('strace', ['-f', '-ff', '-ttt', '-e', 'trace=fsync,fdatasync', '-yy', '-o', prefix, ...pids.flatMap((pid) => ['-p', String(pid)])], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let straceErr = '';
  strace.stderr!.on('data', (d) => (straceErr += d));
  // strace says "Process N attached" for each: start only when every one is traced.
  await expect.poll(() => (straceErr.match(/attached/g) ?? []).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(pids.length);
  expect(straceErr).not.toMatch(/Operation not permitted|No such process/);
  await work();
  for (const pid of await clientBackendPids()) clients.add(pid);
  await new Promise((resolve) => setTimeout(resolve, 300));
  strace.kill('SIGINT');
  await new Promise((resolve) => strace.once('exit', resolve));
  return fs
    .readdirSync(dataDir)
    .filter((name) => name.startsWith(`${path.basename(prefix)}.`))
    .flatMap((name) => {
      const pid = Number(name.split('.').at(-1));
      return fs
        .readFileSync(path.join(dataDir, name), 'utf8')
        .split('\n')
        .flatMap((line) => {
          const segment = /(?:fdatasync|fsync)\(\d+<[^>]*pg_wal\/([0-9A-F]{24})>\)\s+=\s+0/.exec(line)?.[1];
          return segment ? [{ at: Number(line.split(/\s+/)[0]), segment, byBackend: clients.has(pid) }] : [];
        });
    });
}

/**
 * The flushes of each window, each flush counted in one window only: the one that holds it, else
 * the nearest within SLACK. Back-to-back requests of a few milliseconds lie closer than SLACK to
 * each other, so a flush at the very end of one window fell inside the next one's slack as well and
 * was counted twice (a fast machine made "one flush per command" fail).
 */
function perWindow(flushes: WalFlush[], windows: [number, number][]): WalFlush[][] {
  const distance = (at: number, [from, to]: [number, number]) => (at < from ? from - at : at > to ? at - to : 0);
  const found = windows.map((): WalFlush[] => []);
  for (const flush of flushes) {
    let best = -1;
    for (let i = 0; i < windows.length; i++) if (distance(flush.at, windows[i]) <= SLACK && (best < 0 || distance(flush.at, windows[i]) < distance(flush.at, windows[best]))) best = i;
    if (best >= 0) found[best].push(flush);
  }
  return found;
}

describe('the embedded default flushes before it answers', () => {
  const acknowledged: { id: string; name: string }[] = [];
  let restaurantId = '';
  let owner: { cookies: Record<string, string> };
  const addSection = (name: string, key?: string) =>
    app.inject({
      method: 'POST',
      url: `/api/restaurants/${restaurantId}/sections`,
      cookies: owner.cookies,
      headers: key ? { 'idempotency-key': key } : {},
      payload: { name },
    });

  it('fsyncs the WAL inside the window of every acknowledged command', async () => {
    const ctx = { app, database, close: async () => {} } satisfies TestContext;
    restaurantId = (await restaurantFactory(ctx)).id;
    owner = await signedIn(ctx, restaurantId, 'owner');

    const windows: [number, number][] = [];
    const flushes = await walFlushesDuring(async () => {
      for (let i = 1; i <= 20; i++) {
        const started = now();
        const res = await addSection(`Bölüm ${i}`);
        windows.push([started, now()]);
        expect(res.statusCode).toBe(201);
        acknowledged.push(res.json());
      }
    });
    expect(flushes.length).toBeGreaterThanOrEqual(windows.length);
    for (const inWindow of perWindow(flushes, windows)) expect(inWindow.length).toBeGreaterThan(0);
  });

  it('flushes a keyed command once: its key commits with the change, its stored answer waits for no flush', async () => {
    const windows: [number, number][] = [];
    const flushes = await walFlushesDuring(async () => {
      for (let i = 1; i <= 10; i++) {
        const started = now();
        const res = await addSection(`Anahtarlı Bölüm ${i}`, `dayanikli-anahtar-${i}`);
        // the answer is stored just after it is sent: its write belongs to this request's window
        await app.idempotency.settled();
        windows.push([started, now()]);
        expect(res.statusCode).toBe(201);
        acknowledged.push(res.json());
      }
    });
    // One flush by the app's connections in each request's window: the command's commit. (A commit
    // that fills a WAL segment flushes it and then the next one: one flush per segment.)
    for (const inWindow of perWindow(flushes, windows)) {
      const byConnections = inWindow.filter((f) => f.byBackend);
      expect(byConnections.length).toBeGreaterThan(0);
      expect(byConnections).toHaveLength(new Set(byConnections.map((f) => f.segment)).size);
    }
    // …and the answer is there for a retry, which changes nothing.
    const retry = await addSection('Anahtarlı Bölüm 1', 'dayanikli-anahtar-1');
    expect(retry.headers['idempotent-replay']).toBe('true');
    expect(retry.json()).toEqual(acknowledged.at(-10));
  });

  it('keeps every acknowledged command through a kill -9 of the database and starts again at once', async () => {
    const pid = postmasterPid();
    process.kill(pid, 'SIGKILL');
    // The pool notices its dead connections; what matters is the next start of the same directory.
    await app.close().catch(() => {});
    await database.close().catch(() => {});
    await open();
    const rows = await database.db.select({ name: sections.name }).from(sections).where(eq(sections.restaurantId, restaurantId));
    expect(rows.map((r) => r.name).sort()).toEqual(acknowledged.map((s) => s.name).sort());
    // A retry after the crash never adds the section again: it is replayed, or (had the power cut
    // taken the stored answer with it) told that it was applied.
    const retry = await addSection('Anahtarlı Bölüm 10', 'dayanikli-anahtar-10');
    expect([201, 409]).toContain(retry.statusCode);
    if (retry.statusCode === 201) expect(retry.headers['idempotent-replay']).toBe('true');
    expect(await database.db.$count(sections, eq(sections.restaurantId, restaurantId))).toBe(rows.length);
    expect(postmasterPid()).not.toBe(pid);
  });

  it('keeps the cluster inside its DATA_DIR even when that directory was made 0700 (mkdtemp), also as root', () => {
    expect(clusterDirOf(dataDir)).toBe(path.join(dataDir, 'postgres'));
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
  });
});
