import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { loginAttempts } from '../../db/schema';
import { freshDatabase } from '../../test-support/test-app';
import type { Reservation } from './login-limiter';
import { SharedLoginLimiter } from './shared-login-limiter';

// Two limiters on one database play two server processes (on PostgreSQL their transactions really
// run side by side; `npm run test:pg` runs this file there too).
let database: Database;
let clock = Date.parse('2026-11-26T12:00:00Z');
const limits = { maxFailures: { account: 3, ip: 5 }, windowMs: 15 * 60_000, now: () => clock };
let a: SharedLoginLimiter;
let b: SharedLoginLimiter;

beforeAll(async () => {
  database = await freshDatabase();
  a = new SharedLoginLimiter(database.db, limits);
  b = new SharedLoginLimiter(database.db, limits);
});
afterAll(() => database.close());

const settle = () => new Promise((r) => setTimeout(r, 50));
const failed = async (r: Reservation) => {
  if (!r.ok) throw new Error('expected a slot');
  r.fail();
  await settle();
};

describe('the sign-in limit shared by server processes', () => {
  it("counts one account's wrong passwords on every process together", async () => {
    await failed(await a.reserve(['account:ayse@ornek.com']));
    await failed(await b.reserve(['account:ayse@ornek.com']));
    await failed(await a.reserve(['account:ayse@ornek.com']));
    const refused = await b.reserve(['account:ayse@ornek.com']);
    expect(refused).toEqual({ ok: false, retryAfterSeconds: 15 * 60 });
    expect((await a.reserve(['account:ayse@ornek.com'])).ok).toBe(false);
    // another account is not affected
    expect((await a.reserve(['account:mehmet@ornek.com'])).ok).toBe(true);
  });

  it('lets no more guesses be checked at once than the limit, however they are spread over the processes', async () => {
    const key = 'account:yarış@ornek.com';
    const all = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).reserve([key])));
    expect(all.filter((r) => r.ok)).toHaveLength(3);
  });

  it('hands back the attempt of a right password, and a success clears the failures but not the guesses still being checked', async () => {
    const key = 'account:dogru@ornek.com';
    const right = await a.reserve([key]);
    if (!right.ok) throw new Error('expected a slot');
    right.release();
    await settle();
    await failed(await b.reserve([key]));
    const stillChecking = await a.reserve([key]);
    await b.clear(key);
    // the failure is gone, the pending one still counts: two free slots, not three
    expect((await a.reserve([key])).ok).toBe(true);
    expect((await b.reserve([key])).ok).toBe(true);
    expect((await a.reserve([key])).ok).toBe(false);
    expect(stillChecking.ok).toBe(true);
  });

  it('refuses when any key is used up and takes nothing then; the window frees the slots', async () => {
    for (let i = 0; i < 5; i++) await failed(await a.reserve([`account:kisi${i}@ornek.com`, 'ip:10.0.0.9']));
    const before = (await database.db.select().from(loginAttempts)).length;
    expect((await b.reserve(['account:yeni@ornek.com', 'ip:10.0.0.9'])).ok).toBe(false);
    expect((await database.db.select().from(loginAttempts)).length).toBe(before);
    clock += 15 * 60_000 + 1;
    expect((await b.reserve(['account:yeni@ornek.com', 'ip:10.0.0.9'])).ok).toBe(true);
  });

  it('stores no email or address, only a hash of the key', async () => {
    const rows = await database.db.select({ key: loginAttempts.key }).from(loginAttempts);
    expect(rows.length).toBeGreaterThan(0);
    for (const { key } of rows) {
      expect(key).toMatch(/^(account|ip):[\w-]{43}$/);
      expect(key).not.toContain('ornek');
    }
  });

  it('never refuses a key of a kind that has no limit', async () => {
    for (let i = 0; i < 8; i++) await failed(await a.reserve(['device:tablet-1']));
    expect((await b.reserve(['device:tablet-1'])).ok).toBe(true);
  });

  it('sweeps rows out of the window every 200 reservations, also of keys nobody asks about again', async () => {
    const sweeper = new SharedLoginLimiter(database.db, limits);
    await failed(await sweeper.reserve(['account:unutulan@ornek.com']));
    clock += 15 * 60_000 + 1;
    const count = async () => (await database.db.select().from(loginAttempts)).length;
    for (let i = 0; i < 198; i++) {
      const r = await sweeper.reserve([`account:baska${i}@ornek.com`]);
      if (r.ok) r.release();
    }
    await settle();
    const beforeSweep = await count();
    expect(beforeSweep).toBeGreaterThan(0);
    const r = await sweeper.reserve(['account:ikiyuzuncu@ornek.com']);
    if (r.ok) r.release();
    await settle();
    expect(await count()).toBe(0);
  });
});

