import fc from 'fast-check';
import type { CloseResponse, PaymentResponse, SplitResponse } from '../../../shared/bill-contract';
import type { Ticket } from '../../../shared/ticket-contract';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { billsFixture, type BillsFixture } from './bills-test-kit';

/*
 * Random tables through the real API: random dishes, a random ticket discount, İkram and İptal of
 * random parts, some guests paying their own dishes, the rest split equally — the payments always
 * add up to the bill to the kuruş, the VAT of the rates adds up, no line costs less than nothing,
 * and the ticket closes with the next bill number.
 */
let ctx: TestContext;
let f: BillsFixture;

beforeAll(async () => {
  ctx = await createTestApp();
  f = await billsFixture(ctx);
  await f.setSettings({ serviceChargePercent: 7.5, permissions: { discount: ['owner', 'waiter'], comp: ['owner', 'waiter'], cancel: ['owner', 'waiter'] } });
});
afterAll(() => ctx.close());

const evening = fc.record({
  ezogelin: fc.integer({ min: 1, max: 6 }),
  raki: fc.integer({ min: 0, max: 4 }),
  discount: fc.oneof(
    fc.constant(null),
    fc.record({ type: fc.constant('percent'), value: fc.integer({ min: 1, max: 100 }), label: fc.constant('İndirim') }),
    fc.record({ type: fc.constant('amount'), value: fc.integer({ min: 1, max: 30_000 }), label: fc.constant('İndirim') }),
  ),
  compRaki: fc.boolean(),
  cancelEzogelin: fc.integer({ min: 0, max: 5 }),
  payRakiByLine: fc.boolean(),
  shares: fc.integer({ min: 2, max: 7 }),
  noService: fc.boolean(),
});

let lastBillNumber = 0;

describe('bills over the API', () => {
  it('random adjustments and split payments always settle the bill to the kuruş, and it closes', async () => {
    await fc.assert(
      fc.asyncProperty(evening, async (e) => {
        const api = f.bills();
        let t = await f.sentTicket({ ezogelin: e.ezogelin, raki: e.raki });
        const step = async (res: { statusCode: number; json(): unknown }) => {
          // a refused adjustment (e.g. a discount over the total) changes nothing; go on
          if (res.statusCode === 200) t = res.json() as Ticket;
          else expect([400, 409]).toContain(res.statusCode);
        };
        if (e.noService) await step(await api.serviceCharge(t, 0));
        if (e.discount) await step(await api.discount(t, e.discount));
        const raki = t.lines.find((l) => l.name === 'Rakı');
        if (raki && e.compRaki) await step(await api.comp(t, raki.id, { reason: 'Ev sahibi', quantity: 1 }));
        const soup = t.lines.find((l) => l.name === 'Ezogelin')!;
        if (e.cancelEzogelin > 0) await step(await api.cancel(t, soup.id, { reason: 'Müşteri vazgeçti', quantity: Math.min(e.cancelEzogelin, soup.quantity) }));

        for (const l of t.lines) expect(l.due).toBeGreaterThanOrEqual(0);
        expect(t.lines.reduce((s, l) => s + l.due, 0)).toBe(t.totals.total);
        expect(t.totals.vatByRate.reduce((s, r) => s + r.vat, 0)).toBe(t.totals.vat);
        expect(t.totals.total).toBeGreaterThanOrEqual(0);

        const payable = t.lines.find((l) => l.name === 'Rakı' && l.status !== 'cancelled' && l.due > 0);
        if (e.payRakiByLine && payable && payable.due <= t.totals.remaining) {
          const paid = await api.pay(t, { method: 'card', lineIds: [payable.id] });
          expect(paid.statusCode).toBe(200);
          t = paid.json() as PaymentResponse;
        }
        if (t.totals.remaining > 0) {
          const { shares } = (await api.call('GET', `/tickets/${t.id}/split?shares=${e.shares}`)).json() as SplitResponse;
          for (const share of shares.filter((s) => s > 0)) {
            const paid = await api.pay(t, { method: 'card', amount: share });
            expect(paid.statusCode).toBe(200);
            t = paid.json() as PaymentResponse;
          }
        }
        expect(t.totals.remaining).toBe(0);
        expect(t.payments.reduce((s, p) => s + p.amount, 0)).toBe(t.totals.total);
        const closed = await api.close(t);
        expect(closed.statusCode).toBe(200);
        const { billNumber } = closed.json() as CloseResponse;
        if (lastBillNumber > 0) expect(billNumber).toBe(lastBillNumber + 1);
        lastBillNumber = billNumber;
      }),
      { numRuns: 25 },
    );
  });
});
