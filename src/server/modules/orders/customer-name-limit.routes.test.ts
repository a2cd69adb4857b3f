import { eq } from 'drizzle-orm';
import { TICKET_LIMITS, type Ticket } from '../../../shared/ticket-contract';
import { onlineOrders, payments, tickets } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { billsFixture } from '../bills/bills-test-kit';

/*
 * A customer's name may be up to TICKET_LIMITS.customerName (100) characters — Gel-Al, Paket
 * Servis, a phone order and a Cari payment alike: exactly 100 is taken and kept whole, 101 is
 * refused in Turkish (never cut). Turkish letters count as one character each.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
const db = () => ctx.database.db;

// "Şükrü Çağlayan Öztürk " repeated, cut to the length wanted, ending in a letter (nothing to trim)
const nameOf = (length: number) => `${'Şükrü Çağlayan Öztürk '.repeat(10).slice(0, length - 1)}Ğ`;
const TOO_LONG = `Müşteri adı en fazla ${TICKET_LIMITS.customerName} karakter olabilir`;

describe('a 100-character customer name', () => {
  it('is the limit', () => {
    expect(TICKET_LIMITS.customerName).toBe(100);
    expect(nameOf(100)).toHaveLength(100);
    expect(nameOf(101)).toHaveLength(101);
  });

  it.each(['takeaway', 'delivery'] as const)('is accepted on a %s ticket and kept whole; 101 characters are refused', async (type) => {
    const f = await billsFixture(ctx);
    const open = (name: string) =>
      f.api().call('POST', '/tickets', { type, customer: { name, phone: '0532 123 45 67', ...(type === 'delivery' ? { address: 'Moda Cad. 5, Kadıköy' } : {}) } });
    const ok = await open(nameOf(100));
    expect(ok.statusCode, ok.body).toBe(201);
    expect((ok.json() as Ticket).customer?.name).toBe(nameOf(100));
    const [row] = await db().select().from(tickets).where(eq(tickets.id, (ok.json() as Ticket).id));
    expect(row.customerName).toBe(nameOf(100));

    const refused = await open(nameOf(101));
    expect(refused.statusCode).toBe(400);
    expect(Object.values(refused.json().fields)).toEqual([TOO_LONG]);
  });

  it('is accepted on a phone order; 101 characters are refused and nothing is stored', async () => {
    const f = await billsFixture(ctx);
    const order = (name: string) =>
      f.api(f.restaurant.owner).call('POST', '/online-orders/phone', {
        type: 'delivery',
        customer: { name, phone: '0533 444 55 66', address: 'Cumhuriyet Mah. 12. Sok. No: 3, Şişli' },
        items: [{ menuItemId: f.ezogelin.id, quantity: 1 }],
        payment: { method: 'cash' },
        prepMinutes: 30,
      });
    const ok = await order(nameOf(100));
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await db().select().from(onlineOrders).where(eq(onlineOrders.restaurantId, f.restaurant.id))).map((o) => o.customerName)).toEqual([nameOf(100)]);
    const refused = await order(nameOf(101));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toContain(TOO_LONG);
    expect(await db().select().from(onlineOrders).where(eq(onlineOrders.restaurantId, f.restaurant.id))).toHaveLength(1);
  });

  it('is accepted on a Cari payment; 101 characters are refused', async () => {
    const f = await billsFixture(ctx);
    await f.setSettings({ paymentMethods: ['cash', 'card', 'account'] });
    const t = await f.sentTicket({ ezogelin: 1 });
    const refused = await f.bills().pay(t, { method: 'account', amount: t.totals.remaining, customerName: nameOf(101) });
    expect(refused.statusCode).toBe(400);
    expect(Object.values(refused.json().fields)).toEqual([TOO_LONG]);
    const ok = await f.bills().pay(t, { method: 'account', amount: t.totals.remaining, customerName: nameOf(100) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await db().select().from(payments).where(eq(payments.ticketId, t.id))).map((p) => p.customerName)).toEqual([nameOf(100)]);
  });
});
