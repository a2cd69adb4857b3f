import { and, eq } from 'drizzle-orm';
import type { BillDetail, BillSummary, CloseResponse, PaymentResponse } from '../../../shared/bill-contract';
import type { Ticket } from '../../../shared/ticket-contract';
import { auditEvents, payments, tickets } from '../../db/schema';
import type { TestContext } from '../../test-support/test-app';
import { ordersFixture } from '../orders/orders-test-kit';
import { TICKET_MESSAGES } from '../orders/ticket-messages';
import { BILL_MESSAGES } from './bill-messages';
import { billsFixture, billsTestApp, type BillsFixture } from './bills-test-kit';

let ctx: TestContext;
let f: BillsFixture;

beforeAll(async () => {
  ({ ctx, f } = await billsTestApp());
});
afterAll(() => ctx.close());
beforeEach(() => f.setSettings({ paymentMethods: ['cash', 'card', 'meal_card', 'online', 'account'], mealCardBrands: ['Multinet', 'Pluxee'] }));

const rakiLine = (t: Ticket) => t.lines.find((l) => l.name === 'Rakı')!;
const ezogelinLine = (t: Ticket) => t.lines.find((l) => l.name === 'Ezogelin')!;
const paymentsOf = (ticketId: string) => ctx.database.db.select().from(payments).where(eq(payments.ticketId, ticketId));
/** A sent ticket (44.000 kuruş) paid in full by card. */
async function paidTicket(counts?: { ezogelin?: number; raki?: number }) {
  const t = await f.sentTicket(counts);
  const res = await f.bills().pay(t, { method: 'card', amount: t.totals.total });
  expect(res.statusCode).toBe(200);
  return res.json() as PaymentResponse;
}

