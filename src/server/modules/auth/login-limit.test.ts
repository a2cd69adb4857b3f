import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/errors';
import { createRestaurant, createTestApp, createUser, TEST_PASSWORD, type TestContext } from '../../test-support/test-app';
import { LoginLimiter } from './login-limiter';

describe('login rate limit over HTTP', () => {
  let ctx: TestContext;
  let restaurantId: string;
  beforeEach(async () => {
    ctx = await createTestApp();
    restaurantId = (await createRestaurant(ctx)).id;
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
  it('forgets failures once they leave the window', () => {
    let now = 0;
    const limiter = new LoginLimiter({ maxFailures: { account: 2 }, windowMs: 1000, now: () => now });
    limiter.recordFailure(['account:a']);
    limiter.recordFailure(['account:a']);
    expect(limiter.isBlocked(['account:a'])).toBe(true);
    expect(limiter.isBlocked(['account:b'])).toBe(false);
    now = 1001;
    expect(limiter.isBlocked(['account:a'])).toBe(false);
  });

  it('is cleared for an account by a successful login', () => {
    const limiter = new LoginLimiter({ maxFailures: { account: 1 }, windowMs: 1000 });
    limiter.recordFailure(['account:a']);
    limiter.clear('account:a');
    expect(limiter.isBlocked(['account:a'])).toBe(false);
  });
});
