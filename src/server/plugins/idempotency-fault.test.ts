import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../demo/demo-menu';
import { acquireDataDirLock } from '../db/lock';
import { idempotencyKeys, users } from '../db/schema';
import { IDEMPOTENCY_MESSAGES, requestHashOf } from './idempotency';

/**
 * The real server as a child process on its own data directory (the embedded PostgreSQL), killed
 * with SIGKILL together with its database process — a power cut of the app — and started again. The request "in flight" at the kill is made deterministic by writing the claim
 * the dead process held (in progress, its boot id) into the data directory between the two runs.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'sofra-fault-'));
let port = 0;
let server: ChildProcess | null = null;
/** what the running server printed: shown when an answer is not the one expected */
let serverOutput = '';
let cookie = '';
let restaurantId = '';

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: p } = probe.address() as { port: number };
      probe.close(() => resolve(p));
    });
  });

async function start() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: '1', NODE_ENV: 'development', LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so the kill takes the database process with it.
    detached: true,
  });
  let output = '';
  const hear = (d: Buffer) => {
    output += d;
    serverOutput += d;
  };
  child.stdout!.on('data', hear);
  child.stderr!.on('data', hear);
  await new Promise<void>((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`server exited (${code}): ${output}`)));
    const check = setInterval(() => {
      if (output.includes('Sofra hazır')) {
        clearInterval(check);
        resolve();
      }
    }, 50);
  });
  child.removeAllListeners('exit');
  server = child;
}

function killHard() {
  return new Promise<void>((resolve) => {
    server!.once('exit', () => resolve());
    process.kill(-server!.pid!, 'SIGKILL');
    server = null;
  });
}

const base = () => `http://127.0.0.1:${port}`;
const staffUrl = () => `/api/restaurants/${restaurantId}/staff`;
const staffBody = (email: string) => JSON.stringify({ name: 'Çökme Sonrası', email, role: 'waiter', password: 'servis-2026' });
const addStaff = (key: string, email: string) =>
  fetch(base() + staffUrl(), { method: 'POST', headers: { cookie, 'content-type': 'application/json', 'idempotency-key': key }, body: staffBody(email) });

beforeAll(async () => {
  port = await freePort();
  await start();
  const owner = DEMO_ACCOUNTS.find((a) => a.role === 'owner')!;
  const login = await fetch(`${base()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: owner.email, password: DEMO_PASSWORD, remember: false }),
  });
  expect(login.status).toBe(200);
  restaurantId = (await login.json()).restaurantId;
  cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
});
afterAll(async () => {
  if (server) await killHard();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('kill -9 during keyed requests', () => {
  it('after a restart, the retry of a request that was in progress at the kill runs exactly once', async () => {
    // Sent and killed at once: whatever stage it reached, its retry must not be stuck for 24 hours.
    const racing = addStaff('yarisan-istek-0001', 'yarisan@lokanta.test').catch(() => null);
    await killHard();
    await racing;

    // The exact crash mid-request: the dead process's claim, in progress, written as it writes it.
    const unlock = await acquireDataDirLock(dataDir);
    const database = await openDatabase({ kind: 'embedded', dataDir });
    const [owner] = await database.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS[0].email));
    await database.db.insert(idempotencyKeys).values({
      restaurantId,
      key: 'kesilen-istek-0001',
      userId: owner.id,
      route: 'POST /api/restaurants/:restaurantId/staff',
      requestHash: requestHashOf(staffUrl(), staffBody('kesilen@lokanta.test')),
      ownerBootId: 'the-killed-process',
      leaseUntil: new Date(Date.now() + 60 * 60 * 1000),
    });
    await database.close();
    await unlock();

    await start();
    const retry = await addStaff('kesilen-istek-0001', 'kesilen@lokanta.test');
    expect(retry.status, `${await retry.clone().text()}\n${serverOutput}`).toBe(201);
    const again = await addStaff('kesilen-istek-0001', 'kesilen@lokanta.test');
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replay')).toBe('true');

    const racingRetry = await addStaff('yarisan-istek-0001', 'yarisan@lokanta.test');
    // It ran now, was replayed, or had committed before the kill and says so: never "in progress".
    if (racingRetry.status !== 201) {
      expect(racingRetry.status).toBe(409);
      expect(await racingRetry.json()).toEqual({ error: IDEMPOTENCY_MESSAGES.appliedWithoutAnswer });
    }

    const staff = await (await fetch(base() + staffUrl(), { headers: { cookie } })).json();
    const emails = staff.map((s: { email: string }) => s.email);
    expect(emails.filter((e: string) => e === 'kesilen@lokanta.test')).toHaveLength(1);
    expect(emails.filter((e: string) => e === 'yarisan@lokanta.test')).toHaveLength(1);
  });
});