describe('payments', () => {
  it("answers with the ticket built from the command's rows: exactly what a read afterwards gives", async () => {
    // the waiter's ticket with a discount; the owner takes card (a name looked up), the waiter cash
    const t = await f.sentTicket();
    const discounted = await f.bills(f.restaurant.owner).discount(t, { type: 'percent', value: 10, label: 'Öğrenci' });
    expect(discounted.statusCode).toBe(200);
    const card = await f.bills(f.restaurant.owner).pay(t, { method: 'card', amount: 10_000 });
    expect(card.statusCode).toBe(200);
    const { paymentId, change, ...cardTicket } = card.json() as PaymentResponse;
    expect(paymentId).toBeTruthy();
    expect(change).toBe(0);
    expect(cardTicket).toEqual(await f.api().ticket(t.id));
    const cash = (await f.bills().pay(t, { method: 'cash', amount: 5_000, given: 10_000 })).json() as PaymentResponse;
    const { paymentId: _id, change: given, ...cashTicket } = cash;
    expect(given).toBe(5_000);
    expect(cashTicket.payments.map((p) => p.takenByName)).toEqual([f.restaurant.owner.user.name, f.restaurant.waiter.user.name]);
    expect(cashTicket).toEqual(await f.api().ticket(t.id));
  });

  it('two guests pay by card and by cash with change; the ticket shows payments and what remains', async () => {
    const t = await f.sentTicket();
    const card = await f.bills().pay(t, { method: 'card', amount: 20_000 });
    expect(card.statusCode).toBe(200);
    expect((card.json() as PaymentResponse).totals).toMatchObject({ paid: 20_000, remaining: 24_000 });
    const cash = await f.bills().pay(t, { method: 'cash', amount: 24_000, given: 30_000 });
    const after = cash.json() as PaymentResponse;
    expect(after.change).toBe(6_000);
    expect(after.totals).toMatchObject({ total: 44_000, paid: 44_000, remaining: 0, change: 6_000 });
    expect(after.payments.map((p) => [p.method, p.amount, p.change, p.takenBy])).toEqual([
      ['card', 20_000, 0, f.restaurant.waiter.user.id],
      ['cash', 24_000, 6_000, f.restaurant.waiter.user.id],
    ]);
    const audit = await ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.entityId, t.id), eq(auditEvents.action, 'ticket.payment'))).orderBy(auditEvents.id);
    expect(audit.map((a) => (a.after as { amount: number }).amount)).toEqual([20_000, 24_000]);
  });

  it('accepts cash above what remains and gives change; refuses card, meal card, online and Cari above it', async () => {
    const t = await f.sentTicket();
    for (const method of ['card', 'online']) {
      const over = await f.bills().pay(t, { method, amount: 44_001 });
      expect(over.statusCode).toBe(409);
      expect(over.json().error).toBe(BILL_MESSAGES.overRemaining(44_000));
    }
    expect((await f.bills().pay(t, { method: 'meal_card', brand: 'Multinet', amount: 50_000 })).statusCode).toBe(409);
    expect((await f.bills().pay(t, { method: 'account', customerName: 'Ahmet Bey', amount: 50_000 })).statusCode).toBe(409);
    expect(await paymentsOf(t.id)).toHaveLength(0);
    const cash = (await f.bills().pay(t, { method: 'cash', amount: 50_000 })).json() as PaymentResponse;
    expect(cash).toMatchObject({ change: 6_000, totals: { paid: 44_000, remaining: 0 } });
  });

  it('takes only Ayarlar’s methods and meal-card brands; Cari needs a name; tips stay apart from sales', async () => {
    await f.setSettings({ paymentMethods: ['cash', 'card', 'meal_card'], mealCardBrands: ['Multinet'] });
    const t = await f.sentTicket();
    const online = await f.bills().pay(t, { method: 'online', amount: 1_000 });
    expect(online.statusCode).toBe(409);
    expect(online.json().error).toBe(BILL_MESSAGES.methodOff('Online'));
    const brand = await f.bills().pay(t, { method: 'meal_card', brand: 'Setcard', amount: 1_000 });
    expect(brand.statusCode).toBe(400);
    expect(brand.json().error).toBe(BILL_MESSAGES.brandUnknown('Setcard'));
    expect((await f.bills().pay(t, { method: 'meal_card', amount: 1_000 })).statusCode).toBe(400);
    const meal = (await f.bills().pay(t, { method: 'meal_card', brand: 'Multinet', amount: 10_000, tip: 1_500 })).json() as PaymentResponse;
    expect(meal.payments[0]).toMatchObject({ method: 'meal_card', brand: 'Multinet', amount: 10_000, tip: 1_500 });
    expect(meal.totals).toMatchObject({ paid: 10_000, tips: 1_500, remaining: 34_000 });
    await f.setSettings({ paymentMethods: ['cash', 'account'] });
    expect((await f.bills().pay(t, { method: 'account', amount: 1_000 })).statusCode).toBe(400);
    const cari = (await f.bills().pay(t, { method: 'account', amount: 1_000, customerName: 'Ahmet Bey' })).json() as PaymentResponse;
    expect(cari.payments[1]).toMatchObject({ method: 'account', customerName: 'Ahmet Bey' });
  });

  it('refuses bad amounts: zero, negative, fractional kuruş, and cash handed over below the amount', async () => {
    const t = await f.sentTicket();
    for (const amount of [0, -5, 10.5]) expect((await f.bills().pay(t, { method: 'card', amount })).statusCode).toBe(400);
    expect((await f.bills().pay(t, { method: 'cash', amount: 10_000, given: 5_000 })).statusCode).toBe(400);
    expect((await f.bills().pay(t, { method: 'card', amount: 10_000, given: 20_000 })).statusCode).toBe(400);
    expect((await f.bills().pay(t, { method: 'bitcoin', amount: 10_000 })).statusCode).toBe(400);
    expect(await paymentsOf(t.id)).toHaveLength(0);
  });

  it('pays chosen lines, also part of a line’s quantity; lines already paid are refused', async () => {
    const t = await f.sentTicket({ ezogelin: 3, raki: 1 });
    const raki = await f.bills().pay(t, { method: 'card', lineIds: [rakiLine(t).id] });
    expect(raki.statusCode, raki.body).toBe(200);
    const afterRaki = raki.json() as PaymentResponse;
    expect(afterRaki.payments[0]).toMatchObject({ amount: 25_000, lineIds: [rakiLine(t).id] });
    expect(rakiLine(afterRaki).paymentId).toBe(afterRaki.paymentId);
    const again = await f.bills().pay(t, { method: 'card', lineIds: [rakiLine(t).id] });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(BILL_MESSAGES.linesAlreadyPaid);
    // one of three soups, cash with change
    const part = await f.bills().pay(t, { method: 'cash', lines: [{ lineId: ezogelinLine(t).id, quantity: 1 }], amount: 10_000 });
    expect(part.statusCode).toBe(200);
    const afterPart = part.json() as PaymentResponse;
    expect(afterPart.change).toBe(500);
    expect(afterPart.lines.filter((l) => l.name === 'Ezogelin').map((l) => [l.quantity, l.paymentId !== null])).toEqual([
      [2, false],
      [1, true],
    ]);
    expect(afterPart.totals).toMatchObject({ paid: 34_500, remaining: 19_000 });
    // a card amount that is not the lines' due is refused
    const wrong = await f.bills().pay(t, { method: 'card', lineIds: [ezogelinLine(afterPart).id], amount: 100 });
    expect(wrong.json().error).toBe(BILL_MESSAGES.linesAmount(19_000));
  });

  it('refuses chosen lines picked twice, of another ticket, cancelled, or owing nothing; nothing is recorded', async () => {
    const t = await f.sentTicket({ ezogelin: 3, raki: 1 });
    const other = await f.sentTicket({ raki: 1 });
    const twice = await f.bills().pay(t, { method: 'card', lineIds: [rakiLine(t).id, rakiLine(t).id] });
    expect([twice.statusCode, twice.json().error]).toEqual([400, BILL_MESSAGES.linesDuplicate]);
    const foreign = await f.bills().pay(t, { method: 'card', lineIds: [rakiLine(other).id] });
    expect([foreign.statusCode, foreign.json().error]).toEqual([404, BILL_MESSAGES.linesNotFound]);
    const cancelled = await f.bills().cancel(t, ezogelinLine(t).id, { reason: 'Müşteri vazgeçti', quantity: 1 });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const afterCancel = cancelled.json() as Ticket;
    const cancelledLine = afterCancel.lines.find((l) => l.status === 'cancelled')!;
    const payCancelled = await f.bills().pay(t, { method: 'card', lineIds: [cancelledLine.id] });
    expect([payCancelled.statusCode, payCancelled.json().error]).toEqual([409, BILL_MESSAGES.lineCancelled]);
    const comped = await f.bills(f.restaurant.owner).comp(afterCancel, rakiLine(afterCancel).id, { reason: 'Ev sahibi' });
    expect(comped.statusCode, comped.body).toBe(200);
    const payComped = await f.bills().pay(t, { method: 'cash', lineIds: [rakiLine(comped.json() as Ticket).id] });
    expect([payComped.statusCode, payComped.json().error]).toEqual([409, BILL_MESSAGES.linesNothingDue]);
    expect(await paymentsOf(t.id)).toHaveLength(0);
    expect(await paymentsOf(other.id)).toHaveLength(0);
  });

  it('takes cash for chosen lines without an amount as exactly their due, with change from what was handed over', async () => {
    const t = await f.sentTicket({ ezogelin: 1, raki: 1 });
    const res = await f.bills().pay(t, { method: 'cash', lineIds: [rakiLine(t).id], given: 30_000 });
    expect(res.statusCode, res.body).toBe(200);
    const paid = res.json() as PaymentResponse;
    expect(paid.change).toBe(5_000);
    expect(paid.totals).toMatchObject({ paid: 25_000, remaining: 9_500 });
    expect((await paymentsOf(t.id)).map((p) => [p.amountKurus, p.changeKurus])).toEqual([[25_000, 5_000]]);
  });

  it('refuses changes to paid lines, and any change that leaves less to pay than was paid', async () => {
    const t = await f.sentTicket();
    const paid = (await f.bills().pay(t, { method: 'card', lineIds: [rakiLine(t).id] })).json() as PaymentResponse;
    const owner = f.bills(f.restaurant.owner);
    expect((await owner.cancel(paid, rakiLine(paid).id, { reason: 'x' })).json().error).toBe(BILL_MESSAGES.linePaid);
    expect((await owner.comp(paid, rakiLine(paid).id, { reason: 'x' })).json().error).toBe(BILL_MESSAGES.linePaid);
    const more = (await f.bills().pay(paid, { method: 'cash', amount: 15_000 })).json() as PaymentResponse;
    const discount = await owner.discount(more, { type: 'percent', value: 50, label: '' });
    expect(discount.statusCode).toBe(409);
    expect(discount.json().error).toBe(TICKET_MESSAGES.belowPaid);
  });

  it('splits what remains equally, the remainder kuruş on the last shares; 0, 1 and 1000 shares are refused', async () => {
    const t = await f.sentTicket();
    await f.bills().pay(t, { method: 'cash', amount: 1 });
    const split = await f.bills().call('GET', `/tickets/${t.id}/split?shares=4`);
    expect(split.json()).toEqual({ remaining: 43_999, shares: [10_999, 11_000, 11_000, 11_000] });
    for (const n of [0, 1, 1000, 'dört']) {
      const bad = await f.bills().call('GET', `/tickets/${t.id}/split?shares=${n}`);
      expect(bad.statusCode, String(n)).toBe(400);
    }
    // paying the shares settles the bill to the kuruş
    for (const share of split.json().shares as number[]) expect((await f.bills().pay(t, { method: 'card', amount: share })).statusCode).toBe(200);
    expect((await f.api().ticket(t.id)).totals.remaining).toBe(0);
  });

  it('records a payment once for a retried request with the same Idempotency-Key', async () => {
    const t = await f.sentTicket();
    const first = await f.bills().pay(t, { method: 'card', amount: 4_000 }, { 'idempotency-key': 'odeme-tekrar-1' });
    const retry = await f.bills().pay(t, { method: 'card', amount: 4_000 }, { 'idempotency-key': 'odeme-tekrar-1' });
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replay']).toBe('true');
    expect(retry.json().paymentId).toBe(first.json().paymentId);
    expect(await paymentsOf(t.id)).toHaveLength(1);
  });

  it('answers 404 for another restaurant’s ticket', async () => {
    const other = await ordersFixture(ctx);
    const foreign = await other.ticketWith(other.tables[0].id, [{ menuItemId: other.ezogelin.id, quantity: 1 }]);
    const res = await f.bills().pay(foreign, { method: 'cash', amount: 100 });
    expect(res.statusCode).toBe(404);
    expect((await f.bills().close(foreign)).statusCode).toBe(404);
    expect((await f.bills().call('GET', `/tickets/${foreign.id}/split?shares=2`)).statusCode).toBe(404);
    expect(await paymentsOf(foreign.id)).toHaveLength(0);
  });
});

