import { eq } from 'drizzle-orm';
import { COURIER_LIMITS, COURIER_MESSAGES, type CourierViewResponse } from '../../../shared/couriers-contract';
import type { Ticket } from '../../../shared/ticket-contract';
import { auditEvents, courierLinks, courierPositions, payments, tickets } from '../../db/schema';
import { saveOwnerSettings } from '../../test-support/owner-settings';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { couriersFixture } from './couriers-test-kit';

/*
 * The courier's phone page (issue 24): a private link opens that courier's own orders, Aldım,
 * Teslim Ettim and Ödeme Alındı move them on, and the phone's position is kept. Bad links, another
 * courier's order and impossible positions are refused with a Turkish message and change nothing.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

const db = () => ctx.database.db;
const here = { lat: 40.9903, lng: 29.0291, accuracy: 12 };

describe('a courier link', () => {
  it("opens the courier's own orders with address, phone and what to collect", async () => {
    const f = await couriersFixture(ctx);
    const trip = await f.onTrip(2);
    const view = await trip.phone.view();
    expect(view.courierName).toBe('Kurye Ali');
    expect(view.orders.map((o) => o.ticketId).sort()).toEqual(trip.tickets.map((t) => t.id).sort());
    expect(view.orders[0]).toMatchObject({ customerPhone: '+905321234567', remaining: 19_000, status: 'assigned' });
    expect(view.orders[0].customerAddress).toMatch(/Kadıköy/);
    expect(view.paymentMethods).toEqual(['cash', 'card', 'meal_card']);
  });

  it('offers the courier only the payment methods the restaurant takes (Ayarlar)', async () => {
    const f = await couriersFixture(ctx);
    const saved = await saveOwnerSettings(ctx, f.restaurant, () => ({ paymentMethods: ['cash', 'meal_card'] }));
    expect(saved.statusCode, saved.body).toBe(200);
    const trip = await f.onTrip(1);
    expect((await trip.phone.view()).paymentMethods).toEqual(['cash', 'meal_card']);
  });

  it('is refused once revoked, once expired and when it was never made, with a Turkish message', async () => {
    const f = await couriersFixture(ctx);
    const trip = await f.onTrip(1);
    expect((await trip.phone.call('GET', '')).statusCode).toBe(200);

    await db().update(courierLinks).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(courierLinks.courierId, trip.courier.id));
    let res = await trip.phone.call('GET', '');
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(COURIER_MESSAGES.linkExpired);

    const token = await f.linkOf(trip.courier.id);
    expect((await f.phone(token).call('GET', '')).statusCode).toBe(200);
    expect((await f.owner.call('DELETE', `/couriers/${trip.courier.id}/link`)).statusCode).toBe(204);
    res = await f.phone(token).step(trip.orders[0].id, { step: 'picked_up' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(COURIER_MESSAGES.linkRevoked);

    res = await f.phone('A'.repeat(43)).call('GET', '');
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(COURIER_MESSAGES.linkInvalid);
    expect((await f.phone('kisa').call('GET', '')).statusCode).toBe(401);
  });

  it('stops working when a new link is made or the courier is deactivated', async () => {
    const f = await couriersFixture(ctx);
    const courier = await f.addCourier();
    const first = await f.linkOf(courier.id);
    const second = await f.linkOf(courier.id);
    expect((await f.phone(first).call('GET', '')).statusCode).toBe(401);
    expect((await f.phone(second).call('GET', '')).statusCode).toBe(200);
    const res = await f.owner.call('PATCH', `/couriers/${courier.id}`, { version: courier.version, isActive: false });
    expect(res.statusCode).toBe(200);
    expect((await f.phone(second).call('GET', '')).statusCode).toBe(401);
  });
});

describe("a courier's steps", () => {
  it('Aldım, Teslim Ettim, Ödeme Alındı → Nakit: the ticket is closed with one cash payment of what was due', async () => {
    const f = await couriersFixture(ctx);
    const trip = await f.onTrip(1);
    const id = trip.orders[0].id;
    let res = await trip.phone.step(id, { step: 'picked_up', position: here });
    expect(res.statusCode).toBe(200);
    expect((res.json() as CourierViewResponse).orders[0].status).toBe('picked_up');
    res = await trip.phone.step(id, { step: 'delivered', position: here });
    expect((res.json() as CourierViewResponse).orders[0]).toMatchObject({ status: 'delivered', remaining: 19_000 });
    res = await trip.phone.step(id, { step: 'paid', method: 'cash', position: here }, { 'idempotency-key': 'odeme-nakit-1' });
    expect(res.statusCode).toBe(200);
    // delivered and paid: the order leaves the courier's list
    expect((res.json() as CourierViewResponse).orders).toEqual([]);

    const ticket = (await f.api(f.restaurant.owner).ticket(trip.tickets[0].id)) as Ticket;
    expect(ticket.status).toBe('closed');
    expect(ticket.billNumber).not.toBeNull();
    const paid = await db().select().from(payments).where(eq(payments.ticketId, ticket.id));
    expect(paid.map((p) => [p.method, p.amountKurus])).toEqual([['cash', 19_000]]);

    // the courier's actions are in the audit trail as the courier's
    const audit = await db().select().from(auditEvents).where(eq(auditEvents.entityId, ticket.id));
    expect(audit.filter((a) => a.actorRole === 'courier').map((a) => a.action)).toEqual(
      expect.arrayContaining(['courier.pickup', 'courier.deliver', 'ticket.payment', 'ticket.close', 'courier.payment']),
    );
  });

  it('pays once: a retried tap with the same Idempotency-Key gets the same answer, a tap without one is no second payment', async () => {
    const f = await couriersFixture(ctx);
    const trip = await f.onTrip(1);
    const id = trip.orders[0].id;
    await trip.phone.step(id, { step: 'picked_up' });
    const tap = { step: 'paid', method: 'card' };
    const [a, b] = await Promise.all([trip.phone.step(id, tap, { 'idempotency-key': 'kart-odeme-1' }), trip.phone.step(id, tap, { 'idempotency-key': 'kart-odeme-1' })]);
    expect([a.statusCode, b.statusCode].filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    const again = await trip.phone.step(id, tap, { 'idempotency-key': 'kart-odeme-1' });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replay']).toBe('true');
    expect((await trip.phone.step(id, tap)).statusCode).toBe(200);
    const other = await trip.phone.step(id, { step: 'paid', method: 'cash' });
    expect(other.statusCode).toBe(409);
    expect(other.json().error).toBe(COURIER_MESSAGES.paidOtherwise);
    const paid = await db().select().from(payments).where(eq(payments.ticketId, trip.tickets[0].id));
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ method: 'card', amountKurus: 19_000 });
  });

  it('takes a meal card only with one of Ayarlar’s brands, and never before Aldım', async () => {
    const f = await couriersFixture(ctx);
    const trip = await f.onTrip(1);
    const id = trip.orders[0].id;
    let res = await trip.phone.step(id, { step: 'paid', method: 'cash' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(COURIER_MESSAGES.notPickedUp);
    await trip.phone.step(id, { step: 'picked_up' });
    res = await trip.phone.step(id, { step: 'paid', method: 'meal_card' });
    expect(res.statusCode).toBe(400);
    res = await trip.phone.step(id, { step: 'paid', method: 'meal_card', brand: 'Uydurma Kart' });
    expect(res.statusCode).toBe(400);
    expect((await db().select().from(payments).where(eq(payments.ticketId, trip.tickets[0].id))).length).toBe(0);
    res = await trip.phone.step(id, { step: 'paid', method: 'meal_card', brand: 'Multinet' });
    expect(res.statusCode).toBe(200);
    const [t] = await db().select().from(tickets).where(eq(tickets.id, trip.tickets[0].id));
    expect(t.status).toBe('closed');
    // the same tap again is the same answer; another brand is another payment, refused
    expect((await trip.phone.step(id, { step: 'paid', method: 'meal_card', brand: 'Multinet' })).statusCode).toBe(200);
    res = await trip.phone.step(id, { step: 'paid', method: 'meal_card', brand: 'Pluxee' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(COURIER_MESSAGES.paidOtherwise);
  });

  it('says there is nothing to collect when the bill was paid at the counter meanwhile, and takes no payment', async () => {
    const f = await couriersFixture(ctx);
    const trip = await f.onTrip(1);
    const id = trip.orders[0].id;
    await trip.phone.step(id, { step: 'picked_up' });
    const ticket = (await f.owner.call('GET', `/tickets/${trip.tickets[0].id}`)).json() as Ticket;
    const counter = await f.owner.call('POST', `/tickets/${ticket.id}/payments`, { version: ticket.version, method: 'cash', amount: ticket.totals.remaining });
    expect(counter.statusCode, counter.body).toBe(200);
    const res = await trip.phone.step(id, { step: 'paid', method: 'cash' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(COURIER_MESSAGES.nothingToCollect);
    expect(await db().select().from(payments).where(eq(payments.ticketId, ticket.id))).toHaveLength(1);
  });

  it("refuses another courier's order with 404 and changes nothing", async () => {
    const f = await couriersFixture(ctx);
    const mine = await f.onTrip(1, 'Kurye Ayşe');
    const theirs = await f.onTrip(1, 'Kurye Veli');
    for (const body of [{ step: 'picked_up' }, { step: 'delivered' }, { step: 'paid', method: 'cash' }]) {
      const res = await mine.phone.step(theirs.orders[0].id, body);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(COURIER_MESSAGES.orderNotYours);
    }
    expect((await mine.phone.step('not-a-uuid', { step: 'picked_up' })).statusCode).toBe(404);
    expect((await theirs.phone.view()).orders[0].status).toBe('assigned');
    expect(await db().select().from(payments).where(eq(payments.ticketId, theirs.tickets[0].id))).toEqual([]);
  });

  it('answers 429 in Turkish to an address that keeps trying links that are not ours; a real link from elsewhere still opens', async () => {
    const f = await couriersFixture(ctx);
    const trip = await f.onTrip(1);
    const guess = (n: number) =>
      ctx.app.inject({ method: 'GET', url: `/api/courier/${String(n).padStart(43, 'x')}`, remoteAddress: '198.51.100.77' });
    for (let n = 0; n < 30; n++) expect((await guess(n)).statusCode).toBe(401);
    const refused = await guess(30);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(COURIER_MESSAGES.tooManyLinkTries);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await trip.phone.call('GET', '')).statusCode).toBe(200);
  });

  it("does not reach another restaurant's order with a link of this one", async () => {
    const here1 = await couriersFixture(ctx);
    const there = await couriersFixture(ctx);
    const mine = await here1.onTrip(1);
    const theirs = await there.onTrip(1);
    const res = await mine.phone.step(theirs.orders[0].id, { step: 'picked_up' });
    expect(res.statusCode).toBe(404);
    expect((await mine.phone.view()).orders.map((o) => o.ticketId)).toEqual([mine.tickets[0].id]);
  });
});

describe("the courier's position", () => {
  it('is kept with each fix and each tap; out of range, absurd accuracy and strings are refused', async () => {
    const f = await couriersFixture(ctx);
    const trip = await f.onTrip(1);
    expect((await trip.phone.position(here)).statusCode).toBe(204);
    for (const bad of [
      { ...here, lat: 90.0001 },
      { ...here, lat: -91 },
      { ...here, lng: 180.5 },
      { ...here, lng: -181 },
      { ...here, accuracy: -1 },
      { ...here, accuracy: COURIER_LIMITS.maxAccuracy + 1 },
      { ...here, lat: '40.99' },
      { lat: 40 },
    ]) {
      const res = await trip.phone.position(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error).toMatch(/[a-zçğıöşü]/);
    }
    const res = await trip.phone.step(trip.orders[0].id, { step: 'picked_up', position: { ...here, lat: 123 } });
    expect(res.statusCode).toBe(400);
    expect((await trip.phone.view()).orders[0].status).toBe('assigned');
    const kept = await db().select().from(courierPositions).where(eq(courierPositions.courierId, trip.courier.id));
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ lat: here.lat, lng: here.lng, accuracyM: 12 });
  });

  it('a tap over the minute’s limit of positions is still taken, its position is not kept', async () => {
    const f = await couriersFixture(ctx);
    const trip = await f.onTrip(1);
    for (let i = 0; i < 30; i++) expect((await trip.phone.position({ ...here, lat: 41 + i / 1000 })).statusCode).toBe(204);
    expect((await trip.phone.position(here)).statusCode).toBe(429);
    const tap = await trip.phone.step(trip.orders[0].id, { step: 'picked_up', position: { ...here, lat: 42.5 } });
    expect(tap.statusCode, tap.body).toBe(200);
    expect((tap.json() as CourierViewResponse).orders[0].status).toBe('picked_up');
    const kept = await db().select().from(courierPositions).where(eq(courierPositions.courierId, trip.courier.id));
    expect(kept.map((p) => p.lat)).not.toContain(42.5);
  });

  it('keeps a short history only, and the owner sees the newest with its time', async () => {
    const f = await couriersFixture(ctx);
    const trip = await f.onTrip(1);
    const start = Date.now() - 60_000;
    for (let i = 0; i < COURIER_LIMITS.positionHistory + 5; i++) {
      const res = await trip.phone.position({ ...here, lat: 41 + i / 1000, recordedAt: new Date(start + i * 1000).toISOString() });
      expect(res.statusCode).toBe(204);
    }
    const kept = await db().select().from(courierPositions).where(eq(courierPositions.courierId, trip.courier.id));
    expect(kept).toHaveLength(COURIER_LIMITS.positionHistory);
    const board = await f.board();
    const shown = board.couriers.find((c) => c.id === trip.courier.id)!;
    expect(shown.lastPosition?.lat).toBeCloseTo(41 + (COURIER_LIMITS.positionHistory + 4) / 1000, 6);
  });

  it.each(['0001-01-01T00:00:00+14:00', '9999-12-31T23:59:59-12:00'])('refuses a fix dated %s with 400 in Turkish', async (recordedAt) => {
    const f = await couriersFixture(ctx);
    const trip = await f.onTrip(1);
    const res = await trip.phone.position({ ...here, recordedAt });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('Tarih 2000 ile 2100 yılları arasında olmalı');
    expect(await db().select().from(courierPositions).where(eq(courierPositions.courierId, trip.courier.id))).toHaveLength(0);
  });

  it('never dates a fix in the future', async () => {
    const f = await couriersFixture(ctx);
    const trip = await f.onTrip(1);
    await trip.phone.position({ ...here, recordedAt: new Date(Date.now() + 3_600_000).toISOString() });
    const [kept] = await db().select().from(courierPositions).where(eq(courierPositions.courierId, trip.courier.id));
    expect(kept.recordedAt.getTime()).toBeLessThanOrEqual(Date.now());
  });
});
