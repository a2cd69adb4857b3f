import type { DayCloseReport } from '../../../shared/day-close-contract';
import type { Ticket } from '../../../shared/ticket-contract';
import { appForClockTests, loginAs, type TestContext } from '../../test-support/test-app';
import { billsFixture, type BillsFixture } from '../bills/bills-test-kit';

/*
 * A Gün Sonu covers every business day since the previous one (day-close-commands.ts dayToClose):
 * when a day went by without its Gün Sonu, the next close takes in that day's bills, payments and
 * Kasa movements too — nothing sold on an unclosed day is left out of every report. The clock is
 * moved day by day (Istanbul time, day from 05:00) and the staff sign in again on each day.
 */
let ctx: TestContext;
appForClockTests((c) => (ctx = c));

const ist = (wall: string) => new Date(`${wall}+03:00`);
async function travel(f: BillsFixture, at: Date) {
  vi.useFakeTimers({ toFake: ['Date'], now: at });
  for (const who of [f.restaurant.owner, f.restaurant.waiter, f.restaurant.kitchen]) {
    Object.assign(who.cookies, (await loginAs(ctx, who.user.email, who.user.password)).cookies);
  }
}
async function billPaid(f: BillsFixture, ezogelin: number, method: 'cash' | 'card') {
  const t = await f.sentTicket({ ezogelin });
  const paid = await f.bills().pay(t, { method, amount: t.totals.remaining });
  expect(paid.statusCode, paid.body).toBe(200);
  const closed = await f.bills().close(paid.json() as Ticket);
  expect(closed.statusCode, closed.body).toBe(200);
  return (closed.json() as { billNumber: number }).billNumber;
}

describe('a Gün Sonu after unclosed days', () => {
  it('covers all of them: every bill, payment and Kasa movement since the last Gün Sonu', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: ist('2026-11-24T12:00:00') });
    const f = await billsFixture(ctx);
    await f.setSettings({ timeZone: 'Europe/Istanbul', businessDayStartHour: 5, paymentMethods: ['cash', 'card'] });
    const owner = f.api(f.restaurant.owner);

    // 24 November: one bill, closed with its Gün Sonu
    await travel(f, ist('2026-11-24T12:00:00'));
    await billPaid(f, 1, 'card');
    await travel(f, ist('2026-11-24T23:00:00'));
    expect((await owner.call('POST', '/days/close', { countedCash: 0 })).statusCode).toBe(201);

    // 25 November: sales and a Kasa girişi, and no Gün Sonu
    await travel(f, ist('2026-11-25T12:00:00'));
    const first = await billPaid(f, 2, 'cash');
    expect((await owner.call('POST', '/cash-movements', { kind: 'in', amount: 5_000, reason: 'Bozuk para' })).statusCode).toBe(201);
    // 26 November: more sales, then the Gün Sonu
    await travel(f, ist('2026-11-26T12:00:00'));
    const last = await billPaid(f, 3, 'card');
    await travel(f, ist('2026-11-26T23:30:00'));

    const preview = (await owner.call('GET', '/days/current')).json() as DayCloseReport;
    expect(preview).toMatchObject({ businessDay: '2026-11-26', fromDay: '2026-11-25', closable: true });
    const res = await owner.call('POST', '/days/close', { countedCash: 24_000 });
    expect(res.statusCode, res.body).toBe(201);
    const report = res.json() as DayCloseReport;
    expect(report).toMatchObject({ number: 2, businessDay: '2026-11-26', fromDay: '2026-11-25', firstBillNumber: first, lastBillNumber: last });
    // 2 × 95 TL in cash on the 25th, 3 × 95 TL by card on the 26th
    expect(report.summary).toMatchObject({ bills: 2, gross: 47_500, net: 47_500 });
    expect(report.payments).toEqual([
      { method: 'card', brand: null, amount: 28_500, count: 1 },
      { method: 'cash', brand: null, amount: 19_000, count: 1 },
    ]);
    expect(report.cash).toMatchObject({ cashSales: 19_000, cashIn: 5_000, expected: 24_000, difference: 0 });
    expect(report.movements.map((m) => [m.kind, m.amount])).toEqual([['in', 5_000]]);
  });
});
