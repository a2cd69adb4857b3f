import { eq, sql } from 'drizzle-orm';
import { auditEvents, restaurants } from './schema';
import { createTestApp, type TestContext } from '../test-support/test-app';
import { restaurantFactory } from '../test-support/factories';

/*
 * The audit log is append-only in the database itself, so no API — present or future, nor a
 * mistaken query — can edit or delete what happened.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function auditedRestaurant() {
  const restaurant = await restaurantFactory(ctx);
  const [row] = await ctx.database.db
    .insert(auditEvents)
    .values({ restaurantId: restaurant.id, action: 'ticket.payment', entity: 'ticket', entityId: 'x', after: { amount: 100 } })
    .returning();
  return { restaurant, row };
}

describe('audit rows', () => {
  it('can be added but never updated', async () => {
    const { row } = await auditedRestaurant();
    await expect(ctx.database.db.update(auditEvents).set({ reason: 'sonradan' }).where(eq(auditEvents.id, row.id))).rejects.toThrow();
    const [kept] = await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.id, row.id));
    expect(kept.reason).toBeNull();
  });

  it('can never be deleted or truncated while their restaurant exists', async () => {
    const { row } = await auditedRestaurant();
    await expect(ctx.database.db.delete(auditEvents).where(eq(auditEvents.id, row.id))).rejects.toThrow();
    await expect(ctx.database.db.execute(sql`truncate audit_events`)).rejects.toThrow();
    expect(await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.id, row.id))).toHaveLength(1);
  });

  it('go with their restaurant when the whole restaurant is deleted', async () => {
    const { restaurant, row } = await auditedRestaurant();
    await ctx.database.db.delete(restaurants).where(eq(restaurants.id, restaurant.id));
    expect(await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.id, row.id))).toHaveLength(0);
  });
});
