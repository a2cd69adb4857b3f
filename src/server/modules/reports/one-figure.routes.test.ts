import Papa from 'papaparse';
import { vatContained } from '../../../shared/bill-math';
import type { DayCloseReport } from '../../../shared/day-close-contract';
import type { SalesReportResponse } from '../../../shared/reports-contract';
import type { Ticket } from '../../../shared/ticket-contract';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { billsFixture } from '../bills/bills-test-kit';

/*
 * One evening's money has one figure wherever it is shown: Satış Raporları (screen), its CSV, the
 * Gün Sonu report (whose figures its printed slip lays out) agree to the kuruş on what each payment method took (tips
 * apart) and on the VAT of each rate. The evening is built so that rounding VAT once on the summed
 * amounts would differ from the receipts by a kuruş: five single Ezogelin (95 TL at 10 %: 8,636…
 * TL VAT each) and Rakı (250 TL at 20 %: 41,666… TL).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** "1.234,56" (the CSV's money) → kuruş */
const csvKurus = (text: string) => Math.round(Number(text.replace(/\./g, '').replace(',', '.')) * 100);

async function evening() {
  const f = await billsFixture(ctx);
  await f.setSettings({ paymentMethods: ['cash', 'card'] });
  const close = async (t: Ticket, pay: (t: Ticket) => Promise<unknown>) => {
    await pay(t);
    const res = await f.bills().close(await f.api().ticket(t.id));
    expect(res.statusCode, res.body).toBe(200);
    return f.api().ticket(t.id);
  };
  const byCard = (t: Ticket) => f.bills().pay(t, { method: 'card', amount: t.totals.remaining, tip: 1_000 });
  const byCash = (t: Ticket) => f.bills().pay(t, { method: 'cash', amount: t.totals.remaining, given: 20_000 });
  const first = await close(await f.sentTicket({ ezogelin: 1 }), byCard);
  await close(await f.sentTicket({ ezogelin: 1 }), byCash);
  await close(await f.sentTicket({ ezogelin: 1 }), byCard);
  await close(await f.sentTicket({ ezogelin: 1, raki: 1 }), async (t) => {
    await f.bills().pay(t, { method: 'cash', amount: 10_000, given: 10_000, tip: 500 });
    const rest = await f.api().ticket(t.id);
    await f.bills().pay(rest, { method: 'card', amount: rest.totals.remaining });
  });
  let discounted = await f.sentTicket({ ezogelin: 1, raki: 2 });
  discounted = (await f.bills(f.restaurant.owner).discount(discounted, { type: 'percent', value: 10, label: 'Müdavim' })).json();
  await close(discounted, byCard);
  const refund = await f.api(f.restaurant.owner).call('POST', `/bills/${first.id}/refunds`, { lines: [{ lineId: first.lines[0].id, quantity: 1 }], method: 'card', reason: 'Soğuk geldi' });
  expect(refund.statusCode, refund.body).toBe(201);
  return f;
}

it('Satış Raporları, its CSV, Gün Sonu and the slip show the same payments and VAT, to the kuruş', async () => {
  const f = await evening();
  const owner = f.api(f.restaurant.owner);
  const day = (await owner.call('GET', '/days/current')).json() as DayCloseReport;
  const { businessDay } = day;
  const sales = (await owner.call('GET', `/reports/sales?from=${businessDay}&to=${businessDay}`)).json() as SalesReportResponse;
  const csv = async (table: string) =>
    Papa.parse<string[]>((await owner.call('GET', `/reports/sales.csv?from=${businessDay}&to=${businessDay}&table=${table}`)).body.replace(/^\ufeff/, ''), { delimiter: ';', skipEmptyLines: true }).data;

  // payments: what each method took, tips never in it (the İade of a card bill comes off card)
  const method = (m: string) => ({ report: sales.payments.find((p) => p.method === m)!.amount, day: day.payments.find((p) => p.method === m)!.amount });
  for (const m of ['cash', 'card']) expect(method(m).report, m).toBe(method(m).day);
  expect(sales.payments.reduce((n, p) => n + p.amount, 0)).toBe(sales.summary.net);
  expect(day.payments.reduce((n, p) => n + p.amount, 0)).toBe(day.summary.net);
  expect(sales.summary.tips).toBe(day.summary.tips);
  expect(sales.summary.tips).toBe(2 * 1_000 + 500 + 1_000);
  const paymentRows = await csv('payments');
  const amountAt = paymentRows[0].indexOf('Tutar (TL)');
  for (const p of day.payments) {
    const row = paymentRows.find((r) => r[0] === sales.payments.find((s) => s.method === p.method)!.label)!;
    expect(csvKurus(row[amountAt]), p.method).toBe(p.amount);
  }

  // VAT: the receipts' VAT summed, one rule on every screen
  expect(sales.summary.vat).toEqual(day.summary.vat);
  const ezogelinVat = day.summary.vat.find((v) => v.rate === 10)!;
  // the receipts: four bills with a 95 TL Ezogelin (8,64 TL VAT each), the discounted one's 85,50 TL
  // (7,77), less the İade's 8,64 — one rounding on the summed 370,50 TL would say 33,68
  expect(ezogelinVat.tax).toBe(864 * 4 + 777 - 864);
  expect(vatContained(ezogelinVat.base + ezogelinVat.tax, 10)).toBe(3_368);
  const summaryRows = await csv('summary');
  for (const v of day.summary.vat) {
    expect(csvKurus(summaryRows.find((r) => r[0] === `KDV %${v.rate} Vergi (TL)`)![1])).toBe(v.tax);
    expect(csvKurus(summaryRows.find((r) => r[0] === `KDV %${v.rate} Matrah (TL)`)![1])).toBe(v.base);
  }

  // the printed slip lays out these same report figures (day-print-figures.test.ts)
});
