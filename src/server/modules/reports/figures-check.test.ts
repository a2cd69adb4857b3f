import type { DayCloseReport } from '../../../shared/day-close-contract';
import type { SalesReportResponse } from '../../../shared/reports-contract';
import type { Ticket } from '../../../shared/ticket-contract';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { billsFixture, type BillsFixture } from '../bills/bills-test-kit';
import { checkSalesFigures } from './figures-check';

/*
 * `npm run verify-audit` works Satış Raporları's sums out again from the sealed bills and the İade
 * rows (figures-check.ts) and must find them equal on an untouched evening — also one with more than
 * one İade, and an İade back through a meal card, whose figures are kept under its method and brand
 * (sales-figures.ts) like the bill's own payment.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
const db = () => ctx.database.db;

async function restaurant() {
  const f = await billsFixture(ctx);
  await f.setSettings({ paymentMethods: ['cash', 'card', 'meal_card'] });
  return f;
}

async function closed(f: BillsFixture, t: Ticket, pay: object) {
  expect((await f.bills().pay(t, { amount: t.totals.remaining, ...pay })).statusCode).toBe(200);
  expect((await f.bills().close(await f.api().ticket(t.id))).statusCode).toBe(200);
  return f.api().ticket(t.id);
}

const refund = async (f: BillsFixture, t: Ticket, menuItemId: string, body: object) => {
  const line = t.lines.find((l) => l.menuItemId === menuItemId)!;
  const res = await f.api(f.restaurant.owner).call('POST', `/bills/${t.id}/refunds`, { lines: [{ lineId: line.id, quantity: 1 }], reason: 'Soğuk geldi', ...body });
  expect(res.statusCode, res.body).toBe(201);
};

it('agree with the stored sums after two İade on one evening, at two VAT rates', async () => {
  const f = await restaurant();
  const soup = await closed(f, await f.sentTicket({ ezogelin: 2 }), { method: 'card' });
  const mixed = await closed(f, await f.sentTicket({ ezogelin: 1, raki: 2 }), { method: 'card' });
  await refund(f, soup, f.ezogelin.id, { method: 'card' });
  await refund(f, mixed, f.raki.id, { method: 'card' });
  expect(await checkSalesFigures(db(), f.restaurant.id)).toBeNull();
});

it('keep an İade through a meal card under its brand: the brand’s row nets it, and the check agrees', async () => {
  const f = await restaurant();
  const t = await closed(f, await f.sentTicket({ ezogelin: 1, raki: 1 }), { method: 'meal_card', brand: 'Multinet' });
  await refund(f, t, f.raki.id, { method: 'meal_card', brand: 'Multinet' });
  const owner = f.api(f.restaurant.owner);
  const { businessDay } = (await owner.call('GET', '/days/current')).json() as DayCloseReport;
  const sales = (await owner.call('GET', `/reports/sales?from=${businessDay}&to=${businessDay}`)).json() as SalesReportResponse;
  // 95 TL Ezogelin + 250 TL Rakı paid by Multinet, the Rakı given back the same way
  expect(sales.payments.filter((p) => p.method === 'meal_card').map((p) => ({ brand: p.brand, amount: p.amount }))).toEqual([{ brand: 'Multinet', amount: 9_500 }]);
  expect(await checkSalesFigures(db(), f.restaurant.id)).toBeNull();
});
