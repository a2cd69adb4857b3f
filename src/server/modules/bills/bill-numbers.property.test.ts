import fc from 'fast-check';
import { and, eq } from 'drizzle-orm';
import type { Ticket } from '../../../shared/ticket-contract';
import { auditEvents, restaurants, tickets } from '../../db/schema';
import { menuFactory } from '../../test-support/factories';
import { createTestApp, staffedRestaurant, type TestContext } from '../../test-support/test-app';

/*
 * Random evenings at the till: Gel-Al orders opened, an item added, paid and closed, bills
 * reopened, empty tickets discarded, tickets merged. Whatever the order, and whichever steps are
 * refused, the bill numbers handed out are 1..n without a gap, each went to one ticket only, and
 * each ticket still exists and carries its number.
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const SLOTS = 4;
const action = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('open' as const) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('add' as const), slot: fc.nat(SLOTS - 1) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('close' as const), slot: fc.nat(SLOTS - 1) }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('reopen' as const), slot: fc.nat(SLOTS - 1) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('discard' as const), slot: fc.nat(SLOTS - 1) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('merge' as const), slot: fc.nat(SLOTS - 1), from: fc.nat(SLOTS - 1) }), weight: 2 },
);
type Action = typeof action extends fc.Arbitrary<infer A> ? A : never;

async function evening(actions: Action[]) {
  // a restaurant of its own per run: its numbers start at 1
  const r = await staffedRestaurant(ctx);
  const item = (await menuFactory(ctx, r.id, { optionGroup: false })).items[0];
  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, who = r.waiter) => {
    const res = await ctx.app.inject({ method, url: `/api/restaurants/${r.id}${url}`, cookies: who.cookies, ...(payload ? { payload } : {}) });
    // refused steps answer 4xx, never 500
    expect(res.statusCode, res.body).toBeLessThan(500);
    return res;
  };
  const read = async (id: string) => {
    const res = await call('GET', `/tickets/${id}`);
    return res.statusCode === 200 ? (res.json() as Ticket) : null;
  };
  /** the tickets this evening opened, oldest first; a slot picks one of the latest */
  const opened: string[] = [];
  const pick = (slot: number) => opened[opened.length - 1 - (slot % Math.max(1, opened.length))];

  for (const a of actions) {
    if (a.kind === 'open') {
      const res = await call('POST', '/tickets', { type: 'takeaway', customer: { name: 'Ayşe' } });
      if (res.statusCode === 201) opened.push((res.json() as Ticket).id);
      continue;
    }
    const id = pick(a.slot);
    const t = id ? await read(id) : null;
    if (!t) continue;
    if (a.kind === 'add') {
      await call('POST', `/tickets/${t.id}/lines`, { version: t.version, lines: [{ menuItemId: item.id, quantity: 1 }] });
    } else if (a.kind === 'close') {
      let current = t;
      if (current.status === 'open' && current.totals.remaining > 0) {
        const paid = await call('POST', `/tickets/${t.id}/payments`, { method: 'cash', amount: current.totals.remaining });
        if (paid.statusCode === 200) current = paid.json() as Ticket;
      }
      await call('POST', `/tickets/${t.id}/close`, { version: current.version });
    } else if (a.kind === 'reopen') {
      await call('POST', `/bills/${t.id}/reopen`, { reason: 'Düzeltme' }, r.owner);
    } else if (a.kind === 'discard') {
      await call('DELETE', `/tickets/${t.id}?version=${t.version}`);
    } else if (a.kind === 'merge') {
      const from = pick(a.from);
      if (from) await call('POST', `/tickets/${t.id}/merge`, { version: t.version, fromTicketId: from });
    }
  }

  const db = ctx.database.db;
  const closes = await db
    .select({ ticketId: auditEvents.entityId, after: auditEvents.after })
    .from(auditEvents)
    .where(and(eq(auditEvents.restaurantId, r.id), eq(auditEvents.action, 'ticket.close')));
  const ownerOf = new Map<number, string>();
  for (const c of closes) {
    const n = (c.after as { billNumber: number }).billNumber;
    // one number, one ticket: a reopened bill closes again under its own number
    expect(ownerOf.get(n) ?? c.ticketId).toBe(c.ticketId);
    ownerOf.set(n, c.ticketId!);
  }
  const numbers = [...ownerOf.keys()].sort((x, y) => x - y);
  expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  for (const [n, ticketId] of ownerOf) {
    const [row] = await db.select({ billNumber: tickets.billNumber }).from(tickets).where(eq(tickets.id, ticketId));
    expect(row?.billNumber).toBe(n);
  }
  const [counter] = await db.select({ last: restaurants.lastBillNumber }).from(restaurants).where(eq(restaurants.id, r.id));
  expect(counter.last).toBe(numbers.length);
}

it('bill numbers stay unique, gapless and on existing tickets through any close / reopen / discard / merge sequence', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(action, { minLength: 8, maxLength: 30, size: 'max' }), evening),
    { numRuns: 30 },
  );
}, 120_000);
