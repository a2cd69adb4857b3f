import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuFactory, restaurantFactory, tablesFactory } from './factories';
import { createTestApp, signedIn, staffedRestaurant, type TestContext } from './test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('test factories', () => {
  it('make a restaurant whose staff sign in with their role', async () => {
    const r = await staffedRestaurant(ctx, 'Fabrika Lokantası');
    expect(r.name).toBe('Fabrika Lokantası');
    for (const [role, who] of [['owner', r.owner], ['kitchen', r.kitchen], ['waiter', r.waiter]] as const) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/session', cookies: who.cookies });
      expect(res.json()).toMatchObject({ role, restaurantId: r.id, uid: who.user.id });
    }
  });

  it('make a menu the API reads back: a category, its items and a linked option group', async () => {
    const { id } = await restaurantFactory(ctx);
    const { cookies } = await signedIn(ctx, id, 'waiter');
    const made = await menuFactory(ctx, id);
    const menu = (await ctx.app.inject({ method: 'GET', url: `/api/restaurants/${id}/menu`, cookies })).json();
    expect(menu.categories.map((c: { id: string }) => c.id)).toEqual([made.category.id]);
    expect(menu.items.map((i: { name: string; priceKurus: number }) => [i.name, i.priceKurus])).toEqual([
      ['Mercimek', 9000],
      ['Ezogelin', 9500],
    ]);
    expect(menu.items[0].optionGroupIds).toEqual([made.optionGroup!.id]);
    expect(menu.optionGroups[0].options.map((o: { name: string }) => o.name)).toEqual(['1', '1,5']);
  });

  it('make sections with numbered tables the API lists in order', async () => {
    const { id } = await restaurantFactory(ctx);
    const { cookies } = await signedIn(ctx, id, 'owner');
    const made = await tablesFactory(ctx, id, [
      { name: 'Salon', tables: 2 },
      { name: 'Bahçe', tables: 1 },
    ]);
    expect(made.tables).toHaveLength(3);
    const tables = (await ctx.app.inject({ method: 'GET', url: `/api/restaurants/${id}/tables`, cookies })).json();
    expect(tables.map((t: { name: string }) => t.name)).toEqual(['Salon 1', 'Salon 2', 'Bahçe 1']);
  });
});
