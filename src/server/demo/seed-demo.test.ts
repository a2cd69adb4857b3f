import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { PLAN_GRID, PLAN_HEIGHT, PLAN_WIDTH, type FloorResponse } from '../../shared/floor-contract';
import type { AuditChainReport } from '../../shared/audit-chain-contract';
import type { PublicMenu } from '../../shared/public-menu';
import type { TicketSummary } from '../../shared/ticket-contract';
import { createRestaurant, createTestApp, loginAs, type TestContext } from '../test-support/test-app';
import { DEMO_PASSWORD } from './demo-menu';
import { diningTables, menuItems, restaurants, sections, users } from '../db/schema';
import { seedDemo, type SeedResult } from './seed-demo';

// A cheap hash cost keeps the four demo accounts fast to create and to log into.
const SEED_PASSWORD_COST = 2 ** 10;

let ctx: TestContext;
let seed: SeedResult;

beforeAll(async () => {
  ctx = await createTestApp();
  seed = await seedDemo(ctx.app, SEED_PASSWORD_COST);
});
afterAll(() => ctx.close());

async function restaurantId(name: string) {
  const [row] = await ctx.database.db.select().from(restaurants).where(eq(restaurants.name, name));
  return row.id;
}

async function menuOf(name: string): Promise<PublicMenu> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/public/menus/${await restaurantId(name)}` });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('demo data', () => {
  it("seeds an empty database and answers Demo Lokanta's id", async () => {
    expect(seed.seeded).toBe(true);
    expect(seed.restaurantId).toBe(await restaurantId('Demo Lokanta'));
    const names = (await ctx.database.db.select({ name: restaurants.name }).from(restaurants)).map((r) => r.name).sort();
    expect(names).toEqual(['Demo Lokanta', 'İkinci Şube']);
  });

  it('gives Demo Lokanta a real menu: six or more emoji-labelled categories and thirty or more described, priced items', async () => {
    const menu = await menuOf('Demo Lokanta');
    expect(menu.restaurantInfo.name).toBe('Demo Lokanta');
    expect(menu.categories.length).toBeGreaterThanOrEqual(6);
    for (const category of menu.categories) expect(category.label).toMatch(/^\p{Extended_Pictographic}/u);
    expect(menu.menuItems.length).toBeGreaterThanOrEqual(30);
    const values = new Set(menu.categories.map((c) => c.value));
    for (const item of menu.menuItems) {
      expect(item.description?.trim()).toBeTruthy();
      expect(Number.isInteger(item.price)).toBe(true);
      expect(item.price).toBeGreaterThan(0);
      expect(values.has(item.category)).toBe(true);
    }
    // Every category has something on it.
    for (const value of values) expect(menu.menuItems.some((i) => i.category === value)).toBe(true);
  });

  it("keeps the two restaurants' menus apart", async () => {
    const demo = await menuOf('Demo Lokanta');
    const second = await menuOf('İkinci Şube');
    expect(second.restaurantInfo.name).toBe('İkinci Şube');
    expect(second.menuItems.length).toBeGreaterThan(0);
    const demoIds = new Set([...demo.categories.map((c) => c.id), ...demo.menuItems.map((i) => i.id)]);
    for (const id of [...second.categories.map((c) => c.id), ...second.menuItems.map((i) => i.id)]) {
      expect(demoIds.has(id)).toBe(false);
    }
    const secondNames = new Set(second.menuItems.map((i) => i.name));
    expect(demo.menuItems.some((i) => secondNames.has(i.name))).toBe(false);
  });

  it('lays out Salon and Bahçe with at least fourteen tables between them', async () => {
    const id = await restaurantId('Demo Lokanta');
    const rows = await ctx.database.db.select().from(sections).where(eq(sections.restaurantId, id)).orderBy(sections.sortOrder);
    expect(rows.map((s) => s.name)).toEqual(['Salon', 'Bahçe']);
    const [{ tables }] = await ctx.database.db.select({ tables: count() }).from(diningTables).where(eq(diningTables.restaurantId, id));
    expect(tables).toBeGreaterThanOrEqual(14);
  });

  it.each([
    ['owner@demo.local', 'owner', 'Demo Lokanta'],
    ['kitchen@demo.local', 'kitchen', 'Demo Lokanta'],
    ['waiter@demo.local', 'waiter', 'Demo Lokanta'],
    ['owner2@demo.local', 'owner', 'İkinci Şube'],
  ])("lets %s sign in with 'demo1234' as %s of %s", async (email, role, restaurant) => {
    expect(DEMO_PASSWORD).toBe('demo1234');
    const { user } = await loginAs(ctx, email, 'demo1234');
    expect(user).toMatchObject({ email, role, restaurantId: await restaurantId(restaurant) });
  });

  it('starts Demo Lokanta mid-service: open tickets in every table state, a takeaway and kitchen cards', async () => {
    const rid = await restaurantId('Demo Lokanta');
    const waiter = await loginAs(ctx, 'waiter@demo.local', DEMO_PASSWORD);
    const open = (await ctx.app.inject({ method: 'GET', url: `/api/restaurants/${rid}/tickets`, cookies: waiter.cookies })).json() as TicketSummary[];
    expect(open.length).toBeGreaterThanOrEqual(5);
    expect(new Set(open.map((t) => t.state))).toEqual(new Set(['open', 'waiting', 'ready', 'bill']));
    expect(open.some((t) => t.type === 'takeaway' && t.customerName)).toBe(true);
    expect(open.every((t) => t.total > 0 && t.waiterName === 'Ayşe Demir')).toBe(true);
    const floor = (await ctx.app.inject({ method: 'GET', url: `/api/restaurants/${rid}/floor`, cookies: waiter.cookies })).json() as FloorResponse;
    const placed = floor.sections.flatMap((s) => s.tables);
    // every table sits on the plan's grid, inside the plan, in its own place
    for (const t of placed) {
      expect([t.x % PLAN_GRID, t.y % PLAN_GRID]).toEqual([0, 0]);
      expect(t.x + t.width).toBeLessThanOrEqual(PLAN_WIDTH);
      expect(t.y + t.height).toBeLessThanOrEqual(PLAN_HEIGHT);
    }
    expect(new Set(placed.map((t) => `${floor.sections.find((s) => s.tables.includes(t))!.id}:${t.x}:${t.y}`)).size).toBe(placed.length);
    const cook = await loginAs(ctx, 'kitchen@demo.local', DEMO_PASSWORD);
    const cards = (await ctx.app.inject({ method: 'GET', url: `/api/restaurants/${rid}/kitchen/orders`, cookies: cook.cookies })).json() as unknown[];
    expect(cards.length).toBeGreaterThanOrEqual(2);
    const alerts = (await ctx.app.inject({ method: 'GET', url: `/api/restaurants/${rid}/kitchen/alerts`, cookies: waiter.cookies })).json() as unknown[];
    expect(alerts).toEqual([]);
    // and a few bills already closed earlier today, numbered from 1 (asked for around today, so the
    // test does not depend on the hour it runs at)
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const owner = await loginAs(ctx, 'owner@demo.local', DEMO_PASSWORD);
    const bills = (await ctx.app.inject({ method: 'GET', url: `/api/restaurants/${rid}/bills?from=${day(-1)}&to=${day(1)}`, cookies: owner.cookies })).json() as { billNumber: number; total: number }[];
    expect(bills.map((b) => b.billNumber).sort()).toEqual([1, 2, 3]);
    expect(bills.every((b) => b.total > 0)).toBe(true);
    // closed as they are dated: sealed with that time, so the records check out from the first start
    const integrity = (await ctx.app.inject({ method: 'GET', url: `/api/restaurants/${rid}/audit-chain`, cookies: owner.cookies })).json() as AuditChainReport;
    expect(integrity.firstBroken).toBeNull();
    expect(integrity.bills).toBe(3);
    // Reçeteler are filled in, so Reçete Raporu of those bills is not empty: costed dishes, the
    // ingredients they used (the Kuzu Şiş bill: 200 g of lamb), and dishes without a recipe named
    const recipes = (await ctx.app.inject({ method: 'GET', url: `/api/restaurants/${rid}/reports/recipes?from=${day(-1)}&to=${day(1)}`, cookies: owner.cookies })).json() as {
      items: { name: string; sold: number; cost: number }[];
      ingredients: { name: string; theoretical: number }[];
    };
    expect(recipes.items.map((i) => i.name)).toEqual(expect.arrayContaining(['Kuzu Şiş', 'Tavuk Sote', 'Etli Nohut', 'Humus', 'Hünkar Beğendi']));
    expect(recipes.items.every((i) => i.sold > 0 && i.cost > 0)).toBe(true);
    expect(recipes.ingredients.find((i) => i.name === 'Kuzu eti')?.theoretical).toBeGreaterThan(0);
  });

  it('does nothing when run again', async () => {
    const countRows = async () => ({
      restaurants: (await ctx.database.db.select({ n: count() }).from(restaurants))[0].n,
      users: (await ctx.database.db.select({ n: count() }).from(users))[0].n,
      items: (await ctx.database.db.select({ n: count() }).from(menuItems))[0].n,
    });
    const before = await countRows();
    const again = await seedDemo(ctx.app, SEED_PASSWORD_COST);
    expect(again).toEqual({ seeded: false, restaurantId: await restaurantId('Demo Lokanta') });
    expect(await countRows()).toEqual(before);
  });
});

describe('demo data on a database already in use', () => {
  it('is not seeded when any restaurant exists', async () => {
    const other = await createTestApp();
    try {
      await createRestaurant(other, 'Gerçek Lokanta');
      expect(await seedDemo(other.app, SEED_PASSWORD_COST)).toEqual({ seeded: false, restaurantId: undefined });
      const names = (await other.database.db.select({ name: restaurants.name }).from(restaurants)).map((r) => r.name);
      expect(names).toEqual(['Gerçek Lokanta']);
      expect((await other.database.db.select({ n: count() }).from(users))[0].n).toBe(0);
    } finally {
      await other.close();
    }
  });
});
