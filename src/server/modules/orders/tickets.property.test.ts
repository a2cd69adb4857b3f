import fc from 'fast-check';
import { eq, inArray } from 'drizzle-orm';
import type { Ticket } from '../../../shared/ticket-contract';
import { kitchenBatches, ticketLines } from '../../db/schema';
import { tablesFactory } from '../../test-support/factories';
import type { TestContext } from '../../test-support/test-app';
import { ordersFixture, ordersTestApp } from './orders-test-kit';

/*
 * Random evenings of table service: add, send, move lines, move a ticket, merge. Whatever the
 * order, and whichever steps are refused, no unit is lost or duplicated, no line is re-priced, and
 * every sent unit stays in exactly the batch it was sent in.
 */
let ctx: TestContext;
let f: Awaited<ReturnType<typeof ordersFixture>>;

beforeAll(async () => {
  ({ ctx, f } = await ordersTestApp());
});
afterAll(() => ctx.close());

const TABLES = 4;
const action = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), table: fc.nat(TABLES - 1), large: fc.boolean(), quantity: fc.integer({ min: 1, max: 5 }) }),
  fc.record({ kind: fc.constant('send' as const), table: fc.nat(TABLES - 1) }),
  fc.record({ kind: fc.constant('moveLines' as const), table: fc.nat(TABLES - 1), to: fc.nat(TABLES - 1), part: fc.integer({ min: 1, max: 5 }) }),
  fc.record({ kind: fc.constant('move' as const), table: fc.nat(TABLES - 1), to: fc.nat(TABLES - 1) }),
  fc.record({ kind: fc.constant('merge' as const), table: fc.nat(TABLES - 1), from: fc.nat(TABLES - 1) }),
);
type Action = typeof action extends fc.Arbitrary<infer A> ? A : never;

let run = 0;
async function evening(actions: Action[]) {
  const { tables } = await tablesFactory(ctx, f.restaurant.id, [{ name: `Akşam ${++run}`, tables: TABLES }]);
  const api = f.api();
  const ticketOn = async (i: number): Promise<Ticket | null> => {
    const floor = (await api.call('GET', '/floor')).json() as { sections: { tables: { id: string; ticketId: string | null }[] }[] };
    const id = floor.sections.flatMap((s) => s.tables).find((t) => t.id === tables[i].id)!.ticketId;
    return id ? api.ticket(id) : null;
  };
  const price = { large: f.mercimek.priceKurus + f.large.priceKurus, plain: f.ezogelin.priceKurus };
  let added = 0;
  /** units per batch when it was sent */
  const sentUnits = new Map<string, number>();

  for (const a of actions) {
    const t = await ticketOn(a.table);
    if (a.kind === 'add') {
      const ticket = t ?? ((await api.open(tables[a.table].id)).json() as Ticket);
      const line = a.large ? { menuItemId: f.mercimek.id, quantity: a.quantity, optionIds: [f.large.id] } : { menuItemId: f.ezogelin.id, quantity: a.quantity };
      if ((await api.add(ticket, [line])).statusCode === 200) added += a.quantity;
    } else if (t && a.kind === 'send') {
      const res = await api.send(t);
      if (res.statusCode === 200) {
        const { ticket, batch } = res.json() as { ticket: Ticket; batch: { id: string; lineIds: string[] } };
        sentUnits.set(batch.id, ticket.lines.filter((l) => batch.lineIds.includes(l.id)).reduce((n, l) => n + l.quantity, 0));
      }
    } else if (t && a.kind === 'moveLines' && t.lines.length > 0) {
      const line = t.lines[0];
      await api.call('POST', `/tickets/${t.id}/move-lines`, { version: t.version, tableId: tables[a.to].id, lines: [{ lineId: line.id, quantity: Math.min(a.part, line.quantity) }] });
    } else if (t && a.kind === 'move') {
      await api.call('POST', `/tickets/${t.id}/move`, { version: t.version, tableId: tables[a.to].id });
    } else if (t && a.kind === 'merge') {
      const from = await ticketOn(a.from);
      if (from) await api.call('POST', `/tickets/${t.id}/merge`, { version: t.version, fromTicketId: from.id });
    }
  }

  const open = await Promise.all(tables.map((_, i) => ticketOn(i)));
  const lines = open.flatMap((t) => t?.lines ?? []);
  // nothing lost, nothing duplicated
  expect(lines.reduce((n, l) => n + l.quantity, 0)).toBe(added);
  expect(new Set(lines.map((l) => l.id)).size).toBe(lines.length);
  // never re-priced: the snapshot is the price at adding
  for (const l of lines) expect(l.unitPrice).toBe(l.options.length ? price.large : price.plain);
  // pending lines are in no batch; every sent line in exactly the batch it was sent in, whole
  for (const l of lines) expect(l.status === 'pending').toBe(l.batchId === null);
  const rows = lines.length ? await ctx.database.db.select().from(ticketLines).where(inArray(ticketLines.id, lines.map((l) => l.id))) : [];
  for (const [batchId, units] of sentUnits) {
    expect(rows.filter((r) => r.batchId === batchId).reduce((n, r) => n + r.quantity, 0)).toBe(units);
    expect(await ctx.database.db.select().from(kitchenBatches).where(eq(kitchenBatches.id, batchId))).toHaveLength(1);
  }
}

it('random add / send / move lines / move / merge sequences never lose, duplicate or re-price a line', async () => {
  await fc.assert(fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 20 }), evening), { numRuns: 25 });
});
