import { and, asc, eq, like } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { auditEvents, menuCategories, menuItems, optionGroups, options } from '../../db/schema';
import { signedIn, staffedRestaurant, type TestContext } from '../../test-support/test-app';

/** Shared set-up for the menu API tests: a restaurant with a signed-in account per role. */

export type Cookies = Record<string, string>;

/** An option group request: a required single choice of Porsiyon 1 / 1,5 (+150 TL) unless `more` says otherwise. */
export const optionGroupBody = (name: string, more: Record<string, unknown> = {}) => ({
  name,
  isMultiple: false,
  isRequired: true,
  minChoices: 1,
  maxChoices: 1,
  options: [
    { name: 'Porsiyon: 1', priceKurus: 0 },
    { name: 'Porsiyon: 1,5', priceKurus: 15000 },
  ],
  ...more,
});

export async function restaurantWithStaff(ctx: TestContext, name?: string) {
  const restaurant = await staffedRestaurant(ctx, name);
  const { owner } = restaurant;
  const base = `/api/restaurants/${restaurant.id}/menu`;
  const call = (method: InjectOptions['method'], path: string, payload?: unknown, cookies: Cookies = owner.cookies, extra: Partial<InjectOptions> = {}) =>
    ctx.app.inject({ method, url: base + path, cookies, ...(payload !== undefined ? { payload: payload as object } : {}), ...extra });
  const created = async (method: InjectOptions['method'], path: string, payload?: unknown) => {
    const res = await call(method, path, payload);
    if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  return {
    ...restaurant,
    base,
    call,
    menu: async () => (await call('GET', '')).json(),
    addCategory: (name: string, icon = '🍲') => created('POST', '/categories', { icon, name }),
    addItem: (categoryId: string, name: string, priceKurus = 9000, more: Record<string, unknown> = {}) =>
      created('POST', '/items', { categoryId, name, priceKurus, ...more }),
    addGroup: (name: string, more: Record<string, unknown> = {}) => created('POST', '/option-groups', optionGroupBody(name, more)),
  };
}
export type Staffed = Awaited<ReturnType<typeof restaurantWithStaff>>;

export const auditRows = (ctx: TestContext, restaurantId: string, action: string) =>
  ctx.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.restaurantId, restaurantId), like(auditEvents.action, action)))
    .orderBy(asc(auditEvents.id));

/** A 1×1 PNG, the smallest real image. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart/form-data body with one file field. */
export function multipart(bytes: Buffer, filename = 'foto.png', contentType = 'image/png', field = 'photo') {
  const boundary = '----sofra-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * Fixtures for the route matrix: a fresh category, item, option group or stored photo of the
 * caller's restaurant for each call (some calls delete what they are given).
 */
export function menuMatrixFixtures(getCtx: () => TestContext) {
  let n = 0;
  const db = () => getCtx().database.db;
  const category = async (restaurantId: string) =>
    (await db().insert(menuCategories).values({ restaurantId, icon: '🍲', name: `Matris Kategori ${++n}` }).returning())[0];
  const item = async (restaurantId: string) => {
    const { id: categoryId } = await category(restaurantId);
    return (await db().insert(menuItems).values({ restaurantId, categoryId, name: `Matris Ürün ${++n}`, priceKurus: 1000 }).returning())[0];
  };
  const group = (name = `Matris Grup ${++n}`) => ({
    name,
    isMultiple: false,
    isRequired: false,
    minChoices: 0,
    maxChoices: 1,
    options: [{ name: 'Az', priceKurus: 0 }],
  });
  return {
    newCategoryBody: () => ({ icon: '🥗', name: `Matris Yeni Kategori ${++n}` }),
    newItemBody: async ({ restaurantId }: { restaurantId: string }) => ({ categoryId: (await category(restaurantId)).id, name: 'Matris Ürün', priceKurus: 1000 }),
    newGroupBody: () => group(),
    replaceGroupBody: () => ({ ...group(), version: 1 }),
    allCategoryIds: async ({ restaurantId }: { restaurantId: string }) => {
      await category(restaurantId);
      const rows = await db().select({ id: menuCategories.id }).from(menuCategories).where(eq(menuCategories.restaurantId, restaurantId));
      return { ids: rows.map((r) => r.id) };
    },
    categoryTarget: async ({ restaurantId }: { restaurantId: string }) => ({ categoryId: (await category(restaurantId)).id }),
    categoryWithItemTarget: async ({ restaurantId }: { restaurantId: string }) => ({ categoryId: (await item(restaurantId)).categoryId }),
    itemTarget: async ({ restaurantId }: { restaurantId: string }) => ({ itemId: (await item(restaurantId)).id }),
    groupTarget: async ({ restaurantId }: { restaurantId: string }) => {
      const [row] = await db().insert(optionGroups).values({ restaurantId, name: `Matris Grup ${++n}` }).returning();
      await db().insert(options).values({ groupId: row.id, name: 'Az' });
      return { groupId: row.id };
    },
    /** a photo stored through the API, as an owner of the caller's restaurant */
    photoTarget: async ({ restaurantId }: { restaurantId: string }) => {
      const ctx = getCtx();
      const { cookies } = await signedIn(ctx, restaurantId, 'owner');
      const { id } = await item(restaurantId);
      const res = await ctx.app.inject({ method: 'PUT', url: `/api/restaurants/${restaurantId}/menu/items/${id}/photo`, cookies, ...multipart(TINY_PNG) });
      return { file: String(res.json().photoUrl).split('/').pop()! };
    },
  };
}
