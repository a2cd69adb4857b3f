import { and, eq } from 'drizzle-orm';
import type { Ticket } from '../../../shared/ticket-contract';
import { auditEvents } from '../../db/schema';
import { signedIn, staffedRestaurant, type TestContext } from '../../test-support/test-app';
import { billsTestApp, type BillsFixture } from '../bills/bills-test-kit';

/*
 * Each of these writes leaves its own audit row, in the same transaction, naming the action, the
 * thing it changed and who did it: the kitchen's Tümü Hazır and Geri Al, Masa Taşı, moving lines
 * and Masa Birleştir. Several people work at once, and a second restaurant works alongside.
 */
let ctx: TestContext;
let f: BillsFixture;

beforeAll(async () => {
  ({ ctx, f } = await billsTestApp());
});
afterAll(() => ctx.close());

/** The audit rows of this restaurant with that action about that entity. */
const rowsOf = (action: string, entityId: string) =>
  ctx.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.restaurantId, f.restaurant.id), eq(auditEvents.action, action), eq(auditEvents.entityId, entityId)));

it('Tümü Hazır and Geri Al each write a row about their batch, by the cook who tapped it', async () => {
  const cook = await signedIn(ctx, f.restaurant.id, 'kitchen');
  const t = await f.sentTicket({ ezogelin: 1 });
  const batchId = t.lines[0].batchId!;
  const kitchen = f.api(cook);
  expect((await kitchen.call('POST', `/kitchen/batches/${batchId}/bump`, {})).statusCode).toBe(200);
  const [bump] = await rowsOf('kitchen.batch.bump', batchId);
  expect(bump).toMatchObject({ entity: 'kitchen_batch', entityId: batchId, actorUserId: cook.user.id, actorRole: 'kitchen' });
  expect(bump.after).toMatchObject({ lineIds: [t.lines[0].id] });

  const other = f.restaurant.kitchen;
  expect((await f.api(other).call('POST', `/kitchen/batches/${batchId}/recall`, {})).statusCode).toBe(200);
  const [recall] = await rowsOf('kitchen.batch.recall', batchId);
  expect(recall).toMatchObject({ entity: 'kitchen_batch', entityId: batchId, actorUserId: other.user.id, actorRole: 'kitchen' });
  expect(recall.after).toMatchObject({ lineIds: [t.lines[0].id] });
});

it('Masa Taşı writes a row about the ticket with both tables, by the waiter who moved it', async () => {
  const waiter = await signedIn(ctx, f.restaurant.id, 'waiter');
  const t = await f.sentTicket({ ezogelin: 1 });
  const to = await f.freeTable();
  const res = await f.api(waiter).call('POST', `/tickets/${t.id}/move`, { version: t.version, tableId: to });
  expect(res.statusCode).toBe(200);
  const [row] = await rowsOf('ticket.move', t.id);
  expect(row).toMatchObject({ entity: 'ticket', entityId: t.id, actorUserId: waiter.user.id, actorRole: 'waiter' });
  expect(row.before).toEqual({ table: t.tableName });
  expect(row.after).toEqual({ table: (res.json() as Ticket).tableName });
});

it('moving lines writes a row about the source ticket naming the target and the lines', async () => {
  const t = await f.sentTicket({ ezogelin: 3 });
  const line = t.lines[0];
  const to = await f.freeTable();
  const res = await f.api(f.restaurant.owner).call('POST', `/tickets/${t.id}/move-lines`, { version: t.version, tableId: to, lines: [{ lineId: line.id, quantity: 1 }] });
  expect(res.statusCode).toBe(200);
  const target = (res.json() as { target: Ticket }).target;
  const [row] = await rowsOf('ticket.lines.move', t.id);
  expect(row).toMatchObject({ entity: 'ticket', entityId: t.id, actorUserId: f.restaurant.owner.user.id, actorRole: 'owner' });
  expect(row.after).toMatchObject({ toTicketId: target.id, lines: [{ lineId: line.id, quantity: 1 }] });
});

it('Masa Birleştir writes a row about the ticket that stays, naming the one merged in, even when that one was partly paid', async () => {
  const into = await f.sentTicket({ ezogelin: 1 });
  const from = await f.sentTicket({ raki: 2 });
  const paid = await f.bills().pay(from, { method: 'cash', amount: 10_000 });
  expect(paid.statusCode).toBe(200);
  const res = await f.api().call('POST', `/tickets/${into.id}/merge`, { version: into.version, fromTicketId: from.id });
  expect(res.statusCode).toBe(200);
  expect((res.json() as Ticket).totals.paid).toBe(10_000);
  const [row] = await rowsOf('ticket.merge', into.id);
  expect(row).toMatchObject({ entity: 'ticket', entityId: into.id, actorUserId: f.restaurant.waiter.user.id, actorRole: 'waiter' });
  expect(row.before).toEqual({ from: { id: from.id, number: from.number, table: from.tableName } });
  expect((row.after as { lineIds: string[] }).lineIds).toEqual(from.lines.map((l) => l.id));
});

it("another restaurant's same kind of write is audited under its own restaurant only", async () => {
  const other = await staffedRestaurant(ctx, 'Komşu');
  const before = await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.restaurantId, f.restaurant.id));
  const open = await ctx.app.inject({ method: 'POST', url: `/api/restaurants/${other.id}/tickets`, cookies: other.waiter.cookies, payload: { type: 'takeaway', customer: { name: 'Can' } } });
  expect(open.statusCode).toBe(201);
  const after = await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.restaurantId, f.restaurant.id));
  expect(after.length).toBe(before.length);
  const theirs = await ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.restaurantId, other.id), eq(auditEvents.action, 'ticket.open')));
  expect(theirs).toEqual([expect.objectContaining({ entityId: open.json().id, actorUserId: other.waiter.user.id })]);
});
