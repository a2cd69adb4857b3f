import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { idempotencyKeys, memberships } from '../db/schema';
import { createRestaurant, createTestApp, createUser, loginAs, type TestContext } from '../test-support/test-app';
import { IDEMPOTENCY_MESSAGES, LEASE_MS, markClaimApplied, requestHashOf } from './idempotency';

/**
 * A server killed while it handles a keyed request leaves its claim "in progress". The claim
 * belongs to that process (boot id + lease): a retry after a restart, or after the lease ran out,
 * takes it over and runs once. The crash is played by writing the dead process's claim row
 * exactly as the plugin writes it; idempotency-fault.test.ts does it with a real kill -9.
 */

let clock = new Date('2026-11-22T10:00:00Z');
let ctx: TestContext;
/** a second server on the same database that knows it is the only one (PGlite's locked data dir) */
let restarted: App;
let restaurantId: string;
let cookies: Record<string, string>;

beforeAll(async () => {
  // The shared-database case: other boot ids may belong to live servers.
  ctx = await createTestApp({ idempotency: { bootId: 'boot-shared', now: () => clock, exclusiveDatabase: false } });
  restarted = await buildApp({
    database: ctx.database,
    config: { cookieSecure: 'auto', trustProxy: false },
    clientDir: '/nonexistent',
    idempotency: { bootId: 'boot-after-restart', now: () => clock, exclusiveDatabase: true },
  });
  await restarted.ready();
  restaurantId = (await createRestaurant(ctx)).id;
  const owner = await createUser(ctx, { restaurantId, role: 'owner' });
  cookies = (await loginAs(ctx, owner.email)).cookies;
});
afterAll(async () => {
  await restarted.close();
  await ctx.close();
});

const url = () => `/api/restaurants/${restaurantId}/staff`;
const body = (email: string) => JSON.stringify({ name: 'Yeniden Deneyen', email, role: 'waiter', password: 'servis-2026' });
const addStaff = (app: App, key: string, email: string) =>
  app.inject({ method: 'POST', url: url(), cookies, headers: { 'idempotency-key': key, 'content-type': 'application/json' }, payload: body(email) });
const staffCount = async () => (await ctx.database.db.select().from(memberships).where(eq(memberships.restaurantId, restaurantId))).length;

/** The row a process writes when it claims a key, left behind as if it died right after. */
async function claimOfDeadProcess(key: string, email: string, more: Partial<typeof idempotencyKeys.$inferInsert> = {}) {
  const [owner] = await ctx.database.db.select().from(memberships).where(eq(memberships.restaurantId, restaurantId));
  await ctx.database.db.insert(idempotencyKeys).values({
    restaurantId,
    key,
    userId: owner.userId,
    route: 'POST /api/restaurants/:restaurantId/staff',
    requestHash: requestHashOf(url(), body(email)),
    ownerBootId: 'boot-that-died',
    leaseUntil: new Date(clock.getTime() + LEASE_MS),
    createdAt: clock,
    ...more,
  });
}