describe('Hesabı Kapat', () => {
  it('refuses an unpaid ticket, naming what remains', async () => {
    const t = await f.sentTicket();
    await f.bills().pay(t, { method: 'card', amount: 40_000 });
    const t2 = await f.api().ticket(t.id);
    const res = await f.bills().close(t2);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(BILL_MESSAGES.unpaid(4_000));
    expect((await f.api().ticket(t.id)).status).toBe('open');
  });

  it('refuses a ticket one kuruş short of paid', async () => {
    const t = await f.sentTicket();
    await f.bills().pay(t, { method: 'card', amount: t.totals.remaining - 1 });
    const res = await f.bills().close(await f.api().ticket(t.id));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(BILL_MESSAGES.unpaid(1));
    expect((await f.api().ticket(t.id)).status).toBe('open');
  });

  it('closes a paid ticket with the next bill number; the table is free at once; no payment or change afterwards', async () => {
    const paid = await paidTicket();
    f.events.length = 0;
    const res = await f.bills().close(paid);
    expect(res.statusCode).toBe(200);
    const closed = res.json() as CloseResponse;
    expect(closed.total).toBe(44_000);
    expect(closed.ticket).toMatchObject({ status: 'closed', state: 'free', billNumber: closed.billNumber });
    const [row] = await ctx.database.db.select().from(tickets).where(eq(tickets.id, paid.id));
    expect(row.closedBy).toBe(f.restaurant.waiter.user.id);
    expect(row.closedAt).not.toBeNull();
    expect(f.events.map((e) => [e.type, e.id])).toContainEqual(['tickets', paid.id]);
    const floor = (await f.api().call('GET', '/floor')).json() as { sections: { tables: { id: string; ticketId: string | null; state: string }[] }[] };
    expect(floor.sections[0].tables.find((x) => x.id === paid.tableId)).toMatchObject({ ticketId: null, state: 'free' });
    // a closed ticket takes no payment, no discount and no second close
    const pay = await f.bills().pay(paid, { method: 'cash', amount: 100 });
    expect(pay.statusCode).toBe(409);
    expect(pay.json().error).toBe(TICKET_MESSAGES.ticketClosed);
    expect((await f.bills(f.restaurant.owner).discount(closed.ticket, null)).statusCode).toBe(409);
    expect((await f.bills().close(closed.ticket)).statusCode).toBe(409);
  });

  it('a reopened bill paid again and closed hands back only the new payment’s change, not every payment’s', async () => {
    // 1 Ezogelin (9.500): 200 TL cash, 105 TL change; closed
    const t = await f.sentTicket({ ezogelin: 1 });
    let cur = (await f.bills().pay(t, { method: 'cash', amount: 9_500, given: 20_000 })).json() as PaymentResponse;
    expect(cur.change).toBe(10_500);
    const first = (await f.bills().close(cur)).json() as CloseResponse;
    expect(first.change).toBe(10_500);
    // the owner reopens it: a Rakı (25.000) was forgotten; 300 TL cash, 50 TL change
    const reopened = await f.api(f.restaurant.owner).call('POST', `/bills/${t.id}/reopen`, { reason: 'Rakı unutulmuş' });
    expect(reopened.statusCode).toBe(200);
    let open = reopened.json() as Ticket;
    open = (await f.api().add(open, [{ menuItemId: f.raki.id, quantity: 1 }])).json() as Ticket;
    open = ((await f.api().send(open)).json() as { ticket: Ticket }).ticket;
    cur = (await f.bills().pay(open, { method: 'cash', amount: 25_000, given: 30_000 })).json() as PaymentResponse;
    expect(cur.change).toBe(5_000);
    const second = await f.bills().close(cur);
    expect(second.statusCode).toBe(200);
    const closed = second.json() as CloseResponse;
    // 50 TL goes back now, not 155 TL: the 105 TL went back at the first close
    expect(closed.change).toBe(5_000);
    expect(closed.billNumber).toBe(first.billNumber);
    // every payment keeps its own change
    expect(closed.ticket.payments.map((p) => p.change)).toEqual([10_500, 5_000]);
    const closes = await ctx.database.db
      .select({ after: auditEvents.after })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, t.id), eq(auditEvents.action, 'ticket.close')))
      .orderBy(auditEvents.id);
    expect(closes.map((r) => (r.after as { changeDue: number }).changeDue)).toEqual([10_500, 5_000]);
  });

  it('gives 20 concurrent closes 20 consecutive bill numbers', async () => {
    const ready = [];
    for (let i = 0; i < 20; i++) ready.push(await paidTicket({ ezogelin: 1 }));
    const before = (await ctx.database.db.select({ n: tickets.billNumber }).from(tickets).where(eq(tickets.restaurantId, f.restaurant.id)))
      .map((r) => r.n ?? 0)
      .reduce((a, b) => Math.max(a, b), 0);
    const answers = await Promise.all(ready.map((t) => f.bills().close(t)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const numbers = answers.map((a) => (a.json() as CloseResponse).billNumber).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => before + 1 + i));
  });
});

