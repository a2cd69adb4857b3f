import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { AssignmentInfo, CourierBoardResponse, CourierInfo, CourierViewResponse } from '../../../shared/couriers-contract';
import type { SendResponse, Ticket } from '../../../shared/ticket-contract';
import { courierAssignments, courierLinks, couriers, ticketLines, tickets } from '../../db/schema';
import { menuFactory } from '../../test-support/factories';
import type { TestContext } from '../../test-support/test-app';
import { ordersFixture } from '../orders/orders-test-kit';
import { hashToken, newToken } from '../auth';

let customerNo = 0;

/**
 * The orders fixture plus Kurye Takibi shortcuts: a ready Paket Servis ticket (Ezogelin × 2 =
 * 190 TL, sent and made ready by the kitchen), couriers with links, the owner's routes and the
 * courier's phone routes (`phone(token)`).
 */
export async function couriersFixture(ctx: TestContext) {
  const f = await ordersFixture(ctx);
  const owner = f.api(f.restaurant.owner);

  const readyDelivery = async (quantity = 2): Promise<Ticket> => {
    const waiter = f.api(f.restaurant.waiter);
    const n = ++customerNo;
    const opened = await waiter.call('POST', '/tickets', {
      type: 'delivery',
      customer: { name: `Müşteri ${n}`, phone: '0532 123 45 67', address: `Atatürk Cad. No ${n}, Kadıköy` },
    });
    if (opened.statusCode !== 201) throw new Error(opened.body);
    let t = opened.json() as Ticket;
    t = (await waiter.add(t, [{ menuItemId: f.ezogelin.id, quantity }])).json() as Ticket;
    const sent = (await waiter.send(t)).json() as SendResponse;
    const kitchen = f.api(f.restaurant.kitchen);
    for (const lineId of sent.batch.lineIds) {
      const res = await kitchen.call('POST', `/kitchen/lines/${lineId}/status`, { status: 'ready' });
      if (res.statusCode !== 200) throw new Error(res.body);
    }
    return waiter.ticket(t.id);
  };

  const addCourier = async (name = 'Kurye Ali', phone = '0533 111 22 33') => {
    const res = await owner.call('POST', '/couriers', { name, phone });
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json() as CourierInfo;
  };

  /** A new link; answers its token (the last part of the path). */
  const linkOf = async (courierId: string, hours?: number) => {
    const res = await owner.call('POST', `/couriers/${courierId}/link`, hours === undefined ? {} : { hours });
    if (res.statusCode !== 201) throw new Error(res.body);
    return (res.json() as { path: string }).path.split('/').pop()!;
  };

  const assign = (courierId: string, ticketIds: string[]) => owner.call('POST', `/couriers/${courierId}/assignments`, { ticketIds });
  const board = async () => (await owner.call('GET', '/couriers')).json() as CourierBoardResponse;

  /** The courier's phone: its page's API with the link's token. */
  const phone = (token: string) => {
    const call = (method: InjectOptions['method'], url: string, payload?: unknown, headers: Record<string, string> = {}) =>
      ctx.app.inject({ method, url: `/api/courier/${token}${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
    return {
      call,
      view: async () => (await call('GET', '')).json() as CourierViewResponse,
      step: (assignmentId: string, body: object, headers: Record<string, string> = {}) => call('POST', `/orders/${assignmentId}/steps`, body, headers),
      position: (body: object) => call('POST', '/positions', body),
    };
  };

  /** A courier with a link and `count` ready tickets given to them: the usual start of a trip test. */
  const onTrip = async (count = 1, name?: string) => {
    const courier = await addCourier(name);
    const token = await linkOf(courier.id);
    const ticketList = [];
    for (let i = 0; i < count; i++) ticketList.push(await readyDelivery());
    const res = await assign(courier.id, ticketList.map((t) => t.id));
    if (res.statusCode !== 200) throw new Error(res.body);
    const orders = (res.json() as CourierInfo).orders as AssignmentInfo[];
    return { courier, token, tickets: ticketList, orders, phone: phone(token) };
  };

  return { ...f, owner, readyDelivery, addCourier, linkOf, assign, board, phone, onTrip };
}

/**
 * Targets for the access table (route-matrix.test.ts): a fresh courier of the caller's restaurant
 * with a working link (its token), a ready Paket Servis ticket straight in the database, and on
 * demand that ticket given to the courier (the assignment's id) or delivered and paid in cash.
 */
export function couriersMatrixFixtures(getCtx: () => TestContext) {
  let n = 0;
  return async ({ restaurantId }: { restaurantId: string }, state: 'ready' | 'assigned' | 'delivered' = 'ready') => {
    const db = getCtx().database.db;
    n++;
    const [courier] = await db.insert(couriers).values({ restaurantId, name: `Matris Kurye ${n}`, phone: '+905331112233' }).returning();
    const token = newToken();
    await db.insert(courierLinks).values({ restaurantId, courierId: courier.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
    const item = (await menuFactory(getCtx(), restaurantId, { optionGroup: false })).items[0];
    const [{ next }] = await db.select({ next: sql<number>`coalesce(max(${tickets.number}) + 1, 1)::int` }).from(tickets).where(eq(tickets.restaurantId, restaurantId));
    const [ticket] = await db
      .insert(tickets)
      .values({ restaurantId, number: next, type: 'delivery', customerName: 'Matris', customerPhone: '+905321234567', customerAddress: 'Matris Sok. 1' })
      .returning();
    await db.insert(ticketLines).values({ restaurantId, ticketId: ticket.id, menuItemId: item.id, name: item.name, unitPriceKurus: 9000, quantity: 1, vatRate: 10, station: 'Mutfak', status: 'ready' });
    if (state === 'ready') return { courierId: courier.id, token, ticketId: ticket.id, assignmentId: '' };
    const now = new Date();
    const delivered = state === 'delivered' ? { status: 'delivered', pickedUpAt: now, deliveredAt: now, paidAt: now, collectedMethod: 'cash', collectedKurus: 9000 } : {};
    const [assignment] = await db
      .insert(courierAssignments)
      .values({ restaurantId, courierId: courier.id, ticketId: ticket.id, tripId: randomUUID(), ...delivered })
      .returning();
    return { courierId: courier.id, token, ticketId: ticket.id, assignmentId: assignment.id };
  };
}
