import { and, eq } from 'drizzle-orm';
import { BILL_MESSAGES as MATH_MESSAGES } from '../../../shared/bill-math';
import type { KitchenOrder } from '../../../shared/kitchen-contract';
import type { Ticket } from '../../../shared/ticket-contract';
import { auditEvents, ticketLines } from '../../db/schema';
import { signedIn, staffedRestaurant, type TestContext } from '../../test-support/test-app';
import { ordersFixture } from '../orders/orders-test-kit';
import { TICKET_MESSAGES } from '../orders/ticket-messages';
import { BILL_MESSAGES } from './bill-messages';
import { billsTestApp, type BillsFixture } from './bills-test-kit';

let ctx: TestContext;
let f: BillsFixture;

beforeAll(async () => {
  ({ ctx, f } = await billsTestApp());
});
afterAll(() => ctx.close());
beforeEach(() => f.setSettings({}));

const auditOf = (ticketId: string, action: string) =>
  ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.entityId, ticketId), eq(auditEvents.action, action))).orderBy(auditEvents.id);
const ezogelinLine = (t: Ticket) => t.lines.find((l) => l.name === 'Ezogelin')!;
const rakiLine = (t: Ticket) => t.lines.find((l) => l.name === 'Rakı')!;
const ownerApproval = () => ({ email: f.restaurant.owner.user.email, password: f.restaurant.owner.user.password });

describe('the bill on a ticket', () => {
  it('shows subtotal, VAT per rate contained in the prices, total, paid and remaining', async () => {
    const t = await f.sentTicket();
    expect(t.totals).toMatchObject({
      subtotal: 44_000,
      discounts: 0,
      comps: 0,
      cancelled: 0,
      serviceCharge: 0,
      total: 44_000,
      paid: 0,
      remaining: 44_000,
      // 19.000 at 10 % contains 1.727,27 → 1.727; 25.000 at 20 % contains 4.166,67 → 4.167
      vatByRate: [
        { rate: 10, amount: 19_000, vat: 1_727 },
        { rate: 20, amount: 25_000, vat: 4_167 },
      ],
      vat: 5_894,
    });
    expect(t.payments).toEqual([]);
    expect(t.discount).toBeNull();
    expect(t.lines.map((l) => l.due)).toEqual([19_000, 25_000]);
  });
});

