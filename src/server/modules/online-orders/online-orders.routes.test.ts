import { eq } from 'drizzle-orm';
import type { KitchenOrder } from '../../../shared/kitchen-contract';
import type { OnlineOrderInfo } from '../../../shared/online-orders-contract';
import type { Ticket } from '../../../shared/ticket-contract';
import { auditEvents, menuItems, onlineOrders, ticketLines, tickets } from '../../db/schema';
import { collectEvents, createTestApp, type TestContext } from '../../test-support/test-app';
import { onlineOrdersFixture } from './online-orders-test-kit';

/*
 * Online Sipariş Takibi (issue 24): the owner accepts an order with a preparation time (it becomes a
 * Paket Servis / Gel-Al ticket sent to the kitchen as one batch) or rejects it with a reason.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

type Fixture = Awaited<ReturnType<typeof onlineOrdersFixture>>;

async function received(f: Fixture, extra: Record<string, unknown> = {}) {
  const res = await f.post(f.order(extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().orderId as string;
}
const inbox = async (f: Fixture, query = '') => (await f.call(f.restaurant.owner, 'GET', `/online-orders${query}`)).json() as OnlineOrderInfo[];

describe('Onayla', () => {
  it('opens a Paket Servis ticket with the order’s lines and number, sent to the kitchen as one batch', async () => {
    const f = await onlineOrdersFixture(ctx);
    const orderId = await received(f, { externalId: 'W-77' });
    const events = collectEvents(ctx, f.restaurant.id);
    const res = await f.call(f.restaurant.owner, 'POST', `/online-orders/${orderId}/accept`, { prepMinutes: 25 });
    expect(res.statusCode, res.body).toBe(200);
    const { ticketId, status } = res.json();
    expect(status).toBe('accepted');
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['online-orders', 'tickets', 'kitchen']));

    const ticket = (await f.call(f.restaurant.owner, 'GET', `/tickets/${ticketId}`)).json() as Ticket;
    expect(ticket).toMatchObject({ type: 'delivery', status: 'open', customer: { name: 'Ayşe Yılmaz · Sofra #W-77', phone: '+905321234567', address: 'Moda Cad. No: 5 D: 3, Kadıköy' } });
    expect(ticket.lines.map((l) => [l.name, l.quantity, l.unitPrice, l.status, l.note])).toEqual([
      ['Mercimek', 1, 13_500, 'sent', 'Limonlu'],
      ['Ezogelin', 2, 9500, 'sent', null],
    ]);
    expect(new Set(ticket.lines.map((l) => l.batchId)).size).toBe(1);
    expect(ticket.totals.total).toBe(32_500);

    const kitchen = (await f.call(f.restaurant.kitchen, 'GET', '/kitchen/orders')).json() as KitchenOrder[];
    expect(kitchen.filter((k) => k.ticketId === ticketId)).toHaveLength(1);
    expect(kitchen.find((k) => k.ticketId === ticketId)).toMatchObject({ type: 'delivery', customerName: 'Ayşe Yılmaz · Sofra #W-77' });

    const [listed] = await inbox(f);
    expect(listed).toMatchObject({ status: 'accepted', prepMinutes: 25, ticketId, ticketNumber: ticket.number });
    expect(listed.answeredAt).not.toBeNull();
  });

  it('opens a Gel-Al ticket for a takeaway order without an address', async () => {
    const f = await onlineOrdersFixture(ctx);
    const orderId = await received(f, { type: 'takeaway', customer: { name: 'Mehmet', phone: '0212 555 44 33' } });
    const { ticketId } = (await f.call(f.restaurant.owner, 'POST', `/online-orders/${orderId}/accept`, { prepMinutes: 10 })).json();
    const ticket = (await f.call(f.restaurant.owner, 'GET', `/tickets/${ticketId}`)).json() as Ticket;
    expect(ticket.type).toBe('takeaway');
    expect(ticket.customer?.address).toBeNull();
  });

  it('answers an order twice with 409 and never opens a second ticket', async () => {
    const f = await onlineOrdersFixture(ctx);
    const orderId = await received(f);
    const first = await f.call(f.restaurant.owner, 'POST', `/online-orders/${orderId}/accept`, { prepMinutes: 20 });
    const again = await f.call(f.restaurant.owner, 'POST', `/online-orders/${orderId}/accept`, { prepMinutes: 20 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'Bu sipariş zaten yanıtlanmış (Onaylandı)', ticketId: first.json().ticketId });
    const rejected = await f.call(f.restaurant.owner, 'POST', `/online-orders/${orderId}/reject`, { reason: 'too_busy' });
    expect(rejected.statusCode).toBe(409);
    expect(await ctx.database.db.select().from(tickets).where(eq(tickets.restaurantId, f.restaurant.id))).toHaveLength(1);
  });

  it('keeps the prices the order was taken at when the menu changes before it is accepted', async () => {
    const f = await onlineOrdersFixture(ctx);
    const orderId = await received(f);
    await ctx.database.db.update(menuItems).set({ priceKurus: 20_000 }).where(eq(menuItems.id, f.ezogelin.id));
    const { ticketId } = (await f.call(f.restaurant.owner, 'POST', `/online-orders/${orderId}/accept`, { prepMinutes: 20 })).json();
    const ticket = (await f.call(f.restaurant.owner, 'GET', `/tickets/${ticketId}`)).json() as Ticket;
    expect(ticket.totals.total).toBe(32_500);
  });

  it('refuses a preparation time outside 5 to 120 minutes', async () => {
    const f = await onlineOrdersFixture(ctx);
    const orderId = await received(f);
    for (const prepMinutes of [0, 121, 12.5, '20', undefined]) {
      const res = await f.call(f.restaurant.owner, 'POST', `/online-orders/${orderId}/accept`, { prepMinutes });
      expect(res.statusCode, String(prepMinutes)).toBe(400);
      expect(res.json().error).toMatch(/Hazırlama süresi/);
    }
    expect((await inbox(f))[0].status).toBe('new');
  });

  it('follows the kitchen: Hazırlanıyor, then Hazır when every dish is ready, Teslim Edildi when the bill closes', async () => {
    const f = await onlineOrdersFixture(ctx);
    const orderId = await received(f);
    const { ticketId } = (await f.call(f.restaurant.owner, 'POST', `/online-orders/${orderId}/accept`, { prepMinutes: 20 })).json();
    const lines = await ctx.database.db.select().from(ticketLines).where(eq(ticketLines.ticketId, ticketId));
    await ctx.database.db.update(ticketLines).set({ status: 'preparing' }).where(eq(ticketLines.id, lines[0].id));
    expect((await inbox(f))[0].status).toBe('preparing');
    await ctx.database.db.update(ticketLines).set({ status: 'ready' }).where(eq(ticketLines.ticketId, ticketId));
    expect((await inbox(f))[0].status).toBe('ready');
    expect(await inbox(f, '?status=ready')).toHaveLength(1);
    expect(await inbox(f, '?status=new')).toHaveLength(0);
    await ctx.database.db.update(tickets).set({ status: 'closed' }).where(eq(tickets.id, ticketId));
    expect((await inbox(f))[0].status).toBe('delivered');
  });
});

describe('Reddet', () => {
  it('rejects with a reason, writes the audit row and sends nothing to the kitchen', async () => {
    const f = await onlineOrdersFixture(ctx);
    const orderId = await received(f);
    const res = await f.call(f.restaurant.owner, 'POST', `/online-orders/${orderId}/reject`, { reason: 'out_of_area' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: orderId, status: 'rejected', rejectReason: 'out_of_area', rejectNote: null, ticketId: null });
    expect(await ctx.database.db.select().from(tickets).where(eq(tickets.restaurantId, f.restaurant.id))).toHaveLength(0);
    const audit = await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.entityId, orderId));
    expect(audit.map((a) => a.action)).toEqual(['online_order.receive', 'online_order.reject']);
    expect(await inbox(f, '?status=rejected')).toHaveLength(1);
  });

  it("asks for a note with 'Diğer' and refuses an unknown reason", async () => {
    const f = await onlineOrdersFixture(ctx);
    const orderId = await received(f);
    const noNote = await f.call(f.restaurant.owner, 'POST', `/online-orders/${orderId}/reject`, { reason: 'other' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().error).toMatch(/açıklama yazın/);
    expect((await f.call(f.restaurant.owner, 'POST', `/online-orders/${orderId}/reject`, { reason: 'canim-istemedi' })).statusCode).toBe(400);
    const withNote = await f.call(f.restaurant.owner, 'POST', `/online-orders/${orderId}/reject`, { reason: 'other', note: 'Kurye yok' });
    expect(withNote.json()).toMatchObject({ status: 'rejected', rejectReason: 'other', rejectNote: 'Kurye yok' });
  });
});

describe('who may answer', () => {
  it("is the restaurant's owner: a waiter or the kitchen gets 403, another restaurant's owner 404", async () => {
    const f = await onlineOrdersFixture(ctx);
    const other = await onlineOrdersFixture(ctx);
    const orderId = await received(f);
    for (const who of [f.restaurant.waiter, f.restaurant.kitchen]) {
      expect((await f.call(who, 'GET', '/online-orders')).statusCode).toBe(403);
      expect((await f.call(who, 'POST', `/online-orders/${orderId}/accept`, { prepMinutes: 20 })).statusCode).toBe(403);
    }
    // another owner, with their own restaurant in the path and this order's id
    const foreign = await other.call(other.restaurant.owner, 'POST', `/online-orders/${orderId}/accept`, { prepMinutes: 20 });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'Online sipariş bulunamadı' });
    expect((await other.call(other.restaurant.owner, 'POST', `/online-orders/${orderId}/reject`, { reason: 'closed' })).statusCode).toBe(404);
    expect(await inbox(other)).toHaveLength(0);
    const [row] = await ctx.database.db.select().from(onlineOrders).where(eq(onlineOrders.id, orderId));
    expect(row.status).toBe('new');
    expect((await other.call(other.restaurant.owner, 'POST', '/online-orders/not-an-id/accept', { prepMinutes: 20 })).statusCode).toBe(404);
  });
});
