import type { DayCloseReport, RefundInfo } from '../../../shared/day-close-contract';
import type { SalesReportResponse } from '../../../shared/reports-contract';
import type { Ticket } from '../../../shared/ticket-contract';
import { vatContained } from '../../../shared/bill-math';
import { appForClockTests, type TestContext } from '../../test-support/test-app';
import { billsFixture, type BillsFixture } from '../bills/bills-test-kit';

/*
 * What an İade changes in the figures (day-close-commands.ts refundBill, day-figures.ts,
 * reports/sales-figures.ts): its VAT comes off the rate the dish was sold at, in Gün Sonu and in
 * Satış Raporları alike; a line given back one unit at a time gives back exactly what the guest
 * paid for it; and only money that left the drawer (a cash İade) comes off the expected cash.
 * The clock is frozen on one Istanbul business day; everything is made on it.
 */
let ctx: TestContext;
appForClockTests((c) => (ctx = c));

const DAY = '2026-11-25';
const freeze = (wall: string) => vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${DAY}T${wall}+03:00`) });

async function restaurant() {
  freeze('12:00:00');
  const f = await billsFixture(ctx);
  await f.setSettings({ timeZone: 'Europe/Istanbul', businessDayStartHour: 5, paymentMethods: ['cash', 'card', 'meal_card'] });
  return f;
}

/** A sent ticket, changed by `prepare`, paid in full (card unless `cash`) and closed. */
async function closedBill(f: BillsFixture, counts: { ezogelin?: number; raki?: number }, opts: { cash?: boolean; prepare?: (t: Ticket) => Promise<Ticket> } = {}) {
  let t = await f.sentTicket(counts);
  if (opts.prepare) t = await opts.prepare(t);
  const paid = await f.bills().pay(t, { method: opts.cash ? 'cash' : 'card', amount: t.totals.remaining });
  expect(paid.statusCode, paid.body).toBe(200);
  const closed = await f.bills().close(paid.json() as Ticket);
  expect(closed.statusCode, closed.body).toBe(200);
  return (closed.json() as { ticket: Ticket }).ticket;
}

const owner = (f: BillsFixture) => f.api(f.restaurant.owner);
const refund = async (f: BillsFixture, billId: string, body: object) => {
  const res = await owner(f).call('POST', `/bills/${billId}/refunds`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as RefundInfo;
};
const gunSonu = async (f: BillsFixture) => {
  const res = await owner(f).call('GET', '/days/current');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DayCloseReport;
};
const satis = async (f: BillsFixture) => {
  const res = await owner(f).call('GET', `/reports/sales?from=${DAY}&to=${DAY}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SalesReportResponse;
};
const rate = (rows: { rate: number; base: number; tax: number }[], r: number) => rows.find((v) => v.rate === r) ?? { rate: r, base: 0, tax: 0 };

describe('an İade in the VAT table', () => {
  it('takes its VAT off the rate the dish was sold at, in Gün Sonu and Satış Raporları alike', async () => {
    const f = await restaurant();
    // 2 × Ezogelin (95 TL, 10 %) and 2 × Rakı (250 TL, 20 %)
    const bill = await closedBill(f, { ezogelin: 2, raki: 2 });
    const beforeDay = (await gunSonu(f)).summary.vat;
    const beforeReport = (await satis(f)).summary.vat;
    expect(beforeReport).toEqual(beforeDay);
    expect(rate(beforeDay, 20).tax).toBeGreaterThan(0);

    freeze('13:00:00');
    const raki = bill.lines.find((l) => l.name === 'Rakı')!;
    const given = await refund(f, bill.id, { lines: [{ lineId: raki.id, quantity: 1 }], method: 'card', reason: 'Kırık şişe' });
    expect(given.amount).toBe(25_000);
    const refundVat = vatContained(given.amount, 20);
    expect(refundVat).toBeGreaterThan(0);

    const afterDay = (await gunSonu(f)).summary.vat;
    const afterReport = (await satis(f)).summary.vat;
    for (const after of [afterDay, afterReport]) {
      expect(rate(after, 20)).toEqual({ rate: 20, tax: rate(beforeDay, 20).tax - refundVat, base: rate(beforeDay, 20).base - (given.amount - refundVat) });
      // the 10 % rate was not given back
      expect(rate(after, 10)).toEqual(rate(beforeDay, 10));
    }
    // base + tax of all rates still adds up to net sales
    const summary = (await satis(f)).summary;
    expect(afterReport.reduce((n, v) => n + v.base + v.tax, 0)).toBe(summary.net);
  });
});

describe('an İade of a line one unit at a time', () => {
  it('1 + 1 + 1 of 3 units gives back exactly the line’s due, not three rounded thirds', async () => {
    const f = await restaurant();
    // 3 × 95 TL − 1,00 TL line discount = 284,00 TL: a third is 94,666… TL, so per-unit rounding would give back 284,01
    const bill = await closedBill(f, { ezogelin: 3 }, {
      prepare: async (t) => {
        const d = await f.bills(f.restaurant.owner).lineDiscount(t, t.lines[0].id, { type: 'amount', value: 100, label: 'Bekleme' });
        expect(d.statusCode, d.body).toBe(200);
        return d.json() as Ticket;
      },
    });
    const line = bill.lines[0];
    expect(bill.totals.total).toBe(28_400);
    const amounts: number[] = [];
    for (let i = 0; i < 3; i++) {
      amounts.push((await refund(f, bill.id, { lines: [{ lineId: line.id, quantity: 1 }], method: 'cash', reason: `Birim ${i + 1}` })).amount);
    }
    expect(amounts.reduce((n, a) => n + a, 0)).toBe(bill.totals.total);
    for (const a of amounts) expect([9_466, 9_467]).toContain(a);
    const res = await owner(f).call('POST', `/bills/${bill.id}/refunds`, { lines: [{ lineId: line.id, quantity: 1 }], method: 'cash', reason: 'Fazla' });
    expect(res.statusCode).toBe(409);
    expect((await gunSonu(f)).summary).toMatchObject({ refunds: 28_400, net: 0 });
  });
});

describe('the expected cash of Gün Sonu', () => {
  it('is not lowered by a card İade (the money went back on the card, not out of the drawer); a cash İade lowers it', async () => {
    const f = await restaurant();
    expect((await owner(f).call('POST', '/cash-movements', { kind: 'opening', amount: 50_000 })).statusCode).toBe(201);
    const cashBill = await closedBill(f, { ezogelin: 2 }, { cash: true });
    const cardBill = await closedBill(f, { ezogelin: 1 });
    const before = (await gunSonu(f)).cash;
    expect(before).toMatchObject({ openingFloat: 50_000, cashSales: 19_000, cashRefunds: 0, expected: 69_000 });

    freeze('13:00:00');
    await refund(f, cardBill.id, { lines: [{ lineId: cardBill.lines[0].id, quantity: 1 }], method: 'card', reason: 'Şikâyet' });
    const afterCard = await gunSonu(f);
    expect(afterCard.cash).toEqual(before);
    expect(afterCard.summary.refunds).toBe(9_500);

    freeze('13:05:00');
    const cashBack = await refund(f, cashBill.id, { lines: [{ lineId: cashBill.lines[0].id, quantity: 1 }], method: 'cash', reason: 'Soğuk' });
    expect((await gunSonu(f)).cash).toMatchObject({ cashRefunds: cashBack.amount, expected: before.expected - cashBack.amount });
  });
});
