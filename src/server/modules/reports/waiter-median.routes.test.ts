import type { SalesReportResponse } from '../../../shared/reports-contract';
import type { Ticket } from '../../../shared/ticket-contract';
import { createTestApp, signedIn, type TestContext } from '../../test-support/test-app';
import { billsFixture, type BillsFixture } from '../bills/bills-test-kit';

/*
 * Satış Raporları flags a waiter whose İndirim/İkram/İptal share is far above the median of the
 * waiters with sales (sales-report.service.ts). With an even number of waiters the median is the
 * mean of the two middle shares: taking either middle share alone moves the bar, and a waiter is
 * flagged (or not) for the count of their colleagues rather than for what they gave.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function billBy(f: BillsFixture, who: BillsFixture['restaurant']['waiter'], give: (t: Ticket, b: ReturnType<BillsFixture['bills']>) => Promise<Ticket>) {
  const b = f.bills(who);
  let t = await f.sentTicket({ ezogelin: 2 }, who);
  t = await give(t, b);
  const paid = await b.pay(t, { method: 'card', amount: t.totals.remaining });
  expect(paid.statusCode, paid.body).toBe(200);
  expect((await b.close(paid.json() as Ticket)).statusCode).toBe(200);
}
const ok = async (res: Promise<{ statusCode: number; body: string; json: () => unknown }>) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as Ticket;
};

describe('the waiter median', () => {
  it('with an even count of waiters is the mean of the two middle shares', async () => {
    const f = await billsFixture(ctx);
    await f.setSettings({ paymentMethods: ['cash', 'card'], permissions: { discount: ['owner', 'waiter'], comp: ['owner', 'waiter'], cancel: ['owner', 'waiter'] } });
    const ayse = f.restaurant.waiter;
    const mehmet = await signedIn(ctx, f.restaurant.id, 'waiter', { name: 'Mehmet' });
    // Ayşe: 1 of 2 Ezogelin İkram (50 % of what she sold); Mehmet: 10 % İndirim on his bill
    await billBy(f, ayse, (t, b) => ok(b.comp(t, t.lines[0].id, { reason: 'Müdavim', quantity: 1 })));
    await billBy(f, mehmet, (t, b) => ok(b.discount(t, { type: 'percent', value: 10, label: 'Öğrenci' })));

    const { day } = (await f.api(f.restaurant.owner).call('GET', '/days/open')).json() as { day: string };
    const res = await f.api(f.restaurant.owner).call('GET', `/reports/sales?from=${day}&to=${day}`);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json() as SalesReportResponse;
    const shares = r.byWaiter.filter((w) => w.waiterId !== null && w.gross > 0).map((w) => w.exceptionShare);
    expect(shares).toHaveLength(2);
    expect(Math.min(...shares)).toBeCloseTo(0.1);
    expect(Math.max(...shares)).toBeCloseTo(0.5);
    expect(r.outlier.median).toBeCloseTo((shares[0] + shares[1]) / 2);
    expect(r.outlier.median).toBeCloseTo(0.3);
    // 0,5 is under twice the median (0,6): nobody is flagged
    expect(r.byWaiter.filter((w) => w.isOutlier)).toEqual([]);
  });
});
