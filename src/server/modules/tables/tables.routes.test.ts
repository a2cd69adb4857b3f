import { afterAll, beforeAll, expect, it } from 'vitest';
import { diningTables, sections } from '../../db/schema';
import { createRestaurant, createTestApp, signedIn, type TestContext } from '../../test-support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

it('lists only the own restaurant’s sections in order, with their table counts', async () => {
  const mine = await createRestaurant(ctx);
  const other = await createRestaurant(ctx);
  const [bahce] = await ctx.database.db.insert(sections).values({ restaurantId: mine.id, name: 'Bahçe', sortOrder: 2 }).returning();
  const [salon] = await ctx.database.db.insert(sections).values({ restaurantId: mine.id, name: 'Salon', sortOrder: 1 }).returning();
  await ctx.database.db.insert(sections).values({ restaurantId: other.id, name: 'Teras' });
  await ctx.database.db.insert(diningTables).values([
    { restaurantId: mine.id, sectionId: salon.id, name: 'Salon 1' },
    { restaurantId: mine.id, sectionId: salon.id, name: 'Salon 2' },
  ]);
  const { cookies } = await signedIn(ctx, mine.id, 'waiter');
  const res = await ctx.app.inject({ method: 'GET', url: `/api/restaurants/${mine.id}/sections`, cookies });
  expect(res.json()).toEqual([
    { id: salon.id, name: 'Salon', tableCount: 2 },
    { id: bahce.id, name: 'Bahçe', tableCount: 0 },
  ]);
});

it('lists only the own restaurant’s tables, section by section in order, for every role', async () => {
  const mine = await createRestaurant(ctx);
  const other = await createRestaurant(ctx);
  const [bahce] = await ctx.database.db.insert(sections).values({ restaurantId: mine.id, name: 'Bahçe', sortOrder: 2 }).returning();
  const [salon] = await ctx.database.db.insert(sections).values({ restaurantId: mine.id, name: 'Salon', sortOrder: 1 }).returning();
  const [teras] = await ctx.database.db.insert(sections).values({ restaurantId: other.id, name: 'Teras' }).returning();
  await ctx.database.db.insert(diningTables).values([
    { restaurantId: mine.id, sectionId: bahce.id, name: 'Bahçe 1', seats: 2 },
    { restaurantId: mine.id, sectionId: salon.id, name: 'Salon 2', sortOrder: 2 },
    { restaurantId: mine.id, sectionId: salon.id, name: 'Salon 1', sortOrder: 1 },
    { restaurantId: other.id, sectionId: teras.id, name: 'Teras 1' },
  ]);
  const { cookies } = await signedIn(ctx, mine.id, 'kitchen');
  const res = await ctx.app.inject({ method: 'GET', url: `/api/restaurants/${mine.id}/tables`, cookies });
  expect(res.statusCode).toBe(200);
  expect(res.json().map((t: { name: string; sectionName: string; seats: number }) => [t.name, t.sectionName, t.seats])).toEqual([
    ['Salon 1', 'Salon', 4],
    ['Salon 2', 'Salon', 4],
    ['Bahçe 1', 'Bahçe', 2],
  ]);
});
