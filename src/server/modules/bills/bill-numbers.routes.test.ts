import { and, eq } from 'drizzle-orm';
import type { BillDetail, BillSummary, CloseResponse } from '../../../shared/bill-contract';
import type { Ticket } from '../../../shared/ticket-contract';
import { auditEvents, tickets } from '../../db/schema';
import { staffedRestaurant, type TestContext } from '../../test-support/test-app';
import { TICKET_MESSAGES } from '../orders/ticket-messages';
import { billsTestApp, type BillsFixture } from './bills-test-kit';

/*
 * A bill number is handed out once, for good. Reproductions of two ways a number used to vanish
 * and be handed out again: a reopened empty Gel-Al discarded, and a reopened bill merged into
 * another ticket (three tickets once carried #10 in the audit log).
 */
let ctx: TestContext;
let f: BillsFixture;

beforeAll(async () => {
  ({ ctx, f } = await billsTestApp());
  await f.setSettings({ paymentMethods: ['cash', 'card'] });
});
afterAll(() => ctx.close());

type Who = { cookies: Record<string, string> };
const owner = () => f.restaurant.owner;

async function takeaway(who: Who = f.restaurant.waiter, restaurantId = f.restaurant.id): Promise<Ticket> {
  const res = await ctx.app.inject({ method: 'POST', url: `/api/restaurants/${restaurantId}/tickets`, cookies: who.cookies, payload: { type: 'takeaway', customer: { name: 'Ayşe' } } });
  expect(res.statusCode).toBe(201);
  return res.json();
}
async function close(t: Pick<Ticket, 'id' | 'version'>, who: Who = f.restaurant.waiter, restaurantId = f.restaurant.id): Promise<CloseResponse> {
  const res = await ctx.app.inject({ method: 'POST', url: `/api/restaurants/${restaurantId}/tickets/${t.id}/close`, cookies: who.cookies, payload: { version: t.version } });
  expect(res.statusCode).toBe(200);
  return res.json();
}
async function reopen(ticketId: string): Promise<Ticket> {
  const res = await f.api(owner()).call('POST', `/bills/${ticketId}/reopen`, { reason: 'Yanlış kapatıldı' });
  expect(res.statusCode).toBe(200);
  return res.json();
}
async function payInFull(t: Ticket): Promise<Ticket> {
  const res = await f.bills().pay(t, { method: 'card', amount: t.totals.remaining });
  expect(res.statusCode).toBe(200);
  return res.json();
}
/** Every number the close audit rows hand out, with the ticket it went to. */
async function issuedNumbers(restaurantId = f.restaurant.id) {
  const rows = await ctx.database.db
    .select({ entityId: auditEvents.entityId, after: auditEvents.after })
    .from(auditEvents)
    .where(and(eq(auditEvents.restaurantId, restaurantId), eq(auditEvents.action, 'ticket.close')));
  return rows.map((r) => ({ ticketId: r.entityId!, billNumber: (r.after as { billNumber: number }).billNumber }));
}

it('an empty Gel-Al closed, reopened and then discarded keeps its bill number: the discard is refused and the next close gets the next number', async () => {
  const empty = await takeaway();
  const first = await close(empty);
  const reopened = await reopen(empty.id);
  expect(reopened).toMatchObject({ status: 'open', billNumber: first.billNumber });

  const discard = await f.api().call('DELETE', `/tickets/${empty.id}?version=${reopened.version}`);
  expect(discard.statusCode).toBe(409);
  expect(discard.json().error).toBe(TICKET_MESSAGES.discardBilled);
  const [row] = await ctx.database.db.select().from(tickets).where(eq(tickets.id, empty.id));
  expect(row).toMatchObject({ billNumber: first.billNumber, status: 'open' });

  const next = await close(await takeaway());
  expect(next.billNumber).toBe(first.billNumber + 1);
  // closing the reopened bill again keeps its number
  expect((await close(reopened)).billNumber).toBe(first.billNumber);
});

