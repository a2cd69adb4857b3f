import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { defaultRestaurantSettings, type RestaurantSettings } from '../../../shared/restaurant-settings';
import { diningTables, settings, tableRequests } from '../../db/schema';
import { menuFactory, tablesFactory } from '../../test-support/factories';
import { staffedRestaurant, type TestContext } from '../../test-support/test-app';

type QrOrdering = RestaurantSettings['qrOrdering'];
const ON: QrOrdering = { enabled: true, confirmBy: 'waiter', hours: null };

/**
 * The restaurant's QR Sipariş settings — on, confirmed by the waiter, unless `change` says
 * otherwise — written straight into its general settings document (the owner's screen saves the
 * same field through PUT …/settings/general).
 */
export async function setQrOrdering(ctx: TestContext, restaurantId: string, change: Partial<QrOrdering> = {}) {
  const db = ctx.database.db;
  const [row] = await db.select().from(settings).where(and(eq(settings.restaurantId, restaurantId), eq(settings.key, 'general')));
  const before = (row?.value as RestaurantSettings | undefined) ?? defaultRestaurantSettings('Lokanta');
  const value = { ...before, qrOrdering: { ...ON, ...change } };
  const version = (row?.version ?? 0) + 1;
  await db
    .insert(settings)
    .values({ restaurantId, key: 'general', value, version })
    .onConflictDoUpdate({ target: [settings.restaurantId, settings.key], set: { value, version } });
  ctx.app.hub.publish(restaurantId, 'settings.general');
}

/** A guest's phone at the table whose QR token is `token`, from `address`. */
export function guestAt(ctx: TestContext, restaurantId: string, token: string, address = '10.1.0.1') {
  const base = `/api/public/menus/${restaurantId}/tables/${token}`;
  const call = (method: InjectOptions['method'], url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method, url: base + url, headers, remoteAddress: address, ...(payload === undefined ? {} : { payload: payload as object }) });
  return {
    order: (items: unknown[], key: string = randomUUID()) => call('POST', '/requests', { items }, { 'idempotency-key': key }),
    status: (requestId: string) => call('GET', `/requests/${requestId}`),
    call: (kind: string) => call('POST', '/calls', { kind }),
  };
}

/**
 * A staffed restaurant with QR Sipariş on (confirmed by the waiter), a menu (Mercimek 90 TL with a
 * required Porsiyon 1 / 1,5 +45 TL, Ezogelin 95 TL) and a Salon of three tables; `staff(who)` calls
 * the restaurant's routes.
 */
export async function qrFixture(ctx: TestContext, qr: Partial<QrOrdering> = {}) {
  const restaurant = await staffedRestaurant(ctx);
  const menu = await menuFactory(ctx, restaurant.id);
  const floor = await tablesFactory(ctx, restaurant.id, [{ name: 'Salon', tables: 3 }]);
  await setQrOrdering(ctx, restaurant.id, qr);
  const [mercimek, ezogelin] = menu.items;
  const [single, large] = menu.optionGroup!.options;
  const staff = (who: { cookies: Record<string, string> } = restaurant.waiter) => {
    const call = (method: InjectOptions['method'], url: string, payload?: unknown) =>
      ctx.app.inject({ method, url: `/api/restaurants/${restaurant.id}${url}`, cookies: who.cookies, ...(payload === undefined ? {} : { payload: payload as object }) });
    return {
      call,
      list: async () => (await call('GET', '/table-requests')).json().requests as { id: string; status: string; isMine: boolean; answeredByName: string | null }[],
      accept: (id: string) => call('POST', `/table-requests/${id}/accept`),
      reject: (id: string, reason: string) => call('POST', `/table-requests/${id}/reject`, { reason }),
      acknowledge: (id: string) => call('POST', `/table-requests/${id}/acknowledge`),
    };
  };
  return { restaurant, menu, tables: floor.tables, mercimek, ezogelin, single, large, staff };
}

/**
 * Targets for the access table (route-matrix.test.ts): each call makes fresh rows of the caller's
 * restaurant straight in the database — QR Sipariş on, a new table with its QR token, a dish — and,
 * when asked, a waiting order request or call on that table.
 */
export function tableRequestsMatrixFixtures(getCtx: () => TestContext) {
  let n = 0;
  // one section and one dish per restaurant, a fresh table per call: the matrix calls every route
  // many times, and a restaurant holds at most 30 sections
  const made = new Map<string, { sectionId: string; item: { id: string; name: string; priceKurus: number } }>();
  return async ({ restaurantId }: { restaurantId: string }, waiting?: 'order' | 'waiter') => {
    const ctx = getCtx();
    await setQrOrdering(ctx, restaurantId);
    let mine = made.get(restaurantId);
    if (!mine) {
      const [section] = (await tablesFactory(ctx, restaurantId, [{ name: 'QR Matris', tables: 0 }])).sections;
      mine = { sectionId: section.id, item: (await menuFactory(ctx, restaurantId, { optionGroup: false })).items[0] };
      made.set(restaurantId, mine);
    }
    const { item } = mine;
    const [table] = await ctx.database.db
      .insert(diningTables)
      .values({ restaurantId, sectionId: mine.sectionId, name: `QR Matris ${++n}`, seats: 4, sortOrder: n })
      .returning();
    let requestId = '';
    if (waiting) {
      const now = new Date();
      const lines = waiting === 'order' ? [{ menuItemId: item.id, name: item.name, quantity: 1, unitPriceKurus: item.priceKurus, options: [], note: null }] : [];
      const [row] = await ctx.database.db
        .insert(tableRequests)
        .values({ restaurantId, tableId: table.id, tableName: table.name, kind: waiting, lines, itemCount: lines.length, createdAt: now, expiresAt: new Date(now.getTime() + 15 * 60_000) })
        .returning();
      requestId = row.id;
    }
    return { token: table.qrToken, tableId: table.id, itemId: item.id, requestId };
  };
}
