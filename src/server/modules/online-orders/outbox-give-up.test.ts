import { eq } from 'drizzle-orm';
import { platformOutbox } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { retryDelayMs } from './platform-outbox';
import { FAST, authOf, connected, deliver, fake, inbox } from './platforms-test-kit';
import { GETIR_ORDER } from './platforms/fixtures';

/*
 * The platform outbox's retry rules (platform-outbox.ts): a call is given up ('dead') after exactly
 * maxAttempts failures, and a platform that refuses our token (401/403) is logged in to afresh on
 * the next try instead of reusing the refused login for 20 minutes. The platform here is a scripted
 * fetch: each answer is chosen by the test, so no server or clock is involved; a row is made due
 * again by moving its next attempt into the past.
 */

const MAX_ATTEMPTS = 3;

/** What the scripted platform answers to the order call (the login always succeeds). */
const script = { orderStatus: 503, calls: [] as string[] };
const scriptedFetch: typeof fetch = async (input) => {
  const path = new URL(String(input)).pathname;
  script.calls.push(path);
  if (path === '/auth/login') return new Response(JSON.stringify({ token: `getir-token-${script.calls.length}` }), { status: 200, headers: { 'content-type': 'application/json' } });
  return new Response(script.orderStatus === 200 ? '{}' : 'hata', { status: script.orderStatus });
};

let ctx: TestContext;
beforeAll(async () => {
  fake.baseUrl = 'https://getir.platform.test';
  ctx = await createTestApp({ platforms: { ...FAST, maxAttempts: MAX_ATTEMPTS, fetch: scriptedFetch } });
});
afterAll(async () => ctx?.close());
beforeEach(() => {
  script.calls.length = 0;
  script.orderStatus = 503;
});
// a call one test left unfinished must not be sent in the next one's drains
afterEach(async () => {
  await ctx.app.platformOutbox.settled();
  await ctx.database.db.delete(platformOutbox);
});

/** An accepted Getir order: its 'accept' call is in the outbox and has been tried once. */
async function acceptedOrder(externalId: string) {
  const { restaurant, owner } = await connected(ctx, 'getir');
  const delivered = await deliver(ctx, 'getir', restaurant.id, { ...GETIR_ORDER, id: externalId }, authOf('getir'));
  expect(delivered.statusCode, delivered.body).toBe(201);
  const [order] = (await inbox(owner)).filter((o) => o.externalId === externalId);
  expect((await owner('POST', `/online-orders/${order.id}/accept`, { prepMinutes: 20 })).statusCode).toBe(200);
  await ctx.app.platformOutbox.settled();
  const row = async () => (await ctx.database.db.select().from(platformOutbox).where(eq(platformOutbox.restaurantId, restaurant.id)))[0];
  /** one more try, now (its backoff skipped by making it due) */
  const retry = async () => {
    await ctx.database.db.update(platformOutbox).set({ nextAttemptAt: new Date(0) }).where(eq(platformOutbox.restaurantId, restaurant.id));
    await ctx.app.platformOutbox.drain();
  };
  return { row, retry };
}

describe('the outbox waits between tries', () => {
  it('twice as long after each failure, never longer than its ceiling (10 s doubling up to 10 min by default)', () => {
    const defaults = { baseDelayMs: 10_000, maxDelayMs: 10 * 60_000 };
    expect([1, 2, 3, 6].map((n) => retryDelayMs(n, defaults))).toEqual([10_000, 20_000, 40_000, 320_000]);
    expect(retryDelayMs(7, defaults)).toBe(10 * 60_000);
    expect(retryDelayMs(29, defaults)).toBe(10 * 60_000);
  });
});

describe('the outbox gives a call up', () => {
  it('after exactly maxAttempts failures: still retried one attempt before, dead at the last', async () => {
    const { row, retry } = await acceptedOrder('getir-give-up-1');
    expect(await row()).toMatchObject({ kind: 'accept', status: 'failing', attempts: 1 });
    for (let attempt = 2; attempt < MAX_ATTEMPTS; attempt++) {
      await retry();
      expect(await row()).toMatchObject({ status: 'failing', attempts: attempt });
    }
    await retry();
    expect(await row()).toMatchObject({ status: 'dead', attempts: MAX_ATTEMPTS, lastError: expect.stringContaining('503') });
    // a dead call is not tried again
    const callsBefore = script.calls.length;
    await retry();
    expect(script.calls.length).toBe(callsBefore);
    expect((await row()).attempts).toBe(MAX_ATTEMPTS);
  });
});

describe('the outbox logs in again', () => {
  it.each([401, 403])('after the platform refuses the call with %i, instead of reusing the refused token', async (refusal) => {
    script.orderStatus = refusal;
    const { row, retry } = await acceptedOrder(`getir-relogin-${refusal}`);
    expect(script.calls).toEqual(['/auth/login', `/food-orders/getir-relogin-${refusal}/verify`]);
    script.orderStatus = 200;
    await retry();
    expect(script.calls).toEqual(['/auth/login', `/food-orders/getir-relogin-${refusal}/verify`, '/auth/login', `/food-orders/getir-relogin-${refusal}/verify`]);
    expect(await row()).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('but keeps its login when the platform only fails (503): the token was not refused', async () => {
    const { retry } = await acceptedOrder('getir-keep-login-1');
    script.orderStatus = 200;
    await retry();
    expect(script.calls).toEqual(['/auth/login', '/food-orders/getir-keep-login-1/verify', '/food-orders/getir-keep-login-1/verify']);
  });
});
