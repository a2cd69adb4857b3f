import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { KitchenOrder } from '../../../shared/kitchen-contract';
import type { TableRequestInfo } from '../../../shared/table-requests-contract';
import type { Ticket } from '../../../shared/ticket-contract';
import { auditEvents, menuItems, tableRequests, tickets } from '../../db/schema';
import { saveOwnerSettings } from '../../test-support/owner-settings';
import { collectEvents, createTestApp, type TestContext } from '../../test-support/test-app';
import { guestAt, qrFixture } from './table-requests-test-kit';
import { MESSAGES } from '../../../shared/errors';
import { TABLE_REQUEST_MESSAGES } from './table-request-messages';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
afterEach(() => {
  vi.useRealTimers();
});

let addresses = 0;
/** Each test's guests come from their own address, so the per-address limit is the test's own. */
const nextAddress = () => `10.2.${Math.floor(++addresses / 250)}.${addresses % 250}`;

type Fixture = Awaited<ReturnType<typeof qrFixture>>;
const guestOf = (f: Fixture, table = 0, address = nextAddress()) => guestAt(ctx, f.restaurant.id, f.tables[table].qrToken, address);
/** Two Mercimek (1,5 porsiyon, a note) and one Ezogelin. */
const basket = (f: Fixture) => [
  { menuItemId: f.mercimek.id, quantity: 2, optionIds: [f.large.id], note: 'Limonlu' },
  { menuItemId: f.ezogelin.id, quantity: 1 },
];
const requestsOf = (restaurantId: string) => ctx.database.db.select().from(tableRequests).where(eq(tableRequests.restaurantId, restaurantId));

