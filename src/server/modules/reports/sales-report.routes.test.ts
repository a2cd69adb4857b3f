import { eq, sql } from 'drizzle-orm';
import { businessDay } from '../../../shared/domain/calendar';
import { REPORT_MESSAGES, type SalesReportResponse } from '../../../shared/reports-contract';
import type { Ticket } from '../../../shared/ticket-contract';
import { refundLines, refunds, salesBills, salesDayFigures } from '../../db/schema';
import { runCommand } from '../../lib/command';
import type { TestContext } from '../../test-support/test-app';
import { staffedRestaurant } from '../../test-support/test-app';
import { billsFixture, billsTestApp, REPORT_SETTINGS, type BillsFixture } from '../bills/bills-test-kit';
import { backfillSalesFigures } from './sales-backfill';
import { recordRefundFigures } from './sales-figures';

let ctx: TestContext;
let f: BillsFixture;
const TZ = REPORT_SETTINGS.timeZone;

beforeAll(async () => {
  ({ ctx, f } = await billsTestApp());
  await f.setSettings({ ...REPORT_SETTINGS, serviceChargePercent: 10 });
});
afterAll(() => ctx.close());

const today = () => businessDay(new Date(), TZ, 5);
const owner = () => f.api(f.restaurant.owner);
async function report(from = today(), to = from): Promise<SalesReportResponse> {
  const res = await owner().call('GET', `/reports/sales?from=${from}&to=${to}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SalesReportResponse;
}
const ok = async (res: { statusCode: number; body: string; json(): unknown }) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Ticket;
};

/**
 * A busy bill: Ezogelin × 3 (one İkram, one İptal), Rakı × 2 with 10 % off the line, 50 TL off the
 * bill, 10 % service charge, paid half by card with a tip and the rest with a meal card.
 */
async function busyBill() {
  const api = f.bills();
  let t = await f.sentTicket({ ezogelin: 3, raki: 2 });
  const ezo = () => t.lines.find((l) => l.name === 'Ezogelin' && !l.isComp && l.status !== 'cancelled')!;
  t = await ok(await api.comp(t, ezo().id, { reason: 'Doğum günü', quantity: 1 }));
  t = await ok(await api.cancel(t, ezo().id, { reason: 'Müşteri vazgeçti', quantity: 1 }));
  t = await ok(await api.lineDiscount(t, t.lines.find((l) => l.name === 'Rakı')!.id, { type: 'percent', value: 10, label: 'Dost' }));
  t = await ok(await api.discount(t, { type: 'amount', value: 5_000, label: 'Tanıdık' }));
  t = await ok(await api.serviceCharge(t, 10));
  const half = Math.floor(t.totals.total / 2);
  t = ((await api.pay(t, { method: 'card', amount: half, tip: 1_000 })).json() as { ticket?: Ticket }).ticket ?? (await f.api().ticket(t.id));
  t = await f.api().ticket(t.id);
  await api.pay(t, { method: 'meal_card', brand: 'Multinet', amount: t.totals.remaining });
  t = await f.api().ticket(t.id);
  const closed = await api.close(t);
  expect(closed.statusCode, closed.body).toBe(200);
  return f.api().ticket(t.id);
}

describe('the sales report of a day', () => {
  let bill: Ticket;
  let r: SalesReportResponse;
  beforeAll(async () => {
    bill = await busyBill();
    r = await report();
  });

  it('sums the closed bill to the kuruş: gross, İndirim, İkram, İptal, service charge, net, tips, VAT', () => {
    const t = bill.totals;
    expect(r.summary).toMatchObject({
      gross: t.subtotal,
      discounts: t.discounts,
      comps: t.comps,
      cancellations: { amount: t.cancelled, count: 1 },
      serviceCharge: t.serviceCharge,
      refunds: 0,
      net: t.total,
      tips: t.tips,
      bills: 1,
      averageBill: t.total,
    });
    expect(r.summary.vat.map((v) => ({ rate: v.rate, amount: v.base + v.tax, vat: v.tax }))).toEqual(t.vatByRate);
  });

  it('payments per method and meal-card brand add up to net, tips apart, with counts', () => {
    expect(r.payments.reduce((s, p) => s + p.amount, 0)).toBe(r.summary.net);
    expect(r.payments.reduce((s, p) => s + p.tips, 0)).toBe(r.summary.tips);
    expect(r.payments.find((p) => p.method === 'card')!.tips).toBe(1_000);
    expect(r.payments.map((p) => [p.method, p.brand, p.count]).sort()).toEqual([
      ['card', null, 1],
      ['meal_card', 'Multinet', 1],
    ]);
    expect(r.payments.find((p) => p.method === 'meal_card')!.label).toBe('Yemek Kartı (Multinet)');
  });

  it('by dish, by category, by waiter, by type, by section, by day and by hour each add up to the summary', () => {
    const sum = (rows: { [k: string]: unknown }[], k: string) => rows.reduce((s, x) => s + (x[k] as number), 0);
    expect(sum(r.byItem, 'revenue')).toBe(r.summary.net);
    expect(sum(r.byCategory, 'revenue')).toBe(r.summary.net);
    expect(sum(r.byWaiter, 'net')).toBe(r.summary.net);
    expect(sum(r.byType, 'net')).toBe(r.summary.net);
    expect(sum(r.bySection, 'net')).toBe(r.summary.net);
    expect(sum(r.byDay, 'net')).toBe(r.summary.net);
    expect(sum(r.byHour, 'net')).toBe(r.summary.net);
    const ezogelin = r.byItem.find((i) => i.name === 'Ezogelin')!;
    expect(ezogelin).toMatchObject({ quantity: 2, compQuantity: 1, cancelledQuantity: 1 });
    expect(r.byType).toEqual([expect.objectContaining({ type: 'table', label: 'Masa', bills: 1 })]);
  });

  it('the waiter is credited with the sales and with the İndirim, İkram and İptal they gave', () => {
    const w = r.byWaiter.find((x) => x.waiterId === f.restaurant.waiter.user.id)!;
    expect(w).toMatchObject({ bills: 1, net: bill.totals.total, given: { discounts: bill.totals.discounts, comps: bill.totals.comps, cancellations: bill.totals.cancelled, count: 4 } });
    expect(w.exceptionShare).toBeCloseTo((bill.totals.discounts + bill.totals.comps + bill.totals.cancelled) / (bill.totals.subtotal + bill.totals.cancelled));
    expect(r.outlier.rule).toMatch(/Medyanın 2 katından/);
  });

  it('lists every İndirim, İkram and İptal as an exception with who, reason and amount', () => {
    const kinds = r.exceptions.map((e) => e.kind).sort();
    expect(kinds).toEqual(['cancel', 'comp', 'discount', 'discount']);
    const comp = r.exceptions.find((e) => e.kind === 'comp')!;
    expect(comp).toMatchObject({ itemName: 'Ezogelin', quantity: 1, amount: 9_500, reason: 'Doğum günü', userId: f.restaurant.waiter.user.id, billNumber: bill.billNumber });
    expect(r.exceptions.find((e) => e.kind === 'discount' && e.itemName === null)).toMatchObject({ amount: 5_000, reason: 'Tanıdık' });
    expect(r.exceptionsTotal).toBe(4);
  });

  it('gives every day of a range, days without sales as zeros, and the previous equal period', async () => {
    const to = today();
    const from = new Date(Date.parse(`${to}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
    const week = await report(from, to);
    expect(week.byDay).toHaveLength(7);
    expect(week.byDay.filter((d) => d.bills === 0)).toHaveLength(6);
    expect(week.previous.to < from).toBe(true);
    expect(week.previous.summary.bills).toBe(0);
  });

  it('a reopen takes the bill off the report and closing it again puts it back as it is now', async () => {
    const reopened = await owner().call('POST', `/bills/${bill.id}/reopen`, { reason: 'Yanlış kapatıldı' });
    expect(reopened.statusCode, reopened.body).toBe(200);
    const meanwhile = await report();
    expect(meanwhile.summary).toMatchObject({ bills: 0, net: 0, gross: 0, tips: 0 });
    expect(meanwhile.byItem.every((i) => i.quantity === 0 && i.revenue === 0)).toBe(true);
    expect(meanwhile.exceptions.some((e) => e.kind === 'reopen' && e.amount === bill.totals.total && e.reason === 'Yanlış kapatıldı')).toBe(true);
    const t = await f.api().ticket(bill.id);
    expect((await f.bills(f.restaurant.owner).close(t)).statusCode).toBe(200);
    expect((await report()).summary).toEqual(r.summary);
  });

  it('the start-up backfill rebuilds the same figures for bills closed before them', async () => {
    const before = await report();
    await ctx.database.db.delete(salesDayFigures).where(eq(salesDayFigures.restaurantId, f.restaurant.id));
    await ctx.database.db.delete(salesBills).where(eq(salesBills.restaurantId, f.restaurant.id));
    expect((await report()).summary.bills).toBe(0);
    expect(await backfillSalesFigures(ctx.database.db)).toBeGreaterThan(0);
    expect(await backfillSalesFigures(ctx.database.db)).toBe(0);
    const after = await report();
    expect(after.summary).toEqual(before.summary);
    expect(after.byItem).toEqual(before.byItem);
    expect(after.byWaiter).toEqual(before.byWaiter);
  });
});