describe('Kapalı Hesaplar', () => {
  it('lists today’s bills with table, waiter, methods and flags, finds one by number, and shows its full history', async () => {
    const t = await f.sentTicket({ ezogelin: 2, raki: 1 });
    const owner = f.bills(f.restaurant.owner);
    let cur = (await owner.discount(t, { type: 'amount', value: 1_000, label: 'Müdavim' })).json() as Ticket;
    cur = (await f.bills().comp(cur, rakiLine(cur).id, { reason: 'Ev sahibi', approval: { email: f.restaurant.owner.user.email, password: f.restaurant.owner.user.password } })).json();
    cur = (await f.bills().cancel(cur, ezogelinLine(cur).id, { reason: 'Müşteri vazgeçti', quantity: 1 })).json();
    expect(cur.totals.total).toBe(8_500);
    await f.bills().pay(cur, { method: 'card', amount: 5_000 });
    cur = (await f.bills().pay(cur, { method: 'cash', amount: 5_000 })).json();
    const closed = (await f.bills().close(cur)).json() as CloseResponse;

    const list = (await owner.call('GET', '/bills')).json() as BillSummary[];
    const mine = list.find((b) => b.id === t.id)!;
    expect(mine).toMatchObject({
      billNumber: closed.billNumber,
      total: 8_500,
      tableName: t.tableName,
      type: 'table',
      waiterName: f.restaurant.waiter.user.name,
      paymentMethods: ['card', 'cash'],
      hasDiscount: true,
      hasComp: true,
      hasCancel: true,
      wasReopened: false,
    });
    // and a plain bill raises no flag
    const plain = await paidTicket({ ezogelin: 1 });
    expect((await f.bills().close(plain)).statusCode).toBe(200);
    const plainSummary = ((await owner.call('GET', '/bills')).json() as BillSummary[]).find((b) => b.id === plain.id);
    expect(plainSummary).toMatchObject({ hasDiscount: false, hasComp: false, hasCancel: false, wasReopened: false });
    expect((await owner.call('GET', `/bills?number=${closed.billNumber}`)).json().map((b: BillSummary) => b.id)).toEqual([t.id]);
    expect((await owner.call('GET', '/bills?from=2020-01-01&to=2020-01-31')).json()).toEqual([]);
    expect((await owner.call('GET', '/bills?from=2020-13-01')).statusCode).toBe(400);
    // a bill number beyond what the database can hold is refused, not a 500
    for (const number of ['2147483648', '99999999999', '0', 'abc']) {
      const huge = await owner.call('GET', `/bills?number=${number}`);
      expect(huge.statusCode).toBe(400);
      expect(huge.json().error).toMatch(/Hesap numarası|hesap numarası/);
    }
    expect((await owner.call('GET', '/bills?number=2147483647')).json()).toEqual([]);
    // the year 0000 does not exist either (the database would refuse it)
    for (const query of ['from=0000-01-01', 'to=0000-12-31']) {
      const year0 = await owner.call('GET', `/bills?${query}`);
      expect(year0.statusCode).toBe(400);
      expect(year0.json().error).toMatch(/Geçersiz tarih/);
    }

    const detail = (await owner.call('GET', `/bills/${t.id}`)).json() as BillDetail;
    expect(detail.ticket.lines.map((l) => [l.name, l.quantity, l.status, l.isComp])).toEqual([
      ['Ezogelin', 1, 'sent', false],
      ['Ezogelin', 1, 'cancelled', false],
      ['Rakı', 1, 'sent', true],
    ]);
    expect(detail.payments.map((p) => p.method)).toEqual(['card', 'cash']);
    expect(detail.adjustments.map((a) => [a.label, a.reason, a.approverName])).toEqual([
      ['Hesap indirimi', 'Müdavim', null],
      ['İkram', 'Ev sahibi', f.restaurant.owner.user.name],
      ['İptal', 'Müşteri vazgeçti', null],
      ['Ödeme', null, null],
      ['Ödeme', null, null],
      ['Hesap kapatıldı', null, null],
    ]);
    expect(detail.adjustments[1].actorName).toBe(f.restaurant.waiter.user.name);
    expect(detail.closedByName).toBe(f.restaurant.waiter.user.name);
  });

  it('reopens a bill for the owner with a reason; it keeps its number when closed again', async () => {
    const paid = await paidTicket();
    const closed = (await f.bills().close(paid)).json() as CloseResponse;
    const owner = f.bills(f.restaurant.owner);
    expect((await owner.call('POST', `/bills/${paid.id}/reopen`, {})).statusCode).toBe(400);
    const res = await owner.call('POST', `/bills/${paid.id}/reopen`, { reason: 'Yanlış kart' });
    expect(res.statusCode).toBe(200);
    const reopened = res.json() as Ticket;
    expect(reopened).toMatchObject({ status: 'open', billNumber: closed.billNumber, closedAt: null });
    const [audit] = await ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.entityId, paid.id), eq(auditEvents.action, 'ticket.reopen')));
    expect(audit).toMatchObject({ reason: 'Yanlış kart', actorUserId: f.restaurant.owner.user.id });
    expect((await owner.call('POST', `/bills/${paid.id}/reopen`, { reason: 'x' })).json().error).toBe(BILL_MESSAGES.notClosed);
    const again = (await f.bills().close(reopened)).json() as CloseResponse;
    expect(again.billNumber).toBe(closed.billNumber);
    const listed = ((await owner.call('GET', `/bills?number=${closed.billNumber}`)).json() as BillSummary[])[0];
    expect(listed.wasReopened).toBe(true);
  });

  it('refuses to reopen a bill whose table has another open ticket now, and another restaurant’s bill', async () => {
    const paid = await paidTicket();
    await f.bills().close(paid);
    const next = await f.api().open(paid.tableId!);
    expect(next.statusCode).toBe(201);
    const res = await f.bills(f.restaurant.owner).call('POST', `/bills/${paid.id}/reopen`, { reason: 'Hata' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: BILL_MESSAGES.tableTaken, ticketId: next.json().id });
    const other = await billsFixture(ctx);
    const foreign = await other.sentTicket({ ezogelin: 1 });
    await other.bills().pay(foreign, { method: 'card', amount: 9_500 });
    await other.bills().close(await other.api().ticket(foreign.id));
    expect((await f.bills(f.restaurant.owner).call('POST', `/bills/${foreign.id}/reopen`, { reason: 'x' })).statusCode).toBe(404);
    const foreignNumber = (await other.api().ticket(foreign.id)).billNumber!;
    const mine = (await f.bills(f.restaurant.owner).call('GET', `/bills?number=${foreignNumber}`)).json() as BillSummary[];
    expect(mine.map((b) => b.id)).not.toContain(foreign.id);
    expect(((await f.bills(f.restaurant.owner).call('GET', '/bills')).json() as BillSummary[]).map((b) => b.id)).not.toContain(foreign.id);
    expect((await f.bills(f.restaurant.owner).call('GET', `/bills/${foreign.id}`)).statusCode).toBe(404);
    expect((await other.api().ticket(foreign.id)).status).toBe('closed');
  });
});