it('a reopened bill cannot be merged into another ticket (409); its payments and number stay with it, and the other ticket may join it instead', async () => {
  const billed = await f.sentTicket({ ezogelin: 1 });
  const closed = await close(await payInFull(billed));
  const reopened = await reopen(billed.id);
  // the other table's guests have paid part already
  const partly = await f.bills().pay(await f.sentTicket({ raki: 1 }), { method: 'cash', amount: 5_000 });
  expect(partly.statusCode).toBe(200);
  const other = partly.json() as Ticket;

  const merge = await f.api().call('POST', `/tickets/${other.id}/merge`, { version: other.version, fromTicketId: reopened.id });
  expect(merge.statusCode).toBe(409);
  expect(merge.json().error).toBe(TICKET_MESSAGES.mergeBilled);
  const kept = await f.api().ticket(reopened.id);
  expect(kept).toMatchObject({ billNumber: closed.billNumber, status: 'open' });
  expect(kept.payments.map((p) => p.amount)).toEqual([billed.totals.total]);
  expect((await f.api().ticket(other.id)).lines.map((l) => l.name)).toEqual(['Rakı']);
  expect((await f.api().ticket(other.id)).totals.paid).toBe(5_000);

  // the other way round keeps the bill: the joined bill closes under its own number
  const joined = await f.api().call('POST', `/tickets/${reopened.id}/merge`, { version: reopened.version, fromTicketId: other.id });
  expect(joined.statusCode).toBe(200);
  const again = await close(await payInFull(joined.json()));
  expect(again.billNumber).toBe(closed.billNumber);
  // the bill's history keeps the payment taken on the ticket that joined it
  const detail = (await f.api(owner()).call('GET', `/bills/${billed.id}`)).json() as BillDetail;
  expect(detail.payments.map((p) => p.amount).sort((a, b) => a - b)).toEqual([5_000, 20_000, billed.totals.total].sort((a, b) => a - b));
  const paymentsInHistory = detail.adjustments.filter((a) => a.action === 'ticket.payment').map((a) => (a.after as { amount: number }).amount);
  expect(paymentsInHistory.sort((a, b) => a - b)).toEqual(detail.payments.map((p) => p.amount).sort((a, b) => a - b));
  const fresh = await close(await takeaway());
  expect(fresh.billNumber).toBeGreaterThan(closed.billNumber);

  // every number handed out belongs to one ticket, and that ticket still exists with it
  const issued = await issuedNumbers();
  for (const { ticketId, billNumber } of issued) {
    expect(issued.filter((i) => i.billNumber === billNumber).every((i) => i.ticketId === ticketId)).toBe(true);
    const [row] = await ctx.database.db.select({ billNumber: tickets.billNumber }).from(tickets).where(eq(tickets.id, ticketId));
    expect(row?.billNumber).toBe(billNumber);
  }
});

it('merging a closed ticket is refused and leaves both tickets as they were', async () => {
  const closedTicket = await f.sentTicket({ ezogelin: 1 });
  await close(await payInFull(closedTicket));
  const into = await f.sentTicket({ raki: 1 });
  const res = await f.api().call('POST', `/tickets/${into.id}/merge`, { version: into.version, fromTicketId: closedTicket.id });
  expect(res.statusCode).toBe(409);
  expect(res.json().error).toBe(TICKET_MESSAGES.ticketClosed);
  const after = await f.api().ticket(into.id);
  expect(after).toMatchObject({ version: into.version, totals: { total: into.totals.total } });
  expect((await f.api().ticket(closedTicket.id)).status).toBe('closed');
});

it("a second restaurant's first bill is No 1 while the first restaurant already has bills", async () => {
  await close(await takeaway());
  expect((await issuedNumbers()).length).toBeGreaterThan(0);
  const second = await staffedRestaurant(ctx, 'İkinci Lokanta');
  const t = await takeaway(second.waiter, second.id);
  expect((await close(t, second.waiter, second.id)).billNumber).toBe(1);
  const t2 = await takeaway(second.waiter, second.id);
  expect((await close(t2, second.waiter, second.id)).billNumber).toBe(2);
  // the first restaurant's counter did not move for the second's bills
  const list = (await f.api(owner()).call('GET', `/bills`)).json() as BillSummary[];
  expect(new Set(list.map((b) => b.billNumber)).size).toBe(list.length);
});

it('the database itself keeps a bill: deleting a ticket with a bill number or changing its number is refused', async () => {
  const t = await takeaway();
  const { billNumber } = await close(t);
  await expect(ctx.database.db.delete(tickets).where(eq(tickets.id, t.id))).rejects.toThrow();
  await expect(ctx.database.db.update(tickets).set({ billNumber: billNumber + 1000 }).where(eq(tickets.id, t.id))).rejects.toThrow();
  const [row] = await ctx.database.db.select({ billNumber: tickets.billNumber }).from(tickets).where(eq(tickets.id, t.id));
  expect(row.billNumber).toBe(billNumber);
});