describe('Idempotency-Key after a crash', () => {
  it('after a restart, a retry takes over the dead process’s claim and runs once; the next retry replays it', async () => {
    await claimOfDeadProcess('cokme-0001-abcdef', 'cokme1@lokanta.test');
    const before = await staffCount();
    const retry = await addStaff(restarted, 'cokme-0001-abcdef', 'cokme1@lokanta.test');
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replay']).toBeUndefined();
    const again = await addStaff(restarted, 'cokme-0001-abcdef', 'cokme1@lokanta.test');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replay']).toBe('true');
    expect(again.json()).toEqual(retry.json());
    expect(await staffCount()).toBe(before + 1);
  });

  it('on a shared database a live-looking claim is respected until its lease runs out, then taken over once', async () => {
    await claimOfDeadProcess('cokme-0002-abcdef', 'cokme2@lokanta.test');
    const before = await staffCount();
    const early = await addStaff(ctx.app, 'cokme-0002-abcdef', 'cokme2@lokanta.test');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ error: IDEMPOTENCY_MESSAGES.inProgress });

    clock = new Date(clock.getTime() + LEASE_MS + 1000);
    const [a, b] = await Promise.all([
      addStaff(ctx.app, 'cokme-0002-abcdef', 'cokme2@lokanta.test'),
      addStaff(ctx.app, 'cokme-0002-abcdef', 'cokme2@lokanta.test'),
    ]);
    expect([a.statusCode, b.statusCode]).toContain(201);
    expect(await staffCount()).toBe(before + 1);
  });

  it('a takeover needs the same body: another body with the dead claim’s key is still refused', async () => {
    await claimOfDeadProcess('cokme-0003-abcdef', 'cokme3@lokanta.test');
    const other = await addStaff(restarted, 'cokme-0003-abcdef', 'baska@lokanta.test');
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ error: IDEMPOTENCY_MESSAGES.reused });
  });

  it('a change that committed before the crash is never run again, even though its answer was lost', async () => {
    await claimOfDeadProcess('cokme-0004-abcdef', 'cokme4@lokanta.test', { appliedAt: clock });
    const before = await staffCount();
    const retry = await addStaff(restarted, 'cokme-0004-abcdef', 'cokme4@lokanta.test');
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toEqual({ error: IDEMPOTENCY_MESSAGES.appliedWithoutAnswer });
    expect(await staffCount()).toBe(before);
  });

  it('a request that committed but has not stored its answer yet is "still in progress" to a retry, not lost', async () => {
    // The same process, alive, between its commit and its answer (a double tap hits this window).
    await claimOfDeadProcess('cokme-0006-abcdef', 'cokme6@lokanta.test', { appliedAt: clock, ownerBootId: 'boot-after-restart' });
    const sameProcess = await addStaff(restarted, 'cokme-0006-abcdef', 'cokme6@lokanta.test');
    expect(sameProcess.statusCode).toBe(409);
    expect(sameProcess.json()).toEqual({ error: IDEMPOTENCY_MESSAGES.inProgress });
    // On a shared database another live server's claim is the same, until its lease runs out.
    await claimOfDeadProcess('cokme-0007-abcdef', 'cokme7@lokanta.test', { appliedAt: clock });
    const shared = await addStaff(ctx.app, 'cokme-0007-abcdef', 'cokme7@lokanta.test');
    expect(shared.json()).toEqual({ error: IDEMPOTENCY_MESSAGES.inProgress });
    clock = new Date(clock.getTime() + LEASE_MS + 1000);
    const afterLease = await addStaff(ctx.app, 'cokme-0007-abcdef', 'cokme7@lokanta.test');
    expect(afterLease.json()).toEqual({ error: IDEMPOTENCY_MESSAGES.appliedWithoutAnswer });
  });

  it('marks the claim applied in the command’s transaction, and a process that lost its claim cannot commit', async () => {
    const first = await addStaff(ctx.app, 'cokme-0005-abcdef', 'cokme5@lokanta.test');
    expect(first.statusCode).toBe(201);
    const [row] = await ctx.database.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.restaurantId, restaurantId), eq(idempotencyKeys.key, 'cokme-0005-abcdef')));
    expect(row.appliedAt).not.toBeNull();
    expect(row.ownerBootId).toBe('boot-shared');

    const lost = markClaimApplied(ctx.database.db, { restaurantId, key: 'cokme-0005-abcdef', bootId: 'boot-that-lost-it' }, clock);
    await expect(lost).rejects.toMatchObject({ statusCode: 409 });
  });

  it("scopes keys to the restaurant: B's retry of its own key replays B's answer after A used the same key", async () => {
    const other = await createRestaurant(ctx);
    const bOwner = await createUser(ctx, { restaurantId: other.id, role: 'owner' });
    const bCookies = (await loginAs(ctx, bOwner.email)).cookies;
    const a = await addStaff(ctx.app, 'ortak-anahtar-77', 'a-restorani@lokanta.test');
    expect(a.statusCode).toBe(201);
    const bSend = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/restaurants/${other.id}/staff`,
        cookies: bCookies,
        headers: { 'idempotency-key': 'ortak-anahtar-77' },
        payload: { name: 'B Garsonu', email: 'b-restorani@komsu.test', role: 'waiter', password: 'servis-2026' },
      });
    const bFirst = await bSend();
    expect(bFirst.statusCode).toBe(201);
    expect(bFirst.json().staff.email).toBe('b-restorani@komsu.test');
    const bRetry = await bSend();
    expect(bRetry.statusCode).toBe(201);
    expect(bRetry.headers['idempotent-replay']).toBe('true');
    expect(bRetry.json()).toEqual(bFirst.json());
  });
});
