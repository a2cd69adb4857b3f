import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { diningTables, sections, ticketLines, tickets } from '../../db/schema';
import type { Ticket } from '../../../shared/ticket-contract';
import { menuFactory, tablesFactory } from '../../test-support/factories';
import { createTestApp, staffedRestaurant, type TestContext } from '../../test-support/test-app';

type Who = { cookies: Record<string, string> };

/**
 * A staffed restaurant with a menu (Mercimek 90 TL with a required Porsiyon 1 / 1,5 +45 TL,
 * Ezogelin 95 TL without options) and a Salon of four tables; `api(who)` calls its routes.
 */
export async function ordersFixture(ctx: TestContext) {
  const restaurant = await staffedRestaurant(ctx);
  const menu = await menuFactory(ctx, restaurant.id);
  const floor = await tablesFactory(ctx, restaurant.id, [{ name: 'Salon', tables: 4 }]);
  const [mercimek, ezogelin] = menu.items;
  const [single, large] = menu.optionGroup!.options;

  const api = (who: Who = restaurant.waiter) => {
    const call = (method: InjectOptions['method'], url: string, payload?: unknown, headers: Record<string, string> = {}) =>
      ctx.app.inject({ method, url: `/api/restaurants/${restaurant.id}${url}`, cookies: who.cookies, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
    return {
      call,
      open: (tableId: string, guests?: number) => call('POST', '/tickets', { type: 'table', tableId, guests }),
      ticket: async (id: string) => (await call('GET', `/tickets/${id}`)).json() as Ticket,
      add: (t: Pick<Ticket, 'id' | 'version'>, lines: unknown[]) => call('POST', `/tickets/${t.id}/lines`, { version: t.version, lines }),
      send: (t: Pick<Ticket, 'id' | 'version'>, key?: string) => call('POST', `/tickets/${t.id}/send`, { version: t.version }, key ? { 'idempotency-key': key } : {}),
    };
  };

  /** A ticket on a table with `lines` added (and sent when asked); answers the ticket. */
  const ticketWith = async (tableId: string, lines: unknown[], opts: { send?: boolean; who?: Who } = {}) => {
    const a = api(opts.who);
    let t = (await a.open(tableId)).json() as Ticket;
    t = (await a.add(t, lines)).json() as Ticket;
    if (opts.send) t = ((await a.send(t)).json() as { ticket: Ticket }).ticket;
    return t;
  };

  return { restaurant, menu, floor, tables: floor.tables, mercimek, ezogelin, single, large, api, ticketWith };
}

/** A fresh app holding the orders fixture: how the ticket route tests start. */
export async function ordersTestApp() {
  const ctx = await createTestApp();
  return { ctx, f: await ordersFixture(ctx) };
}

/**
 * Targets for the access table (route-matrix.test.ts): each call makes fresh rows of the caller's
 * restaurant straight in the database — two free tables and an open ticket on a third with two
 * pending lines (version 1) — so an allowed caller's write succeeds whatever ran before.
 */
export function ordersMatrixFixtures(getCtx: () => TestContext) {
  let n = 0;
  // a new section every 30 calls: the matrix stays inside the per-restaurant layout limits
  const sectionOf = new Map<string, string>();
  return async ({ restaurantId }: { restaurantId: string }) => {
    const db = getCtx().database.db;
    if (n++ % 30 === 0 || !sectionOf.has(restaurantId)) {
      sectionOf.set(restaurantId, (await tablesFactory(getCtx(), restaurantId, [{ name: `Matris ${n}`, tables: 0 }])).sections[0].id);
    }
    const sectionId = sectionOf.get(restaurantId)!;
    const [{ version: sectionVersion }] = await db.select({ version: sections.version }).from(sections).where(eq(sections.id, sectionId));
    const tables = await db
      .insert(diningTables)
      .values([1, 2, 3].map((i) => ({ restaurantId, sectionId, name: `Matris ${n}-${i}` })))
      .returning();
    const item = (await menuFactory(getCtx(), restaurantId, { optionGroup: false })).items[0];
    const [{ next }] = await db.select({ next: sql<number>`coalesce(max(${tickets.number}) + 1, 1)::int` }).from(tickets).where(eq(tickets.restaurantId, restaurantId));
    const [ticket] = await db.insert(tickets).values({ restaurantId, number: next, type: 'table', tableId: tables[2].id, tableName: tables[2].name }).returning();
    const [other] = await db.insert(tickets).values({ restaurantId, number: next + 1, type: 'table', tableId: tables[1].id, tableName: tables[1].name }).returning();
    const line = { restaurantId, ticketId: ticket.id, menuItemId: item.id, name: item.name, unitPriceKurus: 9000, quantity: 2, vatRate: 10, station: 'Mutfak' };
    const [first] = await db.insert(ticketLines).values([line, { ...line, sortOrder: 1 }]).returning();
    return { sectionId, sectionVersion, tableId: tables[0].id, freeTableId: tables[0].id, ticketId: ticket.id, otherTicketId: other.id, lineId: first.id, itemId: item.id };
  };
}