describe('a reopened bill that is fully paid, on Açık Masalar and the floor', () => {
  it('lists it with what remains (0) beside its total, so the screens can say Ödendi', async () => {
    const paid = await paidTicket();
    await f.bills().close(paid);
    expect((await f.bills(f.restaurant.owner).call('POST', `/bills/${paid.id}/reopen`, { reason: 'Fiş tekrar' })).statusCode).toBe(200);
    const partly = await f.sentTicket({ ezogelin: 1 });
    await f.bills().pay(partly, { method: 'cash', amount: 4_000 });

    const open = (await f.api(f.restaurant.owner).call('GET', '/tickets')).json() as { id: string; total: number; remaining: number }[];
    expect(open.find((t) => t.id === paid.id)).toMatchObject({ total: 44_000, remaining: 0 });
    expect(open.find((t) => t.id === partly.id)).toMatchObject({ total: 9_500, remaining: 5_500 });
    const floor = (await f.api().call('GET', '/floor')).json() as { sections: { tables: { ticketId: string | null; total: number | null; remaining: number | null }[] }[] };
    const tables = floor.sections.flatMap((s) => s.tables);
    expect(tables.find((t) => t.ticketId === paid.id)).toMatchObject({ total: 44_000, remaining: 0 });
    expect(tables.find((t) => t.ticketId === null)?.remaining ?? null).toBeNull();
  });
});