describe('İndirim', () => {
  it('takes a percent off the ticket, spread over the lines for VAT, audited with its label', async () => {
    const t = await f.sentTicket();
    const res = await f.bills(f.restaurant.owner).discount(t, { type: 'percent', value: 10, label: 'Müdavim' });
    expect(res.statusCode).toBe(200);
    const after = res.json() as Ticket;
    expect(after.discount).toEqual({ type: 'percent', value: 10, label: 'Müdavim' });
    expect(after.totals).toMatchObject({ ticketDiscount: 4_400, discounts: 4_400, total: 39_600, remaining: 39_600 });
    expect(after.totals.vatByRate).toEqual([
      { rate: 10, amount: 17_100, vat: 1_555 },
      { rate: 20, amount: 22_500, vat: 3_750 },
    ]);
    expect(after.version).toBe(t.version + 1);
    const [audit] = await auditOf(t.id, 'ticket.discount');
    expect(audit).toMatchObject({ actorUserId: f.restaurant.owner.user.id, reason: 'Müdavim', approverUserId: null });
    // null removes it
    const removed = (await f.bills(f.restaurant.owner).discount(after, null)).json() as Ticket;
    expect(removed.totals.total).toBe(44_000);
  });

  it('refuses a negative, an over-100 % and an over-total discount with a Turkish message, changing nothing', async () => {
    const t = await f.sentTicket();
    const api = f.bills(f.restaurant.owner);
    const negative = await api.discount(t, { type: 'amount', value: -100, label: '' });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().error).toMatch(/negatif/);
    expect((await api.discount(t, { type: 'percent', value: 101, label: '' })).statusCode).toBe(400);
    const over = await api.discount(t, { type: 'amount', value: 44_001, label: 'Fazla' });
    expect(over.statusCode).toBe(400);
    expect(over.json().error).toBe(MATH_MESSAGES.ticketDiscountOver);
    const now = await f.api().ticket(t.id);
    expect(now).toMatchObject({ version: t.version, discount: null, totals: { total: 44_000 } });
    expect(await auditOf(t.id, 'ticket.discount')).toHaveLength(0);
    // the whole amount is allowed: the bill is 0, never negative
    expect(((await api.discount(t, { type: 'amount', value: 44_000, label: 'Hepsi' })).json() as Ticket).totals.total).toBe(0);
  });

  it('takes an amount off one line, never more than the line', async () => {
    const t = await f.sentTicket();
    const api = f.bills(f.restaurant.owner);
    expect((await api.lineDiscount(t, ezogelinLine(t).id, { type: 'amount', value: 19_001, label: '' })).json().error).toBe(MATH_MESSAGES.lineDiscountOver);
    const res = await api.lineDiscount(t, ezogelinLine(t).id, { type: 'amount', value: 1_000, label: 'Soğumuş' });
    expect(res.statusCode).toBe(200);
    const after = res.json() as Ticket;
    expect(ezogelinLine(after)).toMatchObject({ discount: { type: 'amount', value: 1_000 }, due: 18_000 });
    expect(after.totals).toMatchObject({ lineDiscounts: 1_000, total: 43_000 });
  });

  it('answers 404 for another restaurant’s ticket or another ticket’s line, 409 for a stale version', async () => {
    const other = await ordersFixture(ctx);
    const foreign = await other.ticketWith(other.tables[0].id, [{ menuItemId: other.ezogelin.id, quantity: 1 }]);
    const api = f.bills(f.restaurant.owner);
    const res = await api.discount(foreign, { type: 'percent', value: 10, label: '' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(TICKET_MESSAGES.ticketNotFound);
    const t = await f.sentTicket();
    const u = await f.sentTicket();
    expect((await api.lineDiscount(t, ezogelinLine(u).id, { type: 'percent', value: 10, label: '' })).statusCode).toBe(404);
    expect((await api.discount({ id: t.id, version: t.version - 1 }, { type: 'percent', value: 10, label: '' })).statusCode).toBe(409);
  });
});

describe('a stored bill that no longer holds', () => {
  it('is still read, its amount İndirim capped at what the lines come to', async () => {
    const t = await f.sentTicket({ ezogelin: 2, raki: 1 });
    const discounted = await f.bills(f.restaurant.owner).discount(t, { type: 'amount', value: 30_000, label: 'Müdavim' });
    expect(discounted.statusCode, discounted.body).toBe(200);
    // behind the back: the Rakı line is gone, so 300 TL off is more than the 190 TL left
    await ctx.database.db.delete(ticketLines).where(eq(ticketLines.id, rakiLine(t).id));
    const res = await f.api().call('GET', `/tickets/${t.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const read = res.json() as Ticket;
    expect(read.totals).toMatchObject({ subtotal: 19_000, ticketDiscount: 19_000, total: 0 });
    expect(read.discount).toMatchObject({ type: 'amount', value: 30_000 });
  });
});

describe('İkram', () => {
  it('comps part of a line with a reason: the part becomes its own line, shown and not charged', async () => {
    const t = await f.sentTicket();
    const res = await f.bills(f.restaurant.owner).comp(t, ezogelinLine(t).id, { reason: 'Doğum günü', quantity: 1 });
    expect(res.statusCode).toBe(200);
    const after = res.json() as Ticket;
    const ezogelins = after.lines.filter((l) => l.name === 'Ezogelin');
    expect(ezogelins.map((l) => [l.quantity, l.isComp, l.compReason, l.status, l.batchId])).toEqual([
      [1, false, null, 'sent', t.lines[0].batchId],
      [1, true, 'Doğum günü', 'sent', t.lines[0].batchId],
    ]);
    expect(after.totals).toMatchObject({ subtotal: 44_000, comps: 9_500, total: 34_500 });
    const [audit] = await auditOf(t.id, 'ticket.line.comp');
    expect(audit.reason).toBe('Doğum günü');
    // taking it back
    const undo = await f.bills(f.restaurant.owner).comp(after, ezogelins[1].id, { isComp: false });
    expect((undo.json() as Ticket).totals.total).toBe(44_000);
  });

  it('refuses comping a comped line, taking back a line that is not comped, and comping a cancelled line', async () => {
    const t = await f.sentTicket({ ezogelin: 2, raki: 1 });
    const api = f.bills(f.restaurant.owner);
    const notComp = await api.comp(t, rakiLine(t).id, { isComp: false });
    expect([notComp.statusCode, notComp.json().error]).toEqual([409, BILL_MESSAGES.notComp]);
    const comped = (await api.comp(t, rakiLine(t).id, { reason: 'Ev sahibi' })).json() as Ticket;
    const again = await api.comp(comped, rakiLine(comped).id, { reason: 'Yine' });
    expect([again.statusCode, again.json().error]).toEqual([409, BILL_MESSAGES.alreadyComp]);
    const cancelled = (await api.cancel(comped, ezogelinLine(comped).id, { reason: 'Müşteri vazgeçti' })).json() as Ticket;
    const compCancelled = await api.comp(cancelled, ezogelinLine(cancelled).id, { reason: 'Ev sahibi' });
    expect([compCancelled.statusCode, compCancelled.json().error]).toEqual([409, BILL_MESSAGES.lineCancelled]);
    expect(rakiLine(cancelled)).toMatchObject({ isComp: true, compReason: 'Ev sahibi' });
  });

  it('records taking back an İkram with the reason it was given and the whole line', async () => {
    const t = await f.sentTicket({ ezogelin: 3 });
    const api = f.bills(f.restaurant.owner);
    const comped = (await api.comp(t, ezogelinLine(t).id, { reason: 'Doğum günü', quantity: 2 })).json() as Ticket;
    const compLine = comped.lines.find((l) => l.isComp)!;
    const undo = await api.comp(comped, compLine.id, { isComp: false });
    expect(undo.statusCode, undo.body).toBe(200);
    expect((undo.json() as Ticket).totals.total).toBe(28_500);
    const audits = await auditOf(t.id, 'ticket.line.uncomp');
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      reason: 'Doğum günü',
      before: { lineId: compLine.id, name: 'Ezogelin', quantity: 2, isComp: true },
      after: { lineId: compLine.id, name: 'Ezogelin', quantity: 2, isComp: false },
    });
  });

  it('requires a reason and refuses a discount on a comped line', async () => {
    const t = await f.sentTicket();
    const api = f.bills(f.restaurant.owner);
    expect((await api.comp(t, rakiLine(t).id, {})).statusCode).toBe(400);
    const comped = (await api.comp(t, rakiLine(t).id, { reason: 'Ev sahibi' })).json() as Ticket;
    const res = await api.lineDiscount(comped, rakiLine(comped).id, { type: 'percent', value: 10, label: '' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(BILL_MESSAGES.compLine);
  });
});

describe('İptal', () => {
  it('cancels part of a sent line with a reason; the kitchen card shows the cancelled part at once', async () => {
    const t = await f.sentTicket({ ezogelin: 3 });
    f.events.length = 0;
    const res = await f.bills().cancel(t, ezogelinLine(t).id, { reason: 'Müşteri vazgeçti', quantity: 1 });
    expect(res.statusCode).toBe(200);
    const after = res.json() as Ticket;
    expect(after.lines.map((l) => [l.quantity, l.status, l.cancelReason])).toEqual([
      [2, 'sent', null],
      [1, 'cancelled', 'Müşteri vazgeçti'],
    ]);
    expect(after.totals).toMatchObject({ subtotal: 19_000, cancelled: 9_500, total: 19_000 });
    expect(f.events.map((e) => [e.type, e.id])).toEqual(expect.arrayContaining([['kitchen', t.id], ['tickets', t.id]]));
    const cards = (await f.api(f.restaurant.kitchen).call('GET', '/kitchen/orders')).json() as KitchenOrder[];
    const card = cards.find((c) => c.ticketId === t.id)!;
    expect(card.lines.map((l) => [l.quantity, l.status])).toEqual(expect.arrayContaining([[2, 'sent'], [1, 'cancelled']]));
    const [audit] = await auditOf(t.id, 'ticket.line.cancel');
    expect(audit).toMatchObject({ reason: 'Müşteri vazgeçti', actorUserId: f.restaurant.waiter.user.id });
  });

  it('refuses a pending line (it is deleted instead), a missing reason and more than the line holds', async () => {
    const t = await f.ticketWith(await f.freeTable(), [{ menuItemId: f.ezogelin.id, quantity: 2 }]);
    const pending = await f.bills().cancel(t, t.lines[0].id, { reason: 'Yanlış sipariş' });
    expect(pending.statusCode).toBe(409);
    expect(pending.json().error).toBe(BILL_MESSAGES.pendingCancel);
    const sent = await f.sentTicket({ ezogelin: 2 });
    expect((await f.bills().cancel(sent, sent.lines[0].id, { reason: '  ' })).statusCode).toBe(400);
    expect((await f.bills().cancel(sent, sent.lines[0].id, { reason: 'Yanlış\u0000sipariş' })).statusCode).toBe(400);
    expect((await f.bills().cancel(sent, sent.lines[0].id, { reason: 'x', quantity: 3 })).statusCode).toBe(409);
    expect(await ctx.database.db.select().from(ticketLines).where(eq(ticketLines.ticketId, sent.id))).toHaveLength(1);
  });

  it('cancels a served dish sent back, too', async () => {
    const t = await f.sentTicket({ ezogelin: 1 });
    const line = t.lines[0];
    expect((await f.api(f.restaurant.kitchen).call('POST', `/kitchen/lines/${line.id}/status`, { status: 'ready' })).statusCode).toBe(200);
    expect((await f.api().call('POST', `/tickets/${t.id}/lines/${line.id}/served`)).statusCode).toBe(200);
    const res = await f.bills().cancel(await f.api().ticket(t.id), line.id, { reason: 'Ürün beğenilmedi' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as Ticket).totals).toMatchObject({ cancelled: 9_500, total: 0 });
  });

  it('refuses a cancellation that would leave the ticket discount larger than the bill', async () => {
    const t = await f.sentTicket({ ezogelin: 1, raki: 1 });
    const discounted = (await f.bills(f.restaurant.owner).discount(t, { type: 'amount', value: 20_000, label: 'Kampanya' })).json() as Ticket;
    const res = await f.bills().cancel(discounted, rakiLine(discounted).id, { reason: 'Ürün kalmadı' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(MATH_MESSAGES.ticketDiscountOver);
    expect(rakiLine(await f.api().ticket(t.id)).status).toBe('sent');
  });
});

describe('permissions from Ayarlar', () => {
  it('refuses a waiter without the right, and lets the owner’s password approve it on the spot, recorded', async () => {
    const t = await f.sentTicket();
    const denied = await f.bills().discount(t, { type: 'percent', value: 10, label: 'Tanıdık' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error).toBe(BILL_MESSAGES.notAllowed('İndirim'));
    const approved = await f.bills().discount(t, { type: 'percent', value: 10, label: 'Tanıdık' }, { approval: ownerApproval() });
    expect(approved.statusCode).toBe(200);
    const [audit] = await auditOf(t.id, 'ticket.discount');
    expect(audit).toMatchObject({ actorUserId: f.restaurant.waiter.user.id, actorRole: 'waiter', approverUserId: f.restaurant.owner.user.id });
  });

  it('refuses a wrong password or a non-owner as approver with 403, changing nothing', async () => {
    const t = await f.sentTicket();
    const wrong = await f.bills().comp(t, rakiLine(t).id, { reason: 'x', approval: { ...ownerApproval(), password: 'yanlis-sifre' } });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toBe(BILL_MESSAGES.wrongApproval);
    const kitchen = await f.bills().comp(t, rakiLine(t).id, { reason: 'x', approval: { email: f.restaurant.kitchen.user.email, password: f.restaurant.kitchen.user.password } });
    expect(kitchen.statusCode).toBe(403);
    // an owner of another restaurant cannot approve here
    const elsewhere = await staffedRestaurant(ctx);
    const foreign = await f.bills().comp(t, rakiLine(t).id, { reason: 'x', approval: { email: elsewhere.owner.user.email, password: elsewhere.owner.user.password } });
    expect(foreign.statusCode).toBe(403);
    expect((await f.api().ticket(t.id)).totals.comps).toBe(0);
  });

  it('lets a waiter discount and comp without approval when Ayarlar gives waiters the right; takes cancel away when it does not', async () => {
    await f.setSettings({ permissions: { discount: ['owner', 'waiter'], comp: ['owner', 'waiter'], cancel: ['owner'] } });
    const t = await f.sentTicket();
    const discounted = await f.bills().discount(t, { type: 'amount', value: 1_000, label: '' });
    expect(discounted.statusCode).toBe(200);
    const comped = await f.bills().comp(discounted.json(), rakiLine(t).id, { reason: 'x' });
    expect(comped.statusCode).toBe(200);
    const cancel = await f.bills().cancel(comped.json(), ezogelinLine(t).id, { reason: 'x' });
    expect(cancel.statusCode).toBe(403);
    expect(cancel.json().error).toBe(BILL_MESSAGES.notAllowed('İptal'));
  });

  it('limits wrong approvals like the login: the 11th try is refused before any password check', async () => {
    const t = await f.sentTicket();
    const waiter = await signedIn(ctx, f.restaurant.id, 'waiter');
    const owner = (await signedIn(ctx, f.restaurant.id, 'owner')).user;
    const body = { reason: 'x', approval: { email: owner.email, password: 'yanlis-sifre' } };
    for (let i = 0; i < 10; i++) expect((await f.bills(waiter).comp(t, rakiLine(t).id, body)).statusCode).toBe(403);
    const limited = await f.bills(waiter).comp(t, rakiLine(t).id, { ...body, approval: { email: owner.email, password: owner.password } });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe(BILL_MESSAGES.tooManyApprovals);
  });
});

describe('service charge', () => {
  it('comes from Ayarlar when a table opens, can be removed and restored, nothing else', async () => {
    await f.setSettings({ serviceChargePercent: 12.5 });
    const t = await f.sentTicket({ ezogelin: 2 });
    expect(t.totals).toMatchObject({ serviceChargePercent: 12.5, serviceCharge: 2_375, total: 21_375 });
    const api = f.bills(f.restaurant.owner);
    const removed = await api.serviceCharge(t, 0);
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as Ticket).totals).toMatchObject({ serviceCharge: 0, total: 19_000 });
    const other = await api.serviceCharge(removed.json(), 7);
    expect(other.statusCode).toBe(400);
    expect(other.json().error).toBe(BILL_MESSAGES.serviceCharge(12.5));
    const restored = await api.serviceCharge(removed.json(), 12.5);
    expect((restored.json() as Ticket).totals.total).toBe(21_375);
    expect((await auditOf(t.id, 'ticket.service_charge')).map((a) => a.after)).toEqual([{ percent: 0 }, { percent: 12.5 }]);
  });

  it('is a discount for permissions: a waiter may not remove it without approval', async () => {
    await f.setSettings({ serviceChargePercent: 10 });
    const t = await f.sentTicket({ ezogelin: 1 });
    expect((await f.bills().serviceCharge(t, 0)).statusCode).toBe(403);
  });

  it('is not charged on Gel-Al', async () => {
    await f.setSettings({ serviceChargePercent: 10 });
    const res = await f.api().call('POST', '/tickets', { type: 'takeaway', customer: { name: 'Ali' } });
    expect((res.json() as Ticket).totals.serviceChargePercent).toBe(0);
  });
});
