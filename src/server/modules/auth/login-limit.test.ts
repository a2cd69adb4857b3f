import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/errors';
import { appWithRestaurant, createUser, TEST_PASSWORD, type TestContext } from '../../test-support/test-app';
import { AUTH_MESSAGES } from './auth-messages';
import { LoginLimiter } from './login-limiter';

describe('login rate limit over HTTP', () => {
  let ctx: TestContext;
  let restaurantId: string;
  beforeEach(async () => {
    ({ ctx, restaurantId } = await appWithRestaurant());
  });
  afterEach(() => ctx.close());

  const login = (email: string, password: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  it('locks an account after 10 failures with a Turkish 429, even for the right password', async () => {
    const user = await createUser(ctx, { restaurantId });
    for (let i = 0; i < 10; i++) expect((await login(user.email, 'yanlis')).statusCode).toBe(401);
    const res = await login(user.email, TEST_PASSWORD);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: MESSAGES.tooManyAttempts });
    // Another account from the same address still gets in.
    const other = await createUser(ctx, { restaurantId });
    expect((await login(other.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('evaluates at most 10 wrong passwords of 60 sent at once; the rest are refused in Turkish with Retry-After', async () => {
    const user = await createUser(ctx, { restaurantId });
    const attempts = [...Array.from({ length: 59 }, (_, i) => `yanlis-${i}`), TEST_PASSWORD];
    const answers = await Promise.all(attempts.map((password) => login(user.email, password)));
    const statuses = answers.map((r) => r.statusCode);
    // Every 401 is one wrong password checked; the right one may still get in if a slot was free.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(1);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused.length).toBeGreaterThanOrEqual(49);
    for (const r of refused) {
      expect([MESSAGES.tooManyAttempts, AUTH_MESSAGES.busyClient]).toContain(r.json().error);
      expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    expect(answers.every((r) => [200, 401, 429].includes(r.statusCode))).toBe(true);
  });

  it('answers a locked account with Retry-After until its oldest failure leaves the 15-minute window', async () => {
    const user = await createUser(ctx, { restaurantId });
    for (let i = 0; i < 10; i++) await login(user.email, 'yanlis');
    const res = await login(user.email, 'yanlis');
    expect(res.statusCode).toBe(429);
    const seconds = Number(res.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(15 * 60);
  });

  it("a right password clears the account's failures, so ten more may follow", async () => {
    const user = await createUser(ctx, { restaurantId });
    for (let i = 0; i < 9; i++) expect((await login(user.email, 'yanlis')).statusCode).toBe(401);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    // nine left over would lock it at the second failure from here
    expect((await login(user.email, 'yanlis')).statusCode).toBe(401);
    expect((await login(user.email, 'yanlis')).statusCode).toBe(401);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('locks an address after 30 failures spread over many accounts', async () => {
    // Known accounts keep this fast: unknown emails pay for a full-cost dummy hash each.
    for (let a = 0; a < 3; a++) {
      const { email } = await createUser(ctx, { restaurantId });
      for (let i = 0; i < 10; i++) expect((await login(email, 'yanlis')).statusCode).toBe(401);
    }
    const user = await createUser(ctx, { restaurantId });
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(429);
  });
});

describe('LoginLimiter', () => {
  it('counts an attempt when it is reserved, so concurrent attempts cannot overtake the limit', () => {
    const limiter = new LoginLimiter({ maxFailures: { account: 3 }, windowMs: 1000 });
    const taken = Array.from({ length: 10 }, () => limiter.reserve(['account:a']));
    expect(taken.filter((r) => r.ok)).toHaveLength(3);
    expect(limiter.isBlocked(['account:a'])).toBe(true);
  });

  it('gives the slot back when the password was right, keeps it when it was wrong', () => {
    const limiter = new LoginLimiter({ maxFailures: { account: 1 }, windowMs: 1000 });
    const right = limiter.reserve(['account:a']);
    if (!right.ok) throw new Error('expected a slot');
    right.release();
    const wrong = limiter.reserve(['account:a']);
    if (!wrong.ok) throw new Error('expected a slot');
    wrong.fail();
    expect(limiter.reserve(['account:a']).ok).toBe(false);
  });

  it('gives back only the right attempt’s own slot: the failures beside it stay counted', () => {
    const limiter = new LoginLimiter({ maxFailures: { account: 3 }, windowMs: 1000 });
    for (let i = 0; i < 2; i++) {
      const wrong = limiter.reserve(['account:a']);
      if (!wrong.ok) throw new Error('expected a slot');
      wrong.fail();
    }
    const right = limiter.reserve(['account:a']);
    if (!right.ok) throw new Error('expected a slot');
    right.release();
    expect(limiter.reserve(['account:a']).ok).toBe(true);
    expect(limiter.reserve(['account:a']).ok).toBe(false);
  });

  it('takes a slot on every key or on none', () => {
    const limiter = new LoginLimiter({ maxFailures: { account: 5, ip: 1 }, windowMs: 1000 });
    expect(limiter.reserve(['account:a', 'ip:1']).ok).toBe(true);
    expect(limiter.reserve(['account:a', 'ip:1']).ok).toBe(false);
    // The refused attempt took nothing from the account.
    for (let i = 0; i < 4; i++) expect(limiter.reserve(['account:a', `ip:${i + 2}`]).ok).toBe(true);
    expect(limiter.reserve(['account:a', 'ip:9']).ok).toBe(false);
  });

  it('says when the oldest attempt leaves the window', () => {
    let now = 0;
    const limiter = new LoginLimiter({ maxFailures: { account: 2 }, windowMs: 60_000, now: () => now });
    limiter.reserve(['account:a']);
    now = 10_000;
    limiter.reserve(['account:a']);
    now = 20_000;
    const refused = limiter.reserve(['account:a']);
    expect(refused).toEqual({ ok: false, retryAfterSeconds: 40 });
  });

  it('forgets failures once they leave the window', () => {
    let now = 0;
    const limiter = new LoginLimiter({ maxFailures: { account: 2 }, windowMs: 1000, now: () => now });
    limiter.reserve(['account:a']);
    limiter.reserve(['account:a']);
    expect(limiter.isBlocked(['account:a'])).toBe(true);
    expect(limiter.isBlocked(['account:b'])).toBe(false);
    now = 1001;
    expect(limiter.isBlocked(['account:a'])).toBe(false);
  });

  it('is cleared for an account by a successful login, except for attempts still being checked', () => {
    const limiter = new LoginLimiter({ maxFailures: { account: 2 }, windowMs: 1000 });
    const failed = limiter.reserve(['account:a']);
    if (failed.ok) failed.fail();
    limiter.reserve(['account:a']); // still running
    expect(limiter.isBlocked(['account:a'])).toBe(true);
    limiter.clear('account:a');
    expect(limiter.reserve(['account:a']).ok).toBe(true);
    expect(limiter.reserve(['account:a']).ok).toBe(false);
  });
});
