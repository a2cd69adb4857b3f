import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../db/schema';
import { appWithOwner, createRestaurant, createUser, loginAs, type TestContext } from '../test-support/test-app';
import { IDEMPOTENCY_MESSAGES } from './idempotency';

let ctx: TestContext;
let restaurantId: string;
let cookies: Record<string, string>;

beforeAll(async () => {
  ({ ctx, restaurantId, owner: { cookies } } = await appWithOwner());
});
afterAll(() => ctx.close());

const addStaff = (key: string | undefined, email: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/restaurants/${restaurantId}/staff`,
    cookies,
    headers: key ? { 'idempotency-key': key } : {},
    payload: { name: 'Tekrar Eden', email, role: 'waiter', password: 'servis-2026' },
  });

const staffCount = async () =>
  (await ctx.database.db.select().from(memberships).where(eq(memberships.restaurantId, restaurantId))).length;

describe('Idempotency-Key', () => {
  it('a retried POST with the same key creates one record and replays the first answer', async () => {
    const before = await staffCount();
    const first = await addStaff('kayit-0001-abcdef', 'tekrar@lokanta.test');
    const retry = await addStaff('kayit-0001-abcdef', 'tekrar@lokanta.test');
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replay']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await staffCount()).toBe(before + 1);
  });

  it('refuses the same key with a different body, changing nothing', async () => {
    await addStaff('kayit-0002-abcdef', 'ilk@lokanta.test');
    const before = await staffCount();
    const other = await addStaff('kayit-0002-abcdef', 'baska@lokanta.test');
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ error: IDEMPOTENCY_MESSAGES.reused });
    expect(await staffCount()).toBe(before);
  });

  it('replays a refusal too: the answer is the same however often it is asked', async () => {
    await addStaff(undefined, 'var@lokanta.test');
    const a = await addStaff('kayit-0003-abcdef', 'var@lokanta.test');
    const b = await addStaff('kayit-0003-abcdef', 'var@lokanta.test');
    expect(a.statusCode).toBe(409);
    expect(b.statusCode).toBe(409);
    expect(b.json()).toEqual(a.json());
  });

  it('two overlapping requests with one key create one record; the other is told to wait or gets the replay', async () => {
    const before = await staffCount();
    const answers = await Promise.all([
      addStaff('kayit-0004-abcdef', 'ayni-anda@lokanta.test'),
      addStaff('kayit-0004-abcdef', 'ayni-anda@lokanta.test'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual(expect.arrayContaining([201]));
    for (const a of answers) {
      if (a.statusCode !== 201) expect(a.json()).toEqual({ error: IDEMPOTENCY_MESSAGES.inProgress });
    }
    expect(await staffCount()).toBe(before + 1);
  });

  it('rejects a malformed key with a Turkish 400', async () => {
    const res = await addStaff('kısa', 'x@lokanta.test');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: IDEMPOTENCY_MESSAGES.badKey });
  });

  it('without a key, POSTs behave as before', async () => {
    const before = await staffCount();
    expect((await addStaff(undefined, 'anahtarsiz@lokanta.test')).statusCode).toBe(201);
    expect(await staffCount()).toBe(before + 1);
  });

  it("keeps keys per restaurant: another restaurant's same key is its own", async () => {
    const other = await createRestaurant(ctx);
    const owner = await createUser(ctx, { restaurantId: other.id, role: 'owner' });
    const otherCookies = (await loginAs(ctx, owner.email)).cookies;
    await addStaff('ortak-anahtar-01', 'bir@lokanta.test');
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/restaurants/${other.id}/staff`,
      cookies: otherCookies,
      headers: { 'idempotency-key': 'ortak-anahtar-01' },
      payload: { name: 'Komşu', email: 'iki@komsu.test', role: 'waiter', password: 'servis-2026' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['idempotent-replay']).toBeUndefined();
  });
});