describe('İade in the report', () => {
  it('an İade of 2 of 2 units nets the dish to 0, takes it off its method and never inflates İndirim', async () => {
    const before = await report();
    const api = f.bills();
    let t = await f.sentTicket({ raki: 2 });
    t = await ok(await api.lineDiscount(t, t.lines[0].id, { type: 'amount', value: 2_000, label: 'Dost' }));
    await api.pay(t, { method: 'cash', amount: t.totals.total });
    t = await f.api().ticket(t.id);
    expect((await api.close(t)).statusCode).toBe(200);
    const mid = await report();
    const db = ctx.database.db;
    // the rows G's İade command writes (refunds + refund_lines), counted the way it calls us
    await runCommand({ db, hub: ctx.app.hub, commandHooks: ctx.app.commandHooks }, { restaurantId: f.restaurant.id, userId: f.restaurant.owner.user.id, role: 'owner' }, async (c) => {
      const [refund] = await c.tx
        .insert(refunds)
        .values({ restaurantId: f.restaurant.id, ticketId: t.id, businessDay: today(), method: 'cash', amountKurus: t.totals.total, reason: 'Bozuk', createdBy: f.restaurant.owner.user.id, approvedBy: f.restaurant.owner.user.id })
        .returning();
      const line = t.lines[0];
      await c.tx.insert(refundLines).values({ refundId: refund.id, restaurantId: f.restaurant.id, lineId: line.id, menuItemId: line.menuItemId, name: line.name, quantity: 2, amountKurus: line.due, vatRate: line.vatRate });
      await recordRefundFigures(c, refund.id);
      await recordRefundFigures(c, refund.id); // twice: counted once
    });
    const after = await report();
    const raki = (x: SalesReportResponse) => x.byItem.find((i) => i.name === 'Rakı') ?? { quantity: 0, revenue: 0, refundQuantity: 0 };
    expect(raki(after).quantity).toBe(raki(before).quantity);
    expect(raki(after).revenue).toBe(raki(before).revenue);
    expect(raki(after).refundQuantity).toBe(2);
    expect(after.summary.discounts).toBe(mid.summary.discounts);
    expect(after.summary.refunds).toBe(t.totals.total);
    expect(after.summary.net).toBe(before.summary.net);
    const cash = (x: SalesReportResponse) => x.payments.find((p) => p.method === 'cash')?.amount ?? 0;
    expect(cash(after)).toBe(cash(before));
    expect(after.payments.reduce((s, p) => s + p.amount, 0)).toBe(after.summary.net);
    expect(after.exceptions.find((e) => e.kind === 'refund')).toMatchObject({ amount: t.totals.total, reason: 'Bozuk', approverId: f.restaurant.owner.user.id });
  });
});