describe('a guest orders from the table', () => {
  it('sends a basket priced from the menu, and the waiter sees it with the table, its lines and a live event', async () => {
    const f = await qrFixture(ctx);
    const events = collectEvents(ctx, f.restaurant.id);
    const res = await guestOf(f).order(basket(f));
    expect(res.statusCode).toBe(201);
    const { requestId, status } = res.json();
    expect(status).toBe('pending');
    expect(events.some((e) => e.type === 'table-requests' && e.id === requestId)).toBe(true);

    const [listed] = await f.staff().list();
    expect(listed).toMatchObject({
      id: requestId,
      kind: 'order',
      status: 'pending',
      tableName: 'Salon 1',
      sectionName: 'Salon',
      itemCount: 3,
      totalKurus: 2 * (9000 + 4500) + 9500,
      isMine: true,
      tableWaiterId: null,
    });
    expect((listed as unknown as { lines: unknown[] }).lines).toEqual([
      { menuItemId: f.mercimek.id, name: 'Mercimek', quantity: 2, unitPriceKurus: 13500, options: [expect.objectContaining({ optionId: f.large.id, name: '1,5', priceKurus: 4500 })], note: 'Limonlu' },
      { menuItemId: f.ezogelin.id, name: 'Ezogelin', quantity: 1, unitPriceKurus: 9500, options: [], note: null },
    ]);
    expect((await guestOf(f).status(requestId)).json()).toEqual({ status: 'pending', kind: 'order' });
  });

  it('is one request when double-tapped: the same Idempotency-Key gets the same answer', async () => {
    const f = await qrFixture(ctx);
    const guest = guestOf(f);
    const key = randomUUID();
    const first = await guest.order(basket(f), key);
    const again = await guest.order(basket(f), key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    // two taps at once: still one request
    const twin = randomUUID();
    const both = await Promise.all([guest.order(basket(f), twin), guest.order(basket(f), twin)]);
    const ids = new Set(both.filter((r) => r.statusCode === 201).map((r) => r.json().requestId));
    expect(ids.size).toBe(1);
    expect(await requestsOf(f.restaurant.id)).toHaveLength(2);
  });

  it('needs an Idempotency-Key, so a retried order can never be two', async () => {
    const f = await qrFixture(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/public/menus/${f.restaurant.id}/tables/${f.tables[0].qrToken}/requests`,
      payload: { items: basket(f) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(TABLE_REQUEST_MESSAGES.idempotencyKeyMissing);
  });

  it('enforces the option groups: a required one chosen, options of the dish only', async () => {
    const f = await qrFixture(ctx);
    const guest = guestOf(f);
    const missing = await guest.order([{ menuItemId: f.mercimek.id, quantity: 1 }]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toContain('zorunlu');
    const both = await guest.order([{ menuItemId: f.mercimek.id, quantity: 1, optionIds: [f.single.id, f.large.id] }]);
    expect(both.statusCode).toBe(400);
    const foreignOption = await guest.order([{ menuItemId: f.ezogelin.id, quantity: 1, optionIds: [f.large.id] }]);
    expect(foreignOption.statusCode).toBe(400);
    expect(await requestsOf(f.restaurant.id)).toHaveLength(0);
  });

  it('refuses a dish that sold out since the page loaded with 409 naming it', async () => {
    const f = await qrFixture(ctx);
    await ctx.database.db.update(menuItems).set({ isAvailable: false }).where(eq(menuItems.id, f.ezogelin.id));
    const res = await guestOf(f).order(basket(f));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('"Ezogelin" tükendi; eklenemez');
  });

  it("refuses another restaurant's dish and another table's or restaurant's token", async () => {
    const f = await qrFixture(ctx);
    const other = await qrFixture(ctx);
    const foreignDish = await guestOf(f).order([{ menuItemId: other.ezogelin.id, quantity: 1 }]);
    expect(foreignDish.statusCode).toBe(404);
    expect(foreignDish.json().error).toBe('Ürün bulunamadı');
    // this restaurant's id with the other restaurant's table token
    const crossed = await guestAt(ctx, f.restaurant.id, other.tables[0].qrToken, nextAddress()).order(basket(f));
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json().error).toBe(TABLE_REQUEST_MESSAGES.tokenInvalid);
    // the table id is no token
    const byId = await guestAt(ctx, f.restaurant.id, f.tables[0].id, nextAddress()).order(basket(f));
    expect(byId.statusCode).toBe(404);
    // a request is read through its own table's token only
    const { requestId } = (await guestOf(f, 0).order(basket(f))).json();
    expect((await guestOf(f, 1).status(requestId)).statusCode).toBe(404);
    expect((await guestAt(ctx, other.restaurant.id, other.tables[0].qrToken, nextAddress()).status(requestId)).statusCode).toBe(404);
    expect((await guestOf(f, 0).status(requestId)).statusCode).toBe(200);
  });

  it('answers 404 while QR ordering is off — a new restaurant starts with it off — and 409 outside its hours', async () => {
    const f = await qrFixture(ctx, { enabled: false });
    const off = await guestOf(f).order(basket(f));
    expect(off.statusCode).toBe(404);
    expect(off.json().error).toBe(TABLE_REQUEST_MESSAGES.orderingOff);
    expect((await guestOf(f).call('waiter')).statusCode).toBe(404);

    // the owner turns it on in the settings document
    const url = `/api/restaurants/${f.restaurant.id}/settings/general`;
    const current = await ctx.app.inject({ method: 'GET', url, cookies: f.restaurant.owner.cookies });
    expect(current.json().qrOrdering).toEqual({ enabled: false, confirmBy: 'waiter', hours: null });
    const saved = await ctx.app.inject({
      method: 'PUT',
      url,
      cookies: f.restaurant.owner.cookies,
      headers: { 'if-match': current.headers.etag as string },
      payload: { ...(current.json() as object), qrOrdering: { enabled: true, confirmBy: 'waiter', hours: { from: '11:00', to: '23:00' } } },
    });
    expect(saved.statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-25T10:00:00+03:00') });
    const early = await guestOf(f).order(basket(f));
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(TABLE_REQUEST_MESSAGES.outsideHours('11:00', '23:00'));
    vi.setSystemTime(new Date('2026-11-25T12:30:00+03:00'));
    expect((await guestOf(f).order(basket(f))).statusCode).toBe(201);
  });
});

describe('a public menu taken offline', () => {
  it('takes no orders and no calls from its tables either, though QR Sipariş is on; nothing is stored', async () => {
    const f = await qrFixture(ctx);
    expect((await guestOf(f).order(basket(f))).statusCode).toBe(201);
    const saved = await saveOwnerSettings(ctx, f.restaurant, (s) => ({ publicMenu: { ...s.publicMenu, enabled: false } }));
    expect(saved.statusCode).toBe(200);
    expect(saved.json().qrOrdering.enabled).toBe(true);

    const order = await guestOf(f).order(basket(f));
    expect(order.statusCode).toBe(404);
    expect(order.json().error).toBe(TABLE_REQUEST_MESSAGES.orderingOff);
    expect((await guestOf(f).call('bill')).statusCode).toBe(404);
    expect(await requestsOf(f.restaurant.id)).toHaveLength(1);
  });
});

describe('limits', () => {
  it('keeps five orders of a table waiting at most, in Turkish', async () => {
    const f = await qrFixture(ctx);
    for (let i = 0; i < 5; i++) expect((await guestOf(f).order(basket(f))).statusCode).toBe(201);
    const sixth = await guestOf(f).order(basket(f));
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error).toBe(TABLE_REQUEST_MESSAGES.tooManyPending);
    // another table is not held up
    expect((await guestOf(f, 1).order(basket(f))).statusCode).toBe(201);
  });

  it('takes twenty writes a minute from one address, then asks to wait (Retry-After)', async () => {
    const f = await qrFixture(ctx);
    const address = nextAddress();
    for (let i = 0; i < 20; i++) expect((await guestAt(ctx, f.restaurant.id, f.tables[i % 3].qrToken, address).call('waiter')).statusCode).toBe(201);
    const over = await guestAt(ctx, f.restaurant.id, f.tables[0].qrToken, address).call('bill');
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toBe(TABLE_REQUEST_MESSAGES.tooManyRequests);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('the waiter answers', () => {
  it('accepts: one new round on the table’s adisyon (opened on a free table), the kitchen gets one card, the guest sees it coming', async () => {
    const f = await qrFixture(ctx);
    const guest = guestOf(f);
    const { requestId } = (await guest.order(basket(f))).json();
    const events = collectEvents(ctx, f.restaurant.id);
    const accepted = await f.staff().accept(requestId);
    expect(accepted.statusCode).toBe(200);
    const { ticketId } = accepted.json();
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['tickets', 'kitchen', 'table-requests']));

    const ticket = (await f.staff().call('GET', `/tickets/${ticketId}`)).json() as Ticket;
    expect(ticket.tableId).toBe(f.tables[0].id);
    expect(ticket.lines.map((l) => [l.name, l.quantity, l.status])).toEqual([
      ['Mercimek', 2, 'sent'],
      ['Ezogelin', 1, 'sent'],
    ]);
    const kitchen = (await f.staff(f.restaurant.kitchen).call('GET', '/kitchen/orders')).json() as KitchenOrder[];
    expect(kitchen.filter((o) => o.ticketId === ticketId)).toHaveLength(1);
    expect((await guest.status(requestId)).json()).toEqual({ status: 'accepted', kind: 'order', progress: 'sent' });

    // the kitchen starts the first line: the guest reads "Hazırlanıyor"
    const started = await f.staff(f.restaurant.kitchen).call('POST', `/kitchen/lines/${ticket.lines[0].id}/status`, { status: 'preparing' });
    expect(started.statusCode).toBeLessThan(300);
    expect((await guest.status(requestId)).json().progress).toBe('preparing');

    // a second order from the table: a new round on the same adisyon, a second card
    const second = (await guest.order([{ menuItemId: f.ezogelin.id, quantity: 2 }])).json();
    expect((await f.staff().accept(second.requestId)).json()).toEqual({ ticketId });
    const after = (await f.staff().call('GET', `/tickets/${ticketId}`)).json() as Ticket;
    expect(after.lines).toHaveLength(3);
    const cards = ((await f.staff(f.restaurant.kitchen).call('GET', '/kitchen/orders')).json() as KitchenOrder[]).filter((o) => o.ticketId === ticketId);
    expect(cards).toHaveLength(2);
    expect(cards.some((c) => c.isAddition)).toBe(true);
    // answered once: a second tap on Onayla is refused
    const twice = await f.staff().accept(requestId);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(TABLE_REQUEST_MESSAGES.alreadyAccepted);
  });

  it('adds only to the request’s own table: never to another table’s adisyon', async () => {
    const f = await qrFixture(ctx);
    const other = await f.staff().call('POST', '/tickets', { type: 'table', tableId: f.tables[1].id });
    const { requestId } = (await guestOf(f, 0).order(basket(f))).json();
    const { ticketId } = (await f.staff().accept(requestId)).json();
    expect(ticketId).not.toBe(other.json().id);
    expect(((await f.staff().call('GET', `/tickets/${other.json().id}`)).json() as Ticket).lines).toHaveLength(0);
  });

  it('leaves a waiter’s unsent lines alone: accepting waits until they are sent', async () => {
    const f = await qrFixture(ctx);
    const opened = (await f.staff().call('POST', '/tickets', { type: 'table', tableId: f.tables[0].id })).json() as Ticket;
    await f.staff().call('POST', `/tickets/${opened.id}/lines`, { version: opened.version, lines: [{ menuItemId: f.ezogelin.id, quantity: 1 }] });
    const { requestId } = (await guestOf(f).order(basket(f))).json();
    const res = await f.staff().accept(requestId);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(TABLE_REQUEST_MESSAGES.unsentLines);
    expect((await guestOf(f).status(requestId)).json().status).toBe('pending');
  });

  it('refuses a dish that sold out before the waiter accepted, naming it', async () => {
    const f = await qrFixture(ctx);
    const { requestId } = (await guestOf(f).order(basket(f))).json();
    await ctx.database.db.update(menuItems).set({ isAvailable: false }).where(eq(menuItems.id, f.mercimek.id));
    const res = await f.staff().accept(requestId);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('"Mercimek" tükendi; eklenemez');
  });

  it('rejects with a reason the guest reads', async () => {
    const f = await qrFixture(ctx);
    const guest = guestOf(f);
    const { requestId } = (await guest.order(basket(f))).json();
    expect((await f.staff().reject(requestId, 'Mutfak kapandı')).statusCode).toBe(204);
    expect((await guest.status(requestId)).json()).toEqual({ status: 'rejected', kind: 'order', reason: 'Mutfak kapandı' });
    expect((await f.staff().accept(requestId)).json().error).toBe(TABLE_REQUEST_MESSAGES.alreadyRejected);
    const [audit] = await ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'table.request.reject'), eq(auditEvents.entityId, requestId)));
    expect(audit).toMatchObject({ reason: 'Mutfak kapandı', before: { status: 'pending' }, after: { status: 'rejected', table: f.tables[0].name } });
  });

  it('lets an order expire unanswered after fifteen minutes', async () => {
    const f = await qrFixture(ctx);
    const start = new Date('2026-11-25T20:00:00+03:00');
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const guest = guestOf(f);
    const { requestId } = (await guest.order(basket(f))).json();
    vi.setSystemTime(new Date(start.getTime() + 14 * 60_000 + 59_000));
    expect((await guest.status(requestId)).json().status).toBe('pending');
    vi.setSystemTime(new Date(start.getTime() + 15 * 60_000));
    expect((await guest.status(requestId)).json().status).toBe('expired');
    const late = await f.staff().accept(requestId);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(TABLE_REQUEST_MESSAGES.expired);
    expect((await f.staff().list()).find((r) => r.id === requestId)?.status).toBe('expired');
    // an expired order no longer counts against the table's five
    for (let i = 0; i < 5; i++) expect((await guest.order(basket(f))).statusCode).toBe(201);
  });

  it('straight to the kitchen: the order is accepted as it arrives', async () => {
    const f = await qrFixture(ctx, { confirmBy: 'kitchen' });
    const guest = guestOf(f);
    const res = await guest.order(basket(f));
    expect(res.statusCode).toBe(201);
    expect(res.json().status).toBe('accepted');
    const [row] = await requestsOf(f.restaurant.id);
    expect(row.ticketId).not.toBeNull();
    const kitchen = (await f.staff(f.restaurant.kitchen).call('GET', '/kitchen/orders')).json() as KitchenOrder[];
    expect(kitchen.filter((o) => o.ticketId === row.ticketId)).toHaveLength(1);
    expect((await guest.status(res.json().requestId)).json()).toMatchObject({ status: 'accepted', progress: 'sent' });
  });

  it('audits every step: the guest’s request and the waiter’s answer', async () => {
    const f = await qrFixture(ctx);
    const { requestId } = (await guestOf(f).order(basket(f))).json();
    await f.staff().accept(requestId);
    const rows = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.restaurantId, f.restaurant.id), eq(auditEvents.entityId, requestId)));
    expect(rows.map((r) => [r.action, r.actorRole])).toEqual([
      ['table.request.create', 'guest'],
      ['table.request.accept', 'waiter'],
    ]);
    expect(rows[1].actorUserId).toBe(f.restaurant.waiter.user.id);
  });
});

describe('calls from the table', () => {
  it('rings once for repeated taps, and shows who answered; a bill request marks the adisyon', async () => {
    const f = await qrFixture(ctx);
    const guest = guestOf(f);
    const opened = (await f.staff().call('POST', '/tickets', { type: 'table', tableId: f.tables[0].id })).json() as Ticket;
    const first = await guest.call('bill');
    expect(first.statusCode).toBe(201);
    const again = await guest.call('bill');
    expect(again.json().requestId).toBe(first.json().requestId);
    const waiterCall = (await guest.call('waiter')).json();
    expect(waiterCall.requestId).not.toBe(first.json().requestId);
    type Marked = Ticket & { billRequested?: boolean; billRequestedAt?: string | null };
    const billAsked = async () => {
      const t = (await f.staff().call('GET', `/tickets/${opened.id}`)).json() as Marked;
      return Boolean(t.billRequested ?? t.billRequestedAt);
    };
    // Gördüm on the waiter call: the waiter goes to the table, nobody asked for the bill yet
    expect((await f.staff().acknowledge(waiterCall.requestId)).statusCode).toBe(204);
    expect(await billAsked()).toBe(false);

    expect((await f.staff().accept(first.json().requestId)).statusCode).toBe(409);
    expect((await f.staff().acknowledge(first.json().requestId)).statusCode).toBe(204);
    const listed = (await f.staff(f.restaurant.owner).list()).find((r) => r.id === first.json().requestId);
    expect(listed).toMatchObject({ status: 'accepted', answeredByName: f.restaurant.waiter.user.name });
    expect((await guest.status(first.json().requestId)).json()).toEqual({ status: 'accepted', kind: 'bill' });
    expect(await billAsked()).toBe(true);
  });

  it('answers each wrong answer in Turkish: a call is not accepted, an order is not seen, nothing is answered twice', async () => {
    const f = await qrFixture(ctx);
    const guest = guestOf(f);
    const call = (await guest.call('waiter')).json().requestId as string;
    const { requestId: order } = (await guest.order(basket(f))).json();
    expect((await f.staff().accept(call)).json()).toEqual({ error: TABLE_REQUEST_MESSAGES.notAnOrder });
    expect((await f.staff().acknowledge(order)).json()).toEqual({ error: TABLE_REQUEST_MESSAGES.notACall });
    expect((await f.staff().acknowledge(call)).statusCode).toBe(204);
    const twice = await f.staff().acknowledge(call);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ error: TABLE_REQUEST_MESSAGES.alreadyAnswered });
    expect((await f.staff().accept(order)).statusCode).toBe(200);
    const again = await f.staff().accept(order);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: TABLE_REQUEST_MESSAGES.alreadyAccepted });
  });

  it('leaves the time of a bill already asked for: the adisyon keeps its first Hesap istendi', async () => {
    const f = await qrFixture(ctx);
    const opened = (await f.staff().call('POST', '/tickets', { type: 'table', tableId: f.tables[0].id })).json() as Ticket;
    const askedAt = new Date('2026-11-25T19:30:00Z');
    await ctx.database.db.update(tickets).set({ billRequestedAt: askedAt }).where(eq(tickets.id, opened.id));
    const bill = (await guestOf(f).call('bill')).json().requestId as string;
    expect((await f.staff().acknowledge(bill)).statusCode).toBe(204);
    const [row] = await ctx.database.db.select().from(tickets).where(eq(tickets.id, opened.id));
    expect(row.billRequestedAt).toEqual(askedAt);
    const [audit] = await ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'table.call.acknowledge'), eq(auditEvents.entityId, bill)));
    expect(audit.after).toEqual({ status: 'accepted', kind: 'bill', table: f.tables[0].name });
  });

  it('audits a bill request that marks the adisyon with the adisyon it marked', async () => {
    const f = await qrFixture(ctx);
    const opened = (await f.staff().call('POST', '/tickets', { type: 'table', tableId: f.tables[0].id })).json() as Ticket;
    const bill = (await guestOf(f).call('bill')).json().requestId as string;
    expect((await f.staff().acknowledge(bill)).statusCode).toBe(204);
    const [audit] = await ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'table.call.acknowledge'), eq(auditEvents.entityId, bill)));
    expect(audit.after).toEqual({ status: 'accepted', kind: 'bill', table: f.tables[0].name, billRequestedOn: opened.id });
  });
});

describe('the staff’s list of the last hour', () => {
  it('holds what arrived, was answered or expired in the last hour, with who answered and when, and nothing older', async () => {
    const f = await qrFixture(ctx);
    const at = (clock: string) => new Date(`2026-11-28T${clock}:00+03:00`);
    vi.useFakeTimers({ toFake: ['Date'], now: at('20:50') });
    const bill = (await guestOf(f, 1).call('bill')).json().requestId as string;
    const order = (await guestOf(f, 0).order(basket(f))).json().requestId as string;
    vi.setSystemTime(at('21:02'));
    expect((await f.staff(f.restaurant.owner).acknowledge(bill)).statusCode).toBe(204);
    const listed = async (clock: string) => {
      vi.setSystemTime(at(clock));
      const res = await f.staff(f.restaurant.owner).call('GET', '/table-requests');
      expect(res.statusCode).toBe(200);
      return new Map((res.json().requests as TableRequestInfo[]).map((r) => [r.id, r]));
    };

    // 21:55: the bill asked for at 20:50 was answered at 21:02, the order expired unanswered at 21:05
    const late = await listed('21:55');
    expect(late.get(bill)).toMatchObject({
      kind: 'bill',
      status: 'accepted',
      tableName: f.tables[1].name,
      createdAt: at('20:50').toISOString(),
      answeredAt: at('21:02').toISOString(),
      answeredByName: f.restaurant.owner.user.name,
    });
    expect(late.get(order)).toMatchObject({ kind: 'order', status: 'expired', answeredAt: null, answeredByName: null });
    // an hour after its answer the bill goes; the order an hour after it expired
    const later = await listed('22:03');
    expect([...later.keys()]).toEqual([order]);
    expect((await listed('22:06')).size).toBe(0);
    // the waiter reads the same hour
    vi.setSystemTime(at('21:30'));
    expect(new Set((await f.staff().list()).map((r) => r.id))).toEqual(new Set([bill, order]));
  });
});

describe('the QR token', () => {
  it('is new on demand: the old code can neither order nor read, the new one can', async () => {
    const f = await qrFixture(ctx);
    const oldToken = f.tables[0].qrToken;
    const { requestId } = (await guestOf(f).order(basket(f))).json();
    const tokens = await ctx.app.inject({ method: 'GET', url: `/api/restaurants/${f.restaurant.id}/tables/qr-tokens`, cookies: f.restaurant.owner.cookies });
    expect(tokens.json().tables).toContainEqual({ tableId: f.tables[0].id, token: oldToken });

    const rotated = await ctx.app.inject({ method: 'POST', url: `/api/restaurants/${f.restaurant.id}/tables/${f.tables[0].id}/qr-token`, cookies: f.restaurant.owner.cookies });
    expect(rotated.statusCode).toBe(201);
    const { token } = rotated.json();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(token).not.toBe(oldToken);

    const old = guestAt(ctx, f.restaurant.id, oldToken, nextAddress());
    const refused = await old.order(basket(f));
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toBe(TABLE_REQUEST_MESSAGES.tokenInvalid);
    expect((await old.status(requestId)).statusCode).toBe(404);
    expect((await old.call('waiter')).statusCode).toBe(404);
    const menuWithOld = await ctx.app.inject({ method: 'GET', url: `/api/public/menus/${f.restaurant.id}?masa=${oldToken}` });
    expect(menuWithOld.json()).not.toHaveProperty('table');

    const fresh = guestAt(ctx, f.restaurant.id, token, nextAddress());
    expect((await fresh.status(requestId)).json().status).toBe('pending');
    expect((await fresh.order(basket(f))).statusCode).toBe(201);
    const menu = (await ctx.app.inject({ method: 'GET', url: `/api/public/menus/${f.restaurant.id}?masa=${token}` })).json();
    expect(menu.table).toEqual({ name: 'Salon 1' });
    expect(menu.ordering).toEqual({ enabled: true, confirmBy: 'waiter' });
    const mercimek = menu.menuItems.find((i: { id: string }) => i.id === f.mercimek.id);
    expect(mercimek.optionGroups).toEqual([
      { id: f.menu.optionGroup!.id, name: f.menu.optionGroup!.name, min: 1, max: 1, options: [{ id: f.single.id, name: '1', price: 0 }, { id: f.large.id, name: '1,5', price: 4500 }] },
    ]);

    const audit = await ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.restaurantId, f.restaurant.id), eq(auditEvents.action, 'layout.table.qr-token.rotate')));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0])).not.toContain(token);
  });

  it('is the owner’s: a waiter can neither read nor renew the codes', async () => {
    const f = await qrFixture(ctx);
    const read = await ctx.app.inject({ method: 'GET', url: `/api/restaurants/${f.restaurant.id}/tables/qr-tokens`, cookies: f.restaurant.waiter.cookies });
    expect(read.statusCode).toBe(403);
    const renew = await ctx.app.inject({ method: 'POST', url: `/api/restaurants/${f.restaurant.id}/tables/${f.tables[0].id}/qr-token`, cookies: f.restaurant.waiter.cookies });
    expect(renew.statusCode).toBe(403);
  });
});

describe('guessing table tokens', () => {
  it('answers a well-formed token of a restaurant that does not exist with the restaurant 404', async () => {
    const f = await qrFixture(ctx);
    const res = await guestAt(ctx, randomUUID(), f.tables[0].qrToken, nextAddress()).order(basket(f));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: MESSAGES.restaurantNotFound });
  });

  it('stops an address after 60 wrong tokens, even for a right one, while its right tokens never count', async () => {
    const f = await qrFixture(ctx);
    const address = nextAddress();
    const wrong = guestAt(ctx, f.restaurant.id, 'x'.repeat(43), address);
    const right = guestAt(ctx, f.restaurant.id, f.tables[0].qrToken, address);
    for (let i = 0; i < 59; i++) expect((await wrong.status(randomUUID())).statusCode).toBe(404);
    for (let i = 0; i < 3; i++) expect((await right.status(randomUUID())).json().error).not.toBe(TABLE_REQUEST_MESSAGES.tooManyTokenTries);
    const sixtieth = await wrong.status(randomUUID());
    expect([sixtieth.statusCode, sixtieth.json().error]).toEqual([404, TABLE_REQUEST_MESSAGES.tokenInvalid]);
    const stopped = await right.call('waiter');
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json()).toEqual({ error: TABLE_REQUEST_MESSAGES.tooManyTokenTries });
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(0);
    // another address is not stopped
    expect((await guestOf(f).call('waiter')).statusCode).toBe(201);
  });
});

