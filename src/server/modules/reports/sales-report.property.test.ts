import { eq, and } from 'drizzle-orm';
import fc from 'fast-check';
import { businessDay } from '../../../shared/domain/calendar';
import type { SalesReportResponse } from '../../../shared/reports-contract';
import type { Ticket } from '../../../shared/ticket-contract';
import { payments, refunds, ticketLines, tickets } from '../../db/schema';
import type { TestContext } from '../../test-support/test-app';
import { billsTestApp, REPORT_SETTINGS, type BillsFixture } from '../bills/bills-test-kit';
import { LINE_ORDER, billOf } from '../orders/ticket-read.service';

/*
 * Random days of bills through the real API — İndirim on lines and bills, İkram, İptal, service
 * charge on or off, split payments by card, cash with tips and meal cards, a reopen and a second
 * close, an İade of some units — and after each day the sales report, read from the figures the
 * commands keep, equals the sums of the raw bills (computeBill over the stored rows) to the kuruş:
 * the summary, VAT, payments (= net, tips apart), and the by-dish / by-category / by-waiter / by-type /
 * by-section / by-day / by-hour tables each add up to the summary.
 */
let ctx: TestContext;
let f: BillsFixture;
const TZ = REPORT_SETTINGS.timeZone;

beforeAll(async () => {
  ({ ctx, f } = await billsTestApp());
  await f.setSettings({ ...REPORT_SETTINGS, serviceChargePercent: 12.5 });
});
afterAll(() => ctx.close());

const discount = fc.oneof(
  fc.constant(null),
  fc.record({ type: fc.constant('percent'), value: fc.integer({ min: 1, max: 60 }), label: fc.constant('İndirim') }),
  fc.record({ type: fc.constant('amount'), value: fc.integer({ min: 1, max: 20_000 }), label: fc.constant('İndirim') }),
);
const bill = fc.record({
  ezogelin: fc.integer({ min: 1, max: 4 }),
  raki: fc.integer({ min: 0, max: 3 }),
  discount,
  lineDiscount: discount,
  compRaki: fc.boolean(),
  cancelEzogelin: fc.integer({ min: 0, max: 3 }),
  noService: fc.boolean(),
  byOwner: fc.boolean(),
  pay: fc.array(fc.record({ method: fc.constantFrom('card', 'cash', 'meal_card'), brand: fc.constantFrom('Multinet', 'Pluxee'), tip: fc.integer({ min: 0, max: 2_000 }), part: fc.integer({ min: 1, max: 3 }) }), {
    minLength: 1,
    maxLength: 3,
  }),
  reopen: fc.boolean(),
  refund: fc.option(fc.record({ units: fc.integer({ min: 1, max: 3 }), method: fc.constantFrom('cash', 'card') }), { nil: null }),
});

type BillPlan = typeof bill extends fc.Arbitrary<infer B> ? B : never;

async function playBill(e: BillPlan) {
  const who = e.byOwner ? f.restaurant.owner : f.restaurant.waiter;
  const api = f.bills(who);
  let t = await f.sentTicket({ ezogelin: e.ezogelin, raki: e.raki }, who);
  const step = async (res: { statusCode: number; json(): unknown }) => {
    if (res.statusCode === 200) t = res.json() as Ticket;
    else expect([400, 409]).toContain(res.statusCode);
  };
  if (e.noService) await step(await api.serviceCharge(t, 0));
  const soup = t.lines.find((l) => l.name === 'Ezogelin')!;
  if (e.lineDiscount) await step(await api.lineDiscount(t, soup.id, e.lineDiscount));
  if (e.discount) await step(await api.discount(t, e.discount));
  const raki = t.lines.find((l) => l.name === 'Rakı');
  if (raki && e.compRaki) await step(await api.comp(t, raki.id, { reason: 'Ev sahibi', quantity: 1 }));
  const soupNow = t.lines.find((l) => l.name === 'Ezogelin' && l.status !== 'cancelled')!;
  if (e.cancelEzogelin > 0 && soupNow.quantity > 1) await step(await api.cancel(t, soupNow.id, { reason: 'Vazgeçti', quantity: Math.min(e.cancelEzogelin, soupNow.quantity - 1) }));

  const payAll = async () => {
    t = await f.api(who).ticket(t.id);
    for (const [i, p] of e.pay.entries()) {
      if (t.totals.remaining === 0) break;
      const last = i === e.pay.length - 1;
      const amount = last ? t.totals.remaining : Math.max(1, Math.floor(t.totals.remaining / (p.part + 1)));
      const body = { method: p.method, amount, tip: p.tip, ...(p.method === 'meal_card' ? { brand: p.brand } : {}) };
      const res = await api.pay(t, body);
      expect(res.statusCode, res.body).toBe(200);
      t = await f.api(who).ticket(t.id);
    }
    if (t.totals.remaining > 0) expect((await api.pay(t, { method: 'card', amount: t.totals.remaining })).statusCode).toBe(200);
    t = await f.api(who).ticket(t.id);
    const closed = await api.close(t);
    expect(closed.statusCode, closed.body).toBe(200);
  };
  await payAll();
  const owner = f.api(f.restaurant.owner);
  if (e.reopen) {
    // reopen and close again: the figures come off and go back on (a reopened bill's payments stay, so
    // it closes as it was; changing it would leave more paid than it costs)
    expect((await owner.call('POST', `/bills/${t.id}/reopen`, { reason: 'Düzeltme' })).statusCode).toBe(200);
    t = await owner.ticket(t.id);
    const res = await f.bills(f.restaurant.owner).close(t);
    expect(res.statusCode, res.body).toBe(200);
  }
  if (e.refund) {
    t = await owner.ticket(t.id);
    const line = t.lines.find((l) => l.status !== 'cancelled' && !l.isComp && l.due > 0);
    if (line && t.status === 'closed') {
      const res = await owner.call('POST', `/bills/${t.id}/refunds`, { lines: [{ lineId: line.id, quantity: Math.min(e.refund.units, line.quantity) }], method: e.refund.method, reason: 'Bozuk' });
      expect([201, 409]).toContain(res.statusCode);
    }
  }
}

