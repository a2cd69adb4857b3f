import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/errors';
import { publicMenu } from '../../../shared/public-menu';
import { menuCategories, menuItems } from '../../db/schema';
import { createRestaurant, createTestApp, type TestContext } from '../../test-support/test-app';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const fetchMenu = (restaurantId: string) => ctx.app.inject({ method: 'GET', url: `/api/public/menus/${restaurantId}` });

async function addCategory(restaurantId: string, values: { icon: string; name: string; sortOrder: number; isVisible?: boolean }) {
  const [row] = await ctx.database.db.insert(menuCategories).values({ restaurantId, ...values }).returning();
  return row;
}

async function addItem(
  restaurantId: string,
  categoryId: string,
  values: { name: string; priceKurus: number; description?: string | null; sortOrder?: number; isAvailable?: boolean },
) {
  const [row] = await ctx.database.db.insert(menuItems).values({ restaurantId, categoryId, ...values }).returning();
  return row;
}

describe('public menu', () => {
  it('is served without signing in, in the shape of the spec, with prices in integer kuruş', async () => {
    const restaurant = await createRestaurant(ctx, 'Çınar Lokantası');
    const soups = await addCategory(restaurant.id, { icon: '🍲', name: 'Çorbalar', sortOrder: 0 });
    const lentil = await addItem(restaurant.id, soups.id, { name: 'Mercimek Çorbası', description: 'Limon ve kıtır ekmekle', priceKurus: 12550 });

    const res = await fetchMenu(restaurant.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual({
      restaurantInfo: { name: 'Çınar Lokantası' },
      categories: [{ id: soups.id, label: '🍲 Çorbalar', value: soups.id }],
      menuItems: [{ id: lentil.id, name: 'Mercimek Çorbası', description: 'Limon ve kıtır ekmekle', price: 12550, category: soups.id }],
    });
    expect(publicMenu.strict().safeParse(res.json()).success).toBe(true);
  });

  it('lists categories in their sort order and ties every item to a listed category value', async () => {
    const restaurant = await createRestaurant(ctx);
    const desserts = await addCategory(restaurant.id, { icon: '🍮', name: 'Tatlılar', sortOrder: 3 });
    const soups = await addCategory(restaurant.id, { icon: '🍲', name: 'Çorbalar', sortOrder: 1 });
    const grills = await addCategory(restaurant.id, { icon: '🔥', name: 'Izgaralar', sortOrder: 2 });
    await addItem(restaurant.id, desserts.id, { name: 'Sütlaç', priceKurus: 9000 });
    await addItem(restaurant.id, soups.id, { name: 'Ezogelin', priceKurus: 8000 });
    await addItem(restaurant.id, grills.id, { name: 'Adana Kebap', priceKurus: 42000 });

    const menu = (await fetchMenu(restaurant.id)).json();
    expect(menu.categories.map((c: { label: string }) => c.label)).toEqual(['🍲 Çorbalar', '🔥 Izgaralar', '🍮 Tatlılar']);
    const values = new Set(menu.categories.map((c: { value: string }) => c.value));
    expect(menu.menuItems).toHaveLength(3);
    for (const item of menu.menuItems) {
      expect(values.has(item.category)).toBe(true);
      expect(Number.isInteger(item.price)).toBe(true);
    }
    expect(menu.menuItems.find((i: { name: string }) => i.name === 'Adana Kebap').category).toBe(grills.id);
  });

  it('leaves out hidden categories with their items, and unavailable items', async () => {
    const restaurant = await createRestaurant(ctx);
    const visible = await addCategory(restaurant.id, { icon: '🥗', name: 'Mezeler', sortOrder: 0 });
    const hidden = await addCategory(restaurant.id, { icon: '🍷', name: 'Gizli Kategori', sortOrder: 1, isVisible: false });
    const haydari = await addItem(restaurant.id, visible.id, { name: 'Haydari', priceKurus: 7000 });
    await addItem(restaurant.id, visible.id, { name: 'Tükenen Meze', priceKurus: 7500, isAvailable: false });
    await addItem(restaurant.id, hidden.id, { name: 'Gizli Ürün', priceKurus: 10000 });

    const res = await fetchMenu(restaurant.id);
    const menu = res.json();
    expect(menu.categories.map((c: { id: string }) => c.id)).toEqual([visible.id]);
    expect(menu.menuItems.map((i: { id: string }) => i.id)).toEqual([haydari.id]);
    expect(res.body).not.toContain('Gizli');
    expect(res.body).not.toContain('Tükenen');
  });

  it('omits the description when the item has none', async () => {
    const restaurant = await createRestaurant(ctx);
    const drinks = await addCategory(restaurant.id, { icon: '🥤', name: 'İçecekler', sortOrder: 0 });
    await addItem(restaurant.id, drinks.id, { name: 'Ayran', priceKurus: 3500, description: null, sortOrder: 0 });
    await addItem(restaurant.id, drinks.id, { name: 'Şalgam', priceKurus: 4000, description: 'Acılı', sortOrder: 1 });

    const [ayran, salgam] = (await fetchMenu(restaurant.id)).json().menuItems;
    expect(ayran.name).toBe('Ayran');
    expect(ayran).not.toHaveProperty('description');
    expect(salgam.description).toBe('Acılı');
  });

  it('answers a restaurant without a menu with its name and empty lists', async () => {
    const restaurant = await createRestaurant(ctx, 'Boş Lokanta');
    const res = await fetchMenu(restaurant.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ restaurantInfo: { name: 'Boş Lokanta' }, categories: [], menuItems: [] });
  });

  it("never shows one restaurant's categories or items on another's menu", async () => {
    const first = await createRestaurant(ctx);
    const second = await createRestaurant(ctx);
    const a = await addCategory(first.id, { icon: '🍲', name: 'Birinci Çorbalar', sortOrder: 0 });
    const b = await addCategory(second.id, { icon: '🍲', name: 'İkinci Çorbalar', sortOrder: 0 });
    const itemA = await addItem(first.id, a.id, { name: 'Birinci Çorba', priceKurus: 1000 });
    const itemB = await addItem(second.id, b.id, { name: 'İkinci Çorba', priceKurus: 2000 });

    const menuA = (await fetchMenu(first.id)).json();
    const menuB = (await fetchMenu(second.id)).json();
    expect(menuA.categories.map((c: { id: string }) => c.id)).toEqual([a.id]);
    expect(menuA.menuItems.map((i: { id: string }) => i.id)).toEqual([itemA.id]);
    expect(menuB.categories.map((c: { id: string }) => c.id)).toEqual([b.id]);
    expect(menuB.menuItems.map((i: { id: string }) => i.id)).toEqual([itemB.id]);
  });

  it('answers 404 with a Turkish error for an unknown restaurant id', async () => {
    const res = await fetchMenu('9b2f6a9e-1c1d-4c1e-8f0a-2f6d0b1c2d3e');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: MESSAGES.restaurantNotFound });
  });

  it.each(['abc', '123', "1'%20OR%20'1'='1", '00000000-0000-0000-0000-00000000000Z', 'x'.repeat(90)])(
    'answers 404, never 500, for the malformed id %j',
    async (id) => {
      const res = await fetchMenu(id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: MESSAGES.restaurantNotFound });
    },
  );

  it('answers an id too long for the router with a Turkish 414, not a 500', async () => {
    const res = await fetchMenu('x'.repeat(300));
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ error: 'İstek adresi çok uzun' });
    expect(res.body).not.toContain('xxxx');
  });
});
