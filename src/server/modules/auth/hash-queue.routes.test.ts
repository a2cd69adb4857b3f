import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, createRestaurant, createTestApp, createUser, type TestContext } from '../../test-support/test-app';
import { AUTH_MESSAGES } from './auth-messages';
import { hashQueue } from './password';

let ctx: TestContext;
let emails: string[];
beforeAll(async () => {
  ctx = await createTestApp();
  const restaurantId = (await createRestaurant(ctx)).id;
  emails = [];
  // Accounts first: making them hashes passwords, which would wait behind the held line.
  for (let i = 0; i < 6; i++) emails.push((await createUser(ctx, { restaurantId })).email);
});
afterAll(() => ctx.close());

/** Occupies the process's hash line with tasks that finish only when the test says so. */
function holdLine(places: number) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const held = Array.from({ length: places }, (_, i) => hashQueue.run(`test-holder-${i}`, () => gate));
  return async () => {
    release();
    await Promise.all(held);
  };
}

const login = (email: string, from: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'yanlis-sifre' }, remoteAddress: from });

describe('the bounded hash line over HTTP', () => {
  it('answers a fifth waiting attempt from one address at once with 429, Turkish and Retry-After', async () => {
    const letGo = holdLine(hashQueue.options.concurrency);
    const pending = emails.slice(0, 5).map((email) => login(email, '198.51.100.7'));
    const first = await Promise.race(pending);
    expect(first.statusCode).toBe(429);
    expect(first.json()).toEqual({ error: AUTH_MESSAGES.busyClient });
    expect(Number(first.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Another address still gets its place in the line.
    const other = login(emails[5], '198.51.100.8');
    await letGo();
    const answers = await Promise.all(pending);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([401, 401, 401, 401, 429]);
    expect((await other).statusCode).toBe(401);
  });

  it('lets the owner in from another address while one address floods the login with 100 made-up emails', async () => {
    const flood = Array.from({ length: 100 }, (_, i) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: `uydurma-${i}@ornek.com`, password: 'yanlis-sifre' }, remoteAddress: '203.0.113.66' }),
    );
    const owner = ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: emails[5], password: TEST_PASSWORD }, remoteAddress: '198.51.100.20' });
    expect((await owner).statusCode).toBe(200);
    const statuses = (await Promise.all(flood)).map((r) => r.statusCode);
    expect(statuses).not.toContain(503);
    expect(statuses).toContain(429);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
  });

  it('answers 503 with Retry-After at once when the whole line is full', async () => {
    const letGo = holdLine(hashQueue.options.concurrency + hashQueue.options.maxWaiting);
    const res = await login(emails[0], '198.51.100.9');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: AUTH_MESSAGES.busyServer });
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    await letGo();
    // Once the line moves the same address is served again.
    expect((await login(emails[0], '198.51.100.9')).statusCode).toBe(401);
  });
});