/** What the raw rows say for `day`: computeBill over each closed bill, plus the day's refunds. */
async function rawSums(day: string) {
  const db = ctx.database.db;
  const closed = await db.select().from(tickets).where(and(eq(tickets.restaurantId, f.restaurant.id), eq(tickets.status, 'closed'), eq(tickets.businessDay, day)));
  const s = { gross: 0, discounts: 0, comps: 0, cancelled: 0, serviceCharge: 0, total: 0, tips: 0, guests: 0, bills: closed.length, paid: 0, refunds: 0 };
  for (const t of closed) {
    const lines = await db.select().from(ticketLines).where(eq(ticketLines.ticketId, t.id)).orderBy(...LINE_ORDER);
    const paid = await db.select().from(payments).where(eq(payments.ticketId, t.id));
    const b = billOf(t, lines, paid, false);
    s.gross += b.subtotal;
    s.discounts += b.discounts;
    s.comps += b.comps;
    s.cancelled += b.cancelled;
    s.serviceCharge += b.serviceCharge;
    s.total += b.total;
    s.tips += b.tips;
    s.paid += b.paid;
    s.guests += t.guests ?? 0;
  }
  const rs = await db.select().from(refunds).where(and(eq(refunds.restaurantId, f.restaurant.id), eq(refunds.businessDay, day)));
  s.refunds = rs.reduce((n, r) => n + r.amountKurus, 0);
  return s;
}

describe('the sales report against the raw bills', () => {
  it('random days of bills: the figures kept by the commands equal computeBill over the raw rows, and every table adds up', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(bill, { minLength: 1, maxLength: 3 }), async (day) => {
        for (const e of day) await playBill(e);
        const today = businessDay(new Date(), TZ, 5);
        const res = await f.api(f.restaurant.owner).call('GET', `/reports/sales?from=${today}&to=${today}`);
        expect(res.statusCode).toBe(200);
        const r = res.json() as SalesReportResponse;
        const raw = await rawSums(today);
        expect(r.summary).toMatchObject({
          gross: raw.gross,
          discounts: raw.discounts,
          comps: raw.comps,
          cancellations: { amount: raw.cancelled },
          serviceCharge: raw.serviceCharge,
          refunds: raw.refunds,
          net: raw.total - raw.refunds,
          tips: raw.tips,
          bills: raw.bills,
          guests: raw.guests,
        });
        const sum = <T>(rows: T[], k: (x: T) => number) => rows.reduce((n, x) => n + k(x), 0);
        // payments: the sales each method took (refunds netted in their method) = net; tips apart
        expect(raw.paid).toBe(raw.total);
        expect(sum(r.payments, (p) => p.amount)).toBe(r.summary.net);
        expect(sum(r.payments, (p) => p.tips)).toBe(r.summary.tips);
        expect(sum(r.summary.vat, (v) => v.base + v.tax)).toBe(r.summary.net);
        for (const table of [r.byItem.map((x) => x.revenue), r.byCategory.map((x) => x.revenue), r.byWaiter.map((x) => x.net), r.byType.map((x) => x.net), r.bySection.map((x) => x.net), r.byDay.map((x) => x.net), r.byHour.map((x) => x.net)]) {
          expect(sum(table, (x) => x)).toBe(r.summary.net);
        }
        expect(sum(r.byWaiter, (w) => w.bills)).toBe(r.summary.bills);
        expect(sum(r.byHour, (h) => h.bills)).toBe(r.summary.bills);
        expect(sum(r.byWaiter, (w) => w.given.discounts)).toBe(r.summary.discounts);
        expect(sum(r.byWaiter, (w) => w.given.comps)).toBe(r.summary.comps);
        expect(sum(r.byWaiter, (w) => w.given.cancellations)).toBe(r.summary.cancellations.amount);
        // dish quantities never go below zero, whatever was refunded
        for (const i of r.byItem) expect(i.quantity).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 6, endOnFailure: true },
    );
  }, 600_000);
});
