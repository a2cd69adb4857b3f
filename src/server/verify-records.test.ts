import { and, eq, sql } from 'drizzle-orm';
import type { Ticket } from '../shared/ticket-contract';
import { cashMovements, onlineOrders, refunds, salesDayFigures } from './db/schema';
import { billsFixture, type BillsFixture } from './modules/bills/bills-test-kit';
import { checkCashRecords } from './modules/day-close';
import { checkOnlineOrders } from './modules/online-orders';
import { onlineOrdersFixture } from './modules/online-orders/online-orders-test-kit';
import { checkSalesFigures } from './modules/reports';
import { createTestApp, type TestContext } from './test-support/test-app';

/*
 * `npm run verify-audit` checks the records that are not links of a chain against what is: Satış
 * Raporları's sums against the sealed bills and İade rows, Kasa hareketleri and İade against their
 * audit rows, online orders against their receive rows. Each edit below is one the server's own
 * database role could make (or the database's owner, for the append-only tables).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
const db = () => ctx.database.db;

/** An evening: a card bill, a cash bill with a tip, a discounted bill reopened and closed again, an İade and Kasa hareketleri. */
async function evening() {
  const f = await billsFixture(ctx);
  await f.setSettings({ paymentMethods: ['cash', 'card'] });
  const close = async (t: Ticket, pay: (t: Ticket) => Promise<unknown>) => {
    await pay(t);
    expect((await f.bills().close(await f.api().ticket(t.id))).statusCode).toBe(200);
    return f.api().ticket(t.id);
  };
  const card = await close(await f.sentTicket(), (t) => f.bills().pay(t, { method: 'card', amount: t.totals.remaining }));
  await close(await f.sentTicket({ ezogelin: 1, raki: 1 }), (t) => f.bills().pay(t, { method: 'cash', amount: t.totals.remaining, given: 50_000, tip: 1_000 }));
  let third = await f.sentTicket({ raki: 2 });
  third = (await f.bills(f.restaurant.owner).discount(third, { type: 'percent', value: 10, label: 'Müdavim' })).json();
  third = await close(third, (t) => f.bills().pay(t, { method: 'card', amount: t.totals.remaining }));
  const owner = f.api(f.restaurant.owner);
  const reopened = (await owner.call('POST', `/bills/${third.id}/reopen`, { reason: 'Yöntem yanlış' })).json() as Ticket;
  expect((await f.bills(f.restaurant.owner).close(reopened)).statusCode).toBe(200);
  const refund = await owner.call('POST', `/bills/${card.id}/refunds`, { lines: [{ lineId: card.lines[0].id, quantity: 1 }], method: 'card', reason: 'Soğuk geldi' });
  expect(refund.statusCode, refund.body).toBe(201);
  expect((await owner.call('POST', '/cash-movements', { kind: 'opening', amount: 50_000 })).statusCode).toBe(201);
  expect((await owner.call('POST', '/cash-movements', { kind: 'out', amount: 3_000, reason: 'Ekmek alındı' })).statusCode).toBe(201);
  return f;
}

const checks = async (f: Pick<BillsFixture, 'restaurant'>) => ({
  figures: await checkSalesFigures(db(), f.restaurant.id),
  cash: await checkCashRecords(db(), f.restaurant.id),
  online: await checkOnlineOrders(db(), f.restaurant.id),
});

