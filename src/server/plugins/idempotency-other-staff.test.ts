import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ticket } from '../../shared/ticket-contract';
import { tickets } from '../db/schema';
import { createTestApp, signedIn, staffedRestaurant, type TestContext } from '../test-support/test-app';
import { IDEMPOTENCY_MESSAGES } from './idempotency';

/*
 * An Idempotency-Key belongs to the person who sent it first (idempotency.ts earlierUse): the same
 * key with the same body from another member of staff is refused with 409, never answered with the
 * first person's stored result — that answer is theirs (their ticket, in their name), and two
 * devices that happen to make the same key must not silently share one write.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('the same Idempotency-Key and body', () => {
  it('from another staff member answers 409 and writes nothing; the first sender still gets the replay', async () => {
    const r = await staffedRestaurant(ctx);
    const colleague = await signedIn(ctx, r.id, 'waiter', { name: 'Diğer Garson' });
    const body = { type: 'takeaway', customer: { name: 'Ali Bey' } };
    const open = (who: { cookies: Record<string, string> }) =>
      ctx.app.inject({ method: 'POST', url: `/api/restaurants/${r.id}/tickets`, cookies: who.cookies, headers: { 'idempotency-key': 'gel-al-0001-abcdef' }, payload: body });

    const first = await open(r.waiter);
    expect(first.statusCode, first.body).toBe(201);
    expect((first.json() as Ticket).waiterId).toBe(r.waiter.user.id);

    const other = await open(colleague);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ error: IDEMPOTENCY_MESSAGES.reused });
    expect(other.headers['idempotent-replay']).toBeUndefined();
    expect(await ctx.database.db.select().from(tickets).where(eq(tickets.restaurantId, r.id))).toHaveLength(1);

    const retry = await open(r.waiter);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replay']).toBe('true');
    expect(retry.json()).toEqual(first.json());
  });
});