describe('who may ask, and for what', () => {
  it('answers 403 to the waiter and the kitchen, 404 for another restaurant', async () => {
    const q = `/reports/sales?from=${today()}&to=${today()}`;
    expect((await f.api(f.restaurant.waiter).call('GET', q)).statusCode).toBe(403);
    expect((await f.api(f.restaurant.kitchen).call('GET', q)).statusCode).toBe(403);
    expect((await f.api(f.restaurant.waiter).call('GET', `/reports/sales.csv?from=${today()}&to=${today()}&table=byItem`)).statusCode).toBe(403);
    const other = await staffedRestaurant(ctx);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/restaurants/${other.id}${q}`, cookies: f.restaurant.owner.cookies });
    expect(res.statusCode).toBe(404);
  });

  it.each([
    ['from after to', 'from=2026-03-02&to=2026-03-01', REPORT_MESSAGES.fromAfterTo],
    ['a range over 366 days', 'from=2025-01-01&to=2026-01-02', REPORT_MESSAGES.tooLong],
    ['a day that does not exist', 'from=2026-02-30&to=2026-03-01', 'Geçersiz tarih'],
    ['a malformed day', 'from=1.3.2026&to=2026-03-01', 'Tarih YYYY-AA-GG biçiminde olmalı'],
    ['a missing day', 'from=2026-03-01', 'bu alan gerekli'],
    ['the first day of the calendar', 'from=0001-01-01&to=0001-01-02', 'Tarih 2000 ile 2100 yılları arasında olmalı'],
    ['the last day of the calendar', 'from=9999-12-30&to=9999-12-31', 'Tarih 2000 ile 2100 yılları arasında olmalı'],
  ])('refuses %s with 400 in Turkish', async (_, query, message) => {
    const res = await owner().call('GET', `/reports/sales?${query}`);
    expect(res.statusCode).toBe(400);
    const error = (res.json() as { error: string }).error;
    if (message) expect(error).toContain(message);
    expect(error).toMatch(/^Geçersiz istek: /);
    expect(error).not.toMatch(/Invalid|expected|undefined|NaN/);
  });

  it('takes a range of exactly 366 days', async () => {
    expect((await owner().call('GET', '/reports/sales?from=2024-01-01&to=2024-12-31')).statusCode).toBe(200);
  });
});

describe('CSV', () => {
  it('one table as UTF-8 with BOM, ; separated, Turkish headers, decimal comma TL, attachment with a safe name', async () => {
    const r = await report();
    const res = await owner().call('GET', `/reports/sales.csv?from=${today()}&to=${today()}&table=byItem`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="satis-raporu-urunler-[\d-]+_[\d-]+\.csv"; filename\*=UTF-8''Sat%C4%B1%C5%9F/);
    const body = res.rawPayload.toString('utf8');
    expect(body.charCodeAt(0)).toBe(0xfeff);
    const rows = body.slice(1).trim().split('\r\n');
    expect(rows[0]).toBe('Ürün;Kategori;Adet;Ciro (TL);Pay (%);İkram Adedi;İptal Adedi;İade Adedi');
    // header, one row per dish, Toplam
    expect(rows).toHaveLength(r.byItem.length + 2);
    expect(rows.at(-1)!.split(';').slice(0, 3)).toEqual(['Toplam', '', String(r.byItem.reduce((s, i) => s + i.quantity, 0))]);
    const first = r.byItem[0];
    expect(rows[1].split(';').slice(0, 4)).toEqual([first.name, first.categoryName, String(first.quantity), `${Math.floor(first.revenue / 100)},${String(first.revenue % 100).padStart(2, '0')}`]);
  });

  it('the summary as label;value rows and an unknown table refused with 400', async () => {
    const res = await owner().call('GET', `/reports/sales.csv?from=${today()}&to=${today()}&table=summary`);
    expect(res.rawPayload.toString('utf8')).toContain('Net Satış (TL);');
    const bad = await owner().call('GET', `/reports/sales.csv?from=${today()}&to=${today()}&table=secrets`);
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { error: string }).error).toContain(REPORT_MESSAGES.table);
  });
});

it('keeps every table of figures per restaurant: another restaurant never sees these rows', async () => {
  const other = await staffedRestaurant(ctx);
  const rows = await ctx.database.db.execute(sql`select count(*)::int as n from sales_day_figures where restaurant_id = ${other.id}`);
  expect(((rows as unknown as { rows: { n: number }[] }).rows ?? (rows as unknown as { n: number }[]))[0].n).toBe(0);
});

it('divides Kişi Başı over table sales only: a Gel-Al bill adds to the net, not to the table guests’ average', async () => {
  const g = await billsFixture(ctx);
  await g.setSettings({ timeZone: TZ, businessDayStartHour: 5, paymentMethods: ['cash', 'card'] } as never);
  const api = g.api();
  const payAndClose = async (t: Ticket) => {
    const paid = (await g.bills().pay(t, { method: 'card', amount: t.totals.remaining })).json() as Ticket;
    expect((await g.bills().close(paid)).statusCode).toBe(200);
  };
  // a table of 2: 2 × Ezogelin (190 TL)
  let table = (await api.open(await g.freeTable(), 2)).json() as Ticket;
  table = (await api.add(table, [{ menuItemId: g.ezogelin.id, quantity: 2 }])).json() as Ticket;
  table = ((await api.send(table)).json() as { ticket: Ticket }).ticket;
  await payAndClose(table);
  // a Gel-Al order: 3 × Ezogelin (285 TL), no guests
  let takeaway = (await api.call('POST', '/tickets', { type: 'takeaway', customer: { name: 'Ali Bey' } })).json() as Ticket;
  takeaway = (await api.add(takeaway, [{ menuItemId: g.ezogelin.id, quantity: 3 }])).json() as Ticket;
  takeaway = ((await api.send(takeaway)).json() as { ticket: Ticket }).ticket;
  await payAndClose(takeaway);

  const res = await g.api(g.restaurant.owner).call('GET', `/reports/sales?from=${today()}&to=${today()}`);
  const { summary } = res.json() as SalesReportResponse;
  expect([summary.net, summary.guests, summary.averagePerGuest]).toEqual([table.totals.total + takeaway.totals.total, 2, Math.round(table.totals.total / 2)]);
});

it('İstisnalar shows what a percent off the whole bill came to, as given', async () => {
  const g = await billsFixture(ctx);
  await g.setSettings({ timeZone: TZ, businessDayStartHour: 5, paymentMethods: ['cash', 'card'] } as never);
  const t = await g.sentTicket({ ezogelin: 3 });
  const discounted = await g.bills(g.restaurant.owner).discount(t, { type: 'percent', value: 10, label: 'Müdavim' });
  expect(discounted.statusCode, discounted.body).toBe(200);
  const given = (discounted.json() as Ticket).totals.discounts;
  expect(given).toBeGreaterThan(0);
  const res = await g.api(g.restaurant.owner).call('GET', `/reports/sales?from=${today()}&to=${today()}`);
  const row = (res.json() as SalesReportResponse).exceptions.find((e) => e.kind === 'discount');
  expect(row).toMatchObject({ label: 'İndirim (%10)', amount: given, reason: 'Müdavim' });
});
