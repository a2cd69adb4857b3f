import { eq } from 'drizzle-orm';
import type { CustomerHistoryInfo, OnlineOrderInfo } from '../../../shared/online-orders-contract';
import type { Ticket } from '../../../shared/ticket-contract';
import { onlineOrders } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { onlineOrdersFixture } from './online-orders-test-kit';

/*
 * Telefon Siparişi (issue 24): staff type in an order taken by phone; it is numbered T-1, T-2, ...,
 * goes to the kitchen at once, and the phone number finds the customer's earlier addresses.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

type Fixture = Awaited<ReturnType<typeof onlineOrdersFixture>>;
const phoneOrder = (f: Fixture, extra: Record<string, unknown> = {}) => ({
  type: 'delivery',
  customer: { name: 'Hasan Demir', phone: '0533 444 55 66', address: 'Cumhuriyet Mah. 12. Sok. No: 3, Şişli' },
  items: [{ menuItemId: f.ezogelin.id, quantity: 3 }],
  payment: { method: 'cash' },
  prepMinutes: 30,
  ...extra,
});

describe('a phone order', () => {
  it('is numbered T-1, T-2, accepted and sent to the kitchen at once', async () => {
    const f = await onlineOrdersFixture(ctx);
    const first = await f.call(f.restaurant.owner, 'POST', '/online-orders/phone', phoneOrder(f));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ status: 'accepted' });
    const second = await f.call(f.restaurant.owner, 'POST', '/online-orders/phone', phoneOrder(f, { type: 'takeaway', customer: { name: 'Elif', phone: '0212 000 11 22' } }));
    expect(second.statusCode, second.body).toBe(201);

    const inbox = (await f.call(f.restaurant.owner, 'GET', '/online-orders')).json() as OnlineOrderInfo[];
    expect(inbox.map((o) => [o.source, o.externalId, o.status, o.prepMinutes]).sort()).toEqual([
      ['phone', 'T-1', 'accepted', 30],
      ['phone', 'T-2', 'accepted', 30],
    ]);
    const ticket = (await f.call(f.restaurant.owner, 'GET', `/tickets/${first.json().ticketId}`)).json() as Ticket;
    expect(ticket).toMatchObject({ type: 'delivery', customer: { name: 'Hasan Demir · Tel #T-1' } });
    expect(ticket.lines.map((l) => [l.name, l.quantity, l.status])).toEqual([['Ezogelin', 3, 'sent']]);
  });

  it('is refused whole when the form is incomplete, and by staff other than the owner', async () => {
    const f = await onlineOrdersFixture(ctx);
    const noAddress = await f.call(f.restaurant.owner, 'POST', '/online-orders/phone', phoneOrder(f, { customer: { name: 'Ali', phone: '0533 444 55 66' } }));
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().error).toMatch(/adres zorunludur/);
    expect((await f.call(f.restaurant.owner, 'POST', '/online-orders/phone', phoneOrder(f, { prepMinutes: 2 }))).statusCode).toBe(400);
    expect((await f.call(f.restaurant.waiter, 'POST', '/online-orders/phone', phoneOrder(f))).statusCode).toBe(403);
    expect(await ctx.database.db.select().from(onlineOrders).where(eq(onlineOrders.restaurantId, f.restaurant.id))).toHaveLength(0);
  });
});

describe('the customer lookup', () => {
  it('finds the names and addresses a number gave before, newest first, however the number is typed', async () => {
    const f = await onlineOrdersFixture(ctx);
    await f.call(f.restaurant.owner, 'POST', '/online-orders/phone', phoneOrder(f));
    await f.post(f.order({ customer: { name: 'Hasan D.', phone: '+90 533 444 55 66', address: 'İş yeri: Büyükdere Cad. 100, Levent' } }));
    const res = await f.call(f.restaurant.owner, 'GET', `/online-orders/customers?phone=${encodeURIComponent('0 (533) 444-55-66')}`);
    expect(res.statusCode, res.body).toBe(200);
    const history = res.json() as CustomerHistoryInfo;
    expect(history.phone).toBe('+905334445566');
    expect(history.names).toEqual(['Hasan D.', 'Hasan Demir']);
    expect(history.addresses.map((a) => a.address)).toEqual(['İş yeri: Büyükdere Cad. 100, Levent', 'Cumhuriyet Mah. 12. Sok. No: 3, Şişli']);
    expect(history.lastOrders[1]).toMatchObject({ source: 'phone', externalId: 'T-1', summary: '3× Ezogelin', total: 28_500 });

    const unknown = (await f.call(f.restaurant.owner, 'GET', '/online-orders/customers?phone=05001112233')).json() as CustomerHistoryInfo;
    expect(unknown).toMatchObject({ names: [], addresses: [], lastOrders: [] });
    expect((await f.call(f.restaurant.owner, 'GET', '/online-orders/customers?phone=abc')).statusCode).toBe(400);
    // another restaurant's customers stay its own
    const other = await onlineOrdersFixture(ctx);
    expect(((await other.call(other.restaurant.owner, 'GET', '/online-orders/customers?phone=05334445566')).json() as CustomerHistoryInfo).addresses).toEqual([]);
  });
});
