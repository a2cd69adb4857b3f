import { eq } from 'drizzle-orm';
import { COURIER_MESSAGES, type CourierInfo, type CourierSettlementResult } from '../../../shared/couriers-contract';
import { MESSAGES } from '../../../shared/errors';
import type { SalesReportResponse } from '../../../shared/reports-contract';
import { auditEvents, courierAssignments, courierLinks, courierSettlements } from '../../db/schema';
import { collectEvents, createTestApp, type TestContext } from '../../test-support/test-app';
import { couriersFixture } from './couriers-test-kit';

/*
 * Kurye Takibi, the owner's side (issue 24): couriers, their links, giving ready Paket Servis
 * orders to them and settling the money they collected.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());
const db = () => ctx.database.db;

describe('couriers', () => {
  it('are added with a Turkish phone number kept in one form, edited with their version and deactivated', async () => {
    const f = await couriersFixture(ctx);
    const events = collectEvents(ctx, f.restaurant.id);
    const courier = await f.addCourier('  Kurye   Ali ', '0533 111 22 33');
    expect(courier).toMatchObject({ name: 'Kurye Ali', phone: '+905331112233', isActive: true, linkExpiresAt: null, lastPosition: null, orders: [] });
    expect(events.map((e) => e.type)).toContain('couriers');

    let res = await f.owner.call('POST', '/couriers', { name: 'Kurye', phone: '12345' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/telefon/i);
    res = await f.owner.call('POST', '/couriers', { name: 'Kurye\u202eAli', phone: '0533 111 22 33' });
    expect(res.statusCode).toBe(400);

    res = await f.owner.call('PATCH', `/couriers/${courier.id}`, { version: courier.version, name: 'Kurye Ali Veli' });
    expect(res.statusCode).toBe(200);
    res = await f.owner.call('PATCH', `/couriers/${courier.id}`, { version: courier.version, isActive: false });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(MESSAGES.versionConflict);
    res = await f.owner.call('PATCH', `/couriers/${courier.id}`, { version: courier.version + 1, isActive: false });
    expect((res.json() as CourierInfo).isActive).toBe(false);
    expect((await f.owner.call('POST', `/couriers/${courier.id}/link`, {})).statusCode).toBe(409);
  });

  it("of another restaurant answer 404, as a missing one does", async () => {
    const f = await couriersFixture(ctx);
    const other = await couriersFixture(ctx);
    const theirs = await other.addCourier();
    for (const [method, url, body] of [
      ['PATCH', `/couriers/${theirs.id}`, { version: 1, name: 'X' }],
      ['POST', `/couriers/${theirs.id}/link`, {}],
      ['DELETE', `/couriers/${theirs.id}/link`, undefined],
      ['POST', `/couriers/${theirs.id}/assignments`, { ticketIds: [(await f.readyDelivery()).id] }],
      ['POST', `/couriers/${theirs.id}/settlements`, { assignmentIds: ['x'] }],
    ] as const) {
      const res = await f.owner.call(method, url, body);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error).toBe(COURIER_MESSAGES.courierNotFound);
    }
    expect((await f.board()).couriers).toEqual([]);
  });
});

describe('a courier link', () => {
  it('is answered once as a path; only its hash is stored, and the board shows until when it works', async () => {
    const f = await couriersFixture(ctx);
    const courier = await f.addCourier();
    const res = await f.owner.call('POST', `/couriers/${courier.id}/link`, { hours: 8 });
    expect(res.statusCode).toBe(201);
    const { path, expiresAt } = res.json() as { path: string; expiresAt: string };
    expect(path).toMatch(/^\/kurye\/[A-Za-z0-9_-]{43}$/);
    expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan(7.9 * 3_600_000);
    const token = path.split('/').pop()!;
    const stored = await db().select().from(courierLinks).where(eq(courierLinks.courierId, courier.id));
    expect(JSON.stringify(stored)).not.toContain(token);
    const audit = await db().select().from(auditEvents).where(eq(auditEvents.entityId, courier.id));
    expect(JSON.stringify(audit)).not.toContain(token);
    expect((await f.board()).couriers[0].linkExpiresAt).toBe(expiresAt);
    expect((await f.owner.call('POST', `/couriers/${courier.id}/link`, { hours: 0 })).statusCode).toBe(400);
  });
});

describe('giving orders to a courier', () => {
  it('takes one or several ready Paket Servis orders as one trip; they leave the list of orders to give', async () => {
    const f = await couriersFixture(ctx);
    const courier = await f.addCourier();
    const [a, b] = [await f.readyDelivery(), await f.readyDelivery()];
    expect((await f.board()).assignable.map((t) => t.ticketId)).toEqual([a.id, b.id]);
    const res = await f.assign(courier.id, [a.id, b.id]);
    expect(res.statusCode).toBe(200);
    const info = res.json() as CourierInfo;
    expect(info.orders.map((o) => o.ticketId)).toEqual([a.id, b.id]);
    expect(new Set(info.orders.map((o) => o.tripId)).size).toBe(1);
    expect((await f.board()).assignable).toEqual([]);
  });

  it('refuses an order not ready, not a delivery, repeated or unknown, and gives none of the others', async () => {
    const f = await couriersFixture(ctx);
    const courier = await f.addCourier();
    const ready = await f.readyDelivery();
    const waiter = f.api(f.restaurant.waiter);
    const notReady = (await waiter.call('POST', '/tickets', { type: 'delivery', customer: { name: 'Ayşe', phone: '0532 123 45 67', address: 'Moda' } })).json();
    const table = (await waiter.open(f.tables[0].id)).json();
    for (const [ids, status, message] of [
      [[ready.id, notReady.id], 409, COURIER_MESSAGES.notReady(notReady.number)],
      [[ready.id, table.id], 409, COURIER_MESSAGES.notDelivery(table.number)],
      [[ready.id, ready.id], 400, COURIER_MESSAGES.duplicateTickets],
      [[ready.id, '00000000-0000-4000-8000-000000000000'], 404, COURIER_MESSAGES.ticketNotFound],
    ] as const) {
      const res = await f.assign(courier.id, [...ids]);
      expect(res.statusCode).toBe(status);
      expect(res.json().error).toBe(message);
    }
    expect(await db().select().from(courierAssignments).where(eq(courierAssignments.courierId, courier.id))).toEqual([]);
  });

  it("moves an order to another courier until it is picked up, never after; another restaurant's order is 404", async () => {
    const f = await couriersFixture(ctx);
    const trip = await f.onTrip(1, 'Kurye Bir');
    const second = await f.addCourier('Kurye İki');
    expect((await f.assign(second.id, [trip.tickets[0].id])).statusCode).toBe(200);
    expect((await trip.phone.view()).orders).toEqual([]);
    const secondToken = await f.linkOf(second.id);
    const [order] = (await f.phone(secondToken).view()).orders;
    await f.phone(secondToken).step(order.id, { step: 'picked_up' });
    const res = await f.assign(trip.courier.id, [trip.tickets[0].id]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(COURIER_MESSAGES.alreadyOnTheWay(trip.tickets[0].number));

    const other = await couriersFixture(ctx);
    const theirs = await other.readyDelivery();
    expect((await f.assign(second.id, [theirs.id])).statusCode).toBe(404);
  });
});

describe('the cash settlement of a courier', () => {
  it('sums cash, card and meal card of the delivered orders, settles them once with an audit row', async () => {
    const f = await couriersFixture(ctx);
    const trip = await f.onTrip(4);
    const pay = async (i: number, body: object) => {
      const id = trip.orders[i].id;
      await trip.phone.step(id, { step: 'picked_up' });
      await trip.phone.step(id, { step: 'delivered' });
      if (Object.keys(body).length) expect((await trip.phone.step(id, { step: 'paid', ...body })).statusCode).toBe(200);
    };
    await pay(0, { method: 'cash' });
    await pay(1, { method: 'cash' });
    await pay(2, { method: 'card' });
    // delivered, money not taken yet: stays out of the settlement
    await pay(3, {});
    const shown = (await f.board()).couriers[0];
    expect(shown.unsettled).toMatchObject({ deliveredCount: 3, cash: 38_000, card: 19_000, mealCard: 0 });
    expect(shown.orders.find((o) => o.id === trip.orders[3].id)?.status).toBe('delivered');

    let res = await f.owner.call('POST', `/couriers/${trip.courier.id}/settlements`, { assignmentIds: shown.unsettled.assignmentIds.slice(0, 2) });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(COURIER_MESSAGES.settleStale);
    res = await f.owner.call('POST', `/couriers/${trip.courier.id}/settlements`, { assignmentIds: shown.unsettled.assignmentIds }, { 'idempotency-key': 'kurye-hesap-1' });
    expect(res.statusCode).toBe(201);
    expect(res.json() as CourierSettlementResult).toMatchObject({ deliveredCount: 3, cash: 38_000, card: 19_000, mealCard: 0 });
    const replay = await f.owner.call('POST', `/couriers/${trip.courier.id}/settlements`, { assignmentIds: shown.unsettled.assignmentIds }, { 'idempotency-key': 'kurye-hesap-1' });
    expect(replay.statusCode).toBe(201);
    res = await f.owner.call('POST', `/couriers/${trip.courier.id}/settlements`, { assignmentIds: shown.unsettled.assignmentIds });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(COURIER_MESSAGES.settleNothing);
    expect(await db().select().from(courierSettlements).where(eq(courierSettlements.courierId, trip.courier.id))).toHaveLength(1);

    const after = (await f.board()).couriers[0];
    expect(after.orders.map((o) => o.id)).toEqual([trip.orders[3].id]);
    expect(after.unsettled.deliveredCount).toBe(0);
    const audit = await db().select().from(auditEvents).where(eq(auditEvents.action, 'courier.settle'));
    expect(audit.some((a) => a.entityId === trip.courier.id && a.actorRole === 'owner')).toBe(true);

    // Satış Raporları shows the same figures: the three closed bills, all settled; the unpaid fourth not yet
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const report = await f.owner.call('GET', `/reports/sales?from=${day(-1)}&to=${day(1)}`);
    expect(report.statusCode, report.body).toBe(200);
    expect((report.json() as SalesReportResponse).byCourier).toEqual([
      { courierId: trip.courier.id, name: trip.courier.name, delivered: 3, cash: 38_000, card: 19_000, mealCard: 0, settled: 57_000, open: 0 },
    ]);
    await trip.phone.step(trip.orders[3].id, { step: 'paid', method: 'cash' });
    const later = (await f.owner.call('GET', `/reports/sales?from=${day(-1)}&to=${day(1)}`)).json() as SalesReportResponse;
    expect(later.byCourier[0]).toMatchObject({ delivered: 4, cash: 57_000, settled: 57_000, open: 19_000 });
    const csv = await f.owner.call('GET', `/reports/sales.csv?from=${day(-1)}&to=${day(1)}&table=byCourier`);
    expect(csv.body).toContain('Kurye;Teslim Edilen;Nakit (TL);Kredi Kartı (TL);Yemek Kartı (TL);Hesaplaşılan (TL);Kuryede (TL)');
  });
});
