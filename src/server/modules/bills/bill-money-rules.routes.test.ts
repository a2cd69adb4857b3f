import { eq } from 'drizzle-orm';
import type { Ticket } from '../../../shared/ticket-contract';
import { payments } from '../../db/schema';
import { menuFactory } from '../../test-support/factories';
import { signedIn, type TestContext } from '../../test-support/test-app';
import { IDEMPOTENCY_MESSAGES } from '../../plugins/idempotency';
import { BILL_MESSAGES } from './bill-messages';
import { billsTestApp, type BillsFixture } from './bills-test-kit';

/*
 * Money rules pinned through the API: percentages rounded half up to whole kuruş, no method but
 * cash taking more than remains after a partial payment, and an Idempotency-Key never answering
 * one person with another's answer.
 */
let ctx: TestContext;
let f: BillsFixture;
/** 10,05 TL and 10,04 TL, 10 % VAT: a tenth of them is 100,5 and 100,4 kuruş */
let odd: { id: string };
let even: { id: string };

beforeAll(async () => {
  ({ ctx, f } = await billsTestApp());
  const menu = await menuFactory(ctx, f.restaurant.id, {
    category: { name: 'Küsurat' },
    items: [
      { name: 'Simit', priceKurus: 1_005 },
      { name: 'Poğaça', priceKurus: 1_004 },
    ],
    optionGroup: false,
  });
  [odd, even] = menu.items;
});
afterAll(() => ctx.close());
beforeEach(() => f.setSettings({ paymentMethods: ['cash', 'card', 'meal_card', 'online', 'account'], mealCardBrands: ['Multinet', 'Pluxee'] }));

async function sentWith(lines: { menuItemId: string; quantity: number }[]): Promise<Ticket> {
  return f.ticketWith(await f.freeTable(), lines, { send: true });
}
const owner = () => f.bills(f.restaurant.owner);

describe('a percentage that does not come out in whole kuruş', () => {
  it('rounds a ticket discount half up: 10 % of 10,05 TL is 1,01 TL, of 10,04 TL 1,00 TL', async () => {
    const a = await sentWith([{ menuItemId: odd.id, quantity: 1 }]);
    const up = (await owner().discount(a, { type: 'percent', value: 10, label: 'Öğrenci' })).json() as Ticket;
    expect(up.totals).toMatchObject({ ticketDiscount: 101, total: 904 });
    const b = await sentWith([{ menuItemId: even.id, quantity: 1 }]);
    const down = (await owner().discount(b, { type: 'percent', value: 10, label: 'Öğrenci' })).json() as Ticket;
    expect(down.totals).toMatchObject({ ticketDiscount: 100, total: 904 });
  });

  it('rounds a line discount half up the same way', async () => {
    const t = await sentWith([{ menuItemId: odd.id, quantity: 1 }]);
    const res = await owner().lineDiscount(t, t.lines[0].id, { type: 'percent', value: 50, label: 'Yarı fiyat' });
    expect(res.statusCode).toBe(200);
    // 50 % of 1.005 kuruş is 502,5 → 503
    expect((res.json() as Ticket).totals).toMatchObject({ lineDiscounts: 503, total: 502 });
  });
});

describe('after a partial payment', () => {
  it.each([
    ['Kredi Kartı', { method: 'card' }],
    ['Yemek Kartı', { method: 'meal_card', brand: 'Multinet' }],
    ['Online', { method: 'online' }],
    ['Cari', { method: 'account', customerName: 'Yıldız İnşaat' }],
  ])('refuses %s above what remains, and takes exactly what remains', async (_label, method) => {
    const t = await sentWith([{ menuItemId: f.ezogelin.id, quantity: 2 }]);
    expect(t.totals.total).toBe(19_000);
    const first = await f.bills().pay(t, { method: 'cash', amount: 7_000 });
    expect(first.statusCode).toBe(200);
    const over = await f.bills().pay(t, { ...method, amount: 12_001 });
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toBe(BILL_MESSAGES.overRemaining(12_000));
    // the full bill would also have been too much now
    expect((await f.bills().pay(t, { ...method, amount: 19_000 })).statusCode).toBe(409);
    expect((await ctx.database.db.select().from(payments).where(eq(payments.ticketId, t.id))).map((p) => p.amountKurus)).toEqual([7_000]);
    const exact = await f.bills().pay(t, { ...method, amount: 12_000 });
    expect(exact.statusCode).toBe(200);
    expect((exact.json() as Ticket).totals).toMatchObject({ paid: 19_000, remaining: 0 });
  });

  it('still lets cash take more than remains, giving change', async () => {
    const t = await sentWith([{ menuItemId: f.ezogelin.id, quantity: 2 }]);
    await f.bills().pay(t, { method: 'card', amount: 9_000 });
    const cash = await f.bills().pay(t, { method: 'cash', amount: 10_000, given: 20_000 });
    expect(cash.statusCode).toBe(200);
    expect(cash.json()).toMatchObject({ change: 10_000, totals: { paid: 19_000, remaining: 0 } });
  });
});

describe('an Idempotency-Key reused by another person of the same restaurant', () => {
  it("never answers them with the first person's answer and runs nothing for them", async () => {
    const second = await signedIn(ctx, f.restaurant.id, 'waiter');
    const t = await sentWith([{ menuItemId: f.ezogelin.id, quantity: 2 }]);
    const key = 'odeme-ayni-anahtar-0001';
    const body = { method: 'card', amount: 5_000 };
    const mine = await f.bills().pay(t, body, { 'idempotency-key': key });
    expect(mine.statusCode).toBe(200);
    const theirs = await f.bills(second).pay(t, body, { 'idempotency-key': key });
    expect(theirs.statusCode).toBe(409);
    expect(theirs.headers['idempotent-replay']).toBeUndefined();
    expect(theirs.json()).toEqual({ error: IDEMPOTENCY_MESSAGES.reused });
    expect((await ctx.database.db.select().from(payments).where(eq(payments.ticketId, t.id))).length).toBe(1);
    // the first person's own retry still replays their answer
    const retry = await f.bills().pay(t, body, { 'idempotency-key': key });
    expect(retry.headers['idempotent-replay']).toBe('true');
    expect(retry.json()).toEqual(mine.json());
  });
});