describe('records checked against the chained rows', () => {
  it('all agree after an evening of bills, a reopen, an İade, Kasa hareketleri and online orders', async () => {
    expect(await checks(await evening())).toEqual({ figures: null, cash: null, online: null });
    const o = await onlineOrdersFixture(ctx);
    expect((await o.post(o.order())).statusCode).toBe(201);
    expect((await o.post(o.order({ type: 'takeaway', payment: { method: 'card' } }))).statusCode).toBe(201);
    expect(await checks(o)).toEqual({ figures: null, cash: null, online: null });
  });

  it.each([
    ['a method’s total in Satış Raporları', sql`net = net + 100`, 'payment'],
    ['a VAT rate’s tax', sql`vat = vat - 1`, 'vat'],
    ['an order type’s bill count', sql`bills = bills + 1`, 'type'],
  ])('catch %s edited in the report table', async (_what, change, dim) => {
    const f = await evening();
    await db().execute(sql`update sales_day_figures set ${change} where restaurant_id = ${f.restaurant.id} and dim = ${dim}`);
    expect((await checks(f)).figures?.reason).toMatch(/Satış Raporları/);
  });

  it('catch a day’s card sales taken out of the report table, and its month roll-up edited', async () => {
    const f = await evening();
    await db().delete(salesDayFigures).where(and(eq(salesDayFigures.restaurantId, f.restaurant.id), eq(salesDayFigures.dim, 'payment'), eq(salesDayFigures.key, 'card|')));
    expect((await checks(f)).figures).toMatchObject({ id: expect.stringContaining('payment card|') });
    const g = await evening();
    await db().execute(sql`update sales_day_figures set net = net * 2 where restaurant_id = ${g.restaurant.id} and dim = 'month:payment'`);
    expect((await checks(g)).figures).toMatchObject({ id: expect.stringContaining('month:payment') });
  });

  it('catch a Kasa hareketi slipped in with no audit row, and one whose amount was rewritten', async () => {
    const f = await evening();
    await db().insert(cashMovements).values({ restaurantId: f.restaurant.id, businessDay: '2026-11-27', kind: 'out', amountKurus: 90_000, reason: 'Sessizce' });
    expect((await checks(f)).cash?.reason).toMatch(/Kasa hareketi \(900 TL\) denetim kaydında yok/);
    const g = await evening();
    await db().update(cashMovements).set({ amountKurus: 1 }).where(and(eq(cashMovements.restaurantId, g.restaurant.id), eq(cashMovements.kind, 'out')));
    expect((await checks(g)).cash?.reason).toMatch(/Kasa hareketi denetim kaydındakiyle uyuşmuyor/);
  });

  it('catch an İade whose amount was rewritten', async () => {
    const f = await evening();
    await db().update(refunds).set({ amountKurus: 1 }).where(eq(refunds.restaurantId, f.restaurant.id));
    const found = await checks(f);
    expect(found.cash?.reason).toMatch(/İade denetim kaydındakiyle uyuşmuyor/);
    // the report's İade sums were left as they were: they no longer follow from the İade row either
    expect(found.figures).not.toBeNull();
  });

  it('catch an online order whose total, dishes or address were edited, and one slipped in with no receive row', async () => {
    const o = await onlineOrdersFixture(ctx);
    const res = await o.post(o.order());
    const { orderId } = res.json() as { orderId: string };
    const edits = [
      { totalKurus: 1 },
      { items: [] },
      { customerAddress: 'Başka Sok. No: 1' },
      { paymentMethod: 'online' },
    ];
    for (const edit of edits) {
      const [before] = await db().select().from(onlineOrders).where(eq(onlineOrders.id, orderId));
      await db().update(onlineOrders).set(edit).where(eq(onlineOrders.id, orderId));
      expect((await checks(o)).online, JSON.stringify(edit)).toMatchObject({ id: orderId, reason: expect.stringMatching(/alındığı andaki kaydıyla uyuşmuyor/) });
      await db().update(onlineOrders).set(before).where(eq(onlineOrders.id, orderId));
      expect((await checks(o)).online).toBeNull();
    }
    const [copy] = await db().select().from(onlineOrders).where(eq(onlineOrders.id, orderId));
    const { id: _id, ...rest } = copy;
    await db().insert(onlineOrders).values({ ...rest, externalId: 'SESSIZ-1' });
    expect((await checks(o)).online?.reason).toMatch(/SESSIZ-1\) denetim kaydında yok/);
  });
});
