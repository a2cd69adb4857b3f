import type { InjectOptions } from 'fastify';
import type { Ticket } from '../../../shared/ticket-contract';
import { menuFactory, tablesFactory } from '../../test-support/factories';
import { staffedRestaurant, type TestContext } from '../../test-support/test-app';

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
