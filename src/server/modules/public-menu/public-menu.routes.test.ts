import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/errors';
import { publicMenu } from '../../../shared/public-menu';
import { menuCategories, menuItemOptionGroups, menuItems, optionGroups, options } from '../../db/schema';
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

  it("lists each item's option groups in the item's order, with the min and max the order check applies", async () => {
    const restaurant = await createRestaurant(ctx, 'Seçenekli Lokanta');
    const grills = await addCategory(restaurant.id, { icon: '🔥', name: 'Izgaralar', sortOrder: 0 });
    const adana = await addItem(restaurant.id, grills.id, { name: 'Adana', priceKurus: 38000, sortOrder: 0 });
    const plain = await addItem(restaurant.id, grills.id, { name: 'Sade Pilav', priceKurus: 9000, sortOrder: 1 });
    const db = ctx.database.db;
    // rows as an older client could leave them: a required group with no minimum, a maximum of 0
    const [portion] = await db.insert(optionGroups).values({ restaurantId: restaurant.id, name: 'Porsiyon', isRequired: true, minChoices: 0, maxChoices: 0, sortOrder: 0 }).returning();
    const [extras] = await db.insert(optionGroups).values({ restaurantId: restaurant.id, name: 'Ekstralar', isMultiple: true, isRequired: false, minChoices: 0, maxChoices: 3, sortOrder: 1 }).returning();
    const [sides] = await db.insert(optionGroups).values({ restaurantId: restaurant.id, name: 'Yanında', isMultiple: true, isRequired: true, minChoices: 2, maxChoices: 2, sortOrder: 2 }).returning();
    const [large, single] = await db
      .insert(options)
      .values([
        { groupId: portion.id, name: '1,5', priceKurus: 15000, sortOrder: 1 },
        { groupId: portion.id, name: '1', priceKurus: 0, sortOrder: 0 },
      ])
      .returning();
    const [cheese] = await db.insert(options).values({ groupId: extras.id, name: 'Kaşar', priceKurus: 2500, sortOrder: 0 }).returning();
    const [rice, salad] = await db
      .insert(options)
      .values([
        { groupId: sides.id, name: 'Pilav', priceKurus: 0, sortOrder: 0 },
        { groupId: sides.id, name: 'Salata', priceKurus: 0, sortOrder: 1 },
      ])
      .returning();
    // the item shows its groups in its own link order, not the groups' list order
    await db.insert(menuItemOptionGroups).values([
      { itemId: adana.id, groupId: extras.id, sortOrder: 0 },
      { itemId: adana.id, groupId: portion.id, sortOrder: 1 },
      { itemId: adana.id, groupId: sides.id, sortOrder: 2 },
    ]);

    const res = await fetchMenu(restaurant.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().menuItems).toEqual([
      {
        id: adana.id,
        name: 'Adana',
        price: 38000,
        category: grills.id,
        optionGroups: [
          { id: extras.id, name: 'Ekstralar', min: 0, max: 3, options: [{ id: cheese.id, name: 'Kaşar', price: 2500 }] },
          { id: portion.id, name: 'Porsiyon', min: 1, max: 1, options: [{ id: single.id, name: '1', price: 0 }, { id: large.id, name: '1,5', price: 15000 }] },
          { id: sides.id, name: 'Yanında', min: 2, max: 2, options: [{ id: rice.id, name: 'Pilav', price: 0 }, { id: salad.id, name: 'Salata', price: 0 }] },
        ],
      },
      { id: plain.id, name: 'Sade Pilav', price: 9000, category: grills.id },
    ]);
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
