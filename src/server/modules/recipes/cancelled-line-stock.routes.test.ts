import type { IngredientInfo, RecipeReportResponse } from '../../../shared/recipes-contract';
import type { Ticket } from '../../../shared/ticket-contract';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { billsFixture } from '../bills/bills-test-kit';

/*
 * Stock on hand (stock.ts) takes off what the lines sent to the kitchen used — but a line sent and
 * then cancelled (İptal) was never cooked: it uses nothing, on an open ticket as on a closed bill,
 * whole or in part, and Reçete Raporu agrees.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('a sent-then-cancelled line', () => {
  it('uses no stock: only the units still ordered are taken off the count', async () => {
    const f = await billsFixture(ctx);
    await f.setSettings({ paymentMethods: ['cash', 'card'] });
    const owner = f.api(f.restaurant.owner);
    const created = await owner.call('POST', '/ingredients', { name: 'Kırmızı mercimek', unit: 'kg', unitCost: 8_000 });
    expect(created.statusCode, created.body).toBe(201);
    const mercimek = created.json() as IngredientInfo;
    expect((await owner.call('POST', `/ingredients/${mercimek.id}/counts`, { quantity: '5', unit: 'kg' })).statusCode).toBe(201);
    const saved = await owner.call('PUT', `/recipes/items/${f.ezogelin.id}`, { version: 0, lines: [{ ingredientId: mercimek.id, quantity: '150', unit: 'g' }] });
    expect(saved.statusCode, saved.body).toBe(200);
    const stock = async () => ((await owner.call('GET', '/ingredients')).json() as IngredientInfo[]).find((i) => i.id === mercimek.id)!.stock;

    // an open ticket: Ezogelin × 2 sent, then the whole line cancelled
    const b = f.bills(f.restaurant.owner);
    const open = await f.ticketWith(await f.freeTable(), [{ menuItemId: f.ezogelin.id, quantity: 2 }], { send: true, who: f.restaurant.owner });
    expect(open.lines[0].status).toBe('sent');
    expect(await stock()).toBe(4.7);
    let res = await b.cancel(open, open.lines[0].id, { reason: 'Müşteri vazgeçti' });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Ticket).lines[0].status).toBe('cancelled');
    expect(await stock()).toBe(5);

    // a closed bill: Ezogelin × 3 sent, 1 of them cancelled, the other 2 paid
    let t = await f.ticketWith(await f.freeTable(), [{ menuItemId: f.ezogelin.id, quantity: 3 }], { send: true, who: f.restaurant.owner });
    res = await b.cancel(t, t.lines[0].id, { reason: 'Yanlış sipariş', quantity: 1 });
    expect(res.statusCode, res.body).toBe(200);
    t = res.json() as Ticket;
    const paid = await b.pay(t, { method: 'cash', amount: t.totals.remaining });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await b.close(paid.json() as Ticket)).statusCode).toBe(200);
    expect(await stock()).toBe(4.7);

    // the business day open now, as the server's clock reads it
    const { day } = (await owner.call('GET', '/days/open')).json() as { day: string };
    const report = (await owner.call('GET', `/reports/recipes?from=${day}&to=${day}`)).json() as RecipeReportResponse;
    expect(report.ingredients).toEqual([expect.objectContaining({ name: 'Kırmızı mercimek', theoretical: 0.3 })]);
  });
});
