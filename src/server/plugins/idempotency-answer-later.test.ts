import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { idempotencyKeys, memberships } from '../db/schema';
import { appWithOwner, type TestContext } from '../test-support/test-app';

// PostgreSQL only: the test holds a lock on one connection while the app works on others, which the
// embedded single-connection PGlite cannot do (it would wait for itself). CI runs it on PostgreSQL.
describe.skipIf(!process.env.TEST_DATABASE_URL)('a keyed command answers before its answer is stored', () => {
  let ctx: TestContext;
  let restaurantId: string;
  let cookies: Record<string, string>;

  beforeAll(async () => {
    ({ ctx, restaurantId, owner: { cookies } } = await appWithOwner());
    // Storing an answer waits for advisory lock 4242 while the test holds it: the window between
    // "answered" and "stored", which is otherwise a millisecond, stays open until the test is done.
    await ctx.database.db.execute(sql`
      create function hold_answer() returns trigger language plpgsql as $$
      begin
        if new.status_code is not null and old.status_code is null then
          perform pg_advisory_lock(4242);
          perform pg_advisory_unlock(4242);
        end if;
        return new;
      end $$`);
    await ctx.database.db.execute(sql`create trigger hold_answer before update on idempotency_keys for each row execute function hold_answer()`);
  });
  afterAll(() => ctx.close());

  const addStaff = (key: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/restaurants/${restaurantId}/staff`,
      cookies,
      headers: { 'idempotency-key': key },
      payload: { name: 'Hızlı Yanıt', email: 'hizli@lokanta.test', role: 'waiter', password: 'servis-2026' },
    });

  it('a retry in that window gets the same answer, and the command ran once', async () => {
    const key = 'yanit-sonra-0001';
    const staffCount = async () => (await ctx.database.db.select().from(memberships).where(eq(memberships.restaurantId, restaurantId))).length;
    const before = await staffCount();
    await ctx.database.db.transaction(async (holder) => {
      await holder.execute(sql`select pg_advisory_xact_lock(4242)`);
      const first = await addStaff(key);
      expect(first.statusCode).toBe(201);
      // answered while its row is applied but still without the answer
      const [row] = await ctx.database.db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.restaurantId, restaurantId), eq(idempotencyKeys.key, key)));
      expect(row.appliedAt).not.toBeNull();
      expect(row.statusCode).toBeNull();

      const retry = await addStaff(key);
      expect(retry.statusCode).toBe(201);
      expect(retry.headers['idempotent-replay']).toBe('true');
      expect(retry.json()).toEqual(first.json());
    });
    expect(await staffCount()).toBe(before + 1);
    // once the lock is let go the answer lands, and a later retry reads it from the row
    const later = await addStaff(key);
    expect(later.headers['idempotent-replay']).toBe('true');
    await vi.waitFor(
      async () => {
        const [stored] = await ctx.database.db
          .select({ statusCode: idempotencyKeys.statusCode })
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.restaurantId, restaurantId), eq(idempotencyKeys.key, key)));
        expect(stored.statusCode).toBe(201);
      },
      { timeout: 10_000, interval: 50 },
    );
  });
});
