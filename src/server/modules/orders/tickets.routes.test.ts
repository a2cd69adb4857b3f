import { desc, eq } from 'drizzle-orm';
import type { KitchenOrder } from '../../../shared/kitchen-contract';
import type { Ticket } from '../../../shared/ticket-contract';
import { MESSAGES } from '../../../shared/errors';
import { PHONE_MESSAGES } from '../../../shared/phone';
import { auditEvents, kitchenBatches, menuCategories, menuItems, ticketLines, tickets } from '../../db/schema';
import { runCommand } from '../../lib/command';
import { menuFactory, restaurantFactory } from '../../test-support/factories';
import { collectEvents, staffedRestaurant, type TestContext } from '../../test-support/test-app';
import type { LiveEvent } from '../events/event-hub';
import { ordersFixture, ordersTestApp } from './orders-test-kit';
import { addLines, openTicket } from './ticket-commands';
import { TICKET_MESSAGES } from './ticket-messages';

let ctx: TestContext;
let f: Awaited<ReturnType<typeof ordersFixture>>;
let events: LiveEvent[];
/** a dish of another restaurant: its id must never price a line here */
let foreignItemId: string;
let otherRestaurantId: string;

beforeAll(async () => {
  ({ ctx, f } = await ordersTestApp());
  events = collectEvents(ctx, f.restaurant.id);
  const other = await restaurantFactory(ctx, 'Komşu Lokanta');
  otherRestaurantId = other.id;
  foreignItemId = (await menuFactory(ctx, other.id, { items: [{ name: 'Komşunun Çorbası' }], optionGroup: false })).items[0].id;
});
afterAll(() => ctx.close());

const linesOf = (ticketId: string) => ctx.database.db.select().from(ticketLines).where(eq(ticketLines.ticketId, ticketId));
let tableIndex = 0;
/** A fresh free table per test, so tests do not depend on each other's tickets. */
async function freeTable() {
  const res = await f.api(f.restaurant.owner).call('POST', '/tables', { sectionId: f.floor.sections[0].id, name: `T${++tableIndex}` });
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: string }).id;
}
const mercimekLarge = () => ({ menuItemId: f.mercimek.id, quantity: 2, optionIds: [f.large.id], note: 'soğansız' });

describe('opening a ticket', () => {
  it('opens a table ticket for the waiter with a running number, and the floor shows it', async () => {
    const tableId = await freeTable();
    const res = await f.api().open(tableId, 3);
    expect(res.statusCode).toBe(201);
    const t = res.json() as Ticket;
    expect(t).toMatchObject({ type: 'table', tableId, tableName: `T${tableIndex}`, status: 'open', guests: 3, version: 1, lines: [], state: 'open' });
    expect(t.waiterId).toBe(f.restaurant.waiter.user.id);
    const floor = (await f.api().call('GET', '/floor')).json() as { sections: { tables: { id: string; ticketId: string | null; state: string; total: number | null }[] }[] };
    expect(floor.sections[0].tables.find((x) => x.id === tableId)).toMatchObject({ ticketId: t.id, state: 'open', total: 0 });
  });

  it('answers 409 naming the open ticket when the table already has one', async () => {
    const tableId = await freeTable();
    const first = (await f.api().open(tableId)).json() as Ticket;
    const again = await f.api(f.restaurant.owner).open(tableId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: TICKET_MESSAGES.tableOccupied, ticketId: first.id });
  });

  it('discards a ticket left empty: the table is free again, the discard is audited and the screens are told', async () => {
    const tableId = await freeTable();
    const t = (await f.api().open(tableId)).json() as Ticket;
    // a pending line added and deleted again leaves it empty too
    const withLine = (await f.api().add(t, [{ menuItemId: f.ezogelin.id, quantity: 1 }])).json() as Ticket;
    const emptied = (await f.api().call('DELETE', `/tickets/${t.id}/lines/${withLine.lines[0].id}?version=${withLine.version}`)).json() as Ticket;
    expect((await f.api().call('DELETE', `/tickets/${t.id}?version=${t.version}`)).statusCode).toBe(409); // stale version
    events.length = 0;
    const res = await f.api().call('DELETE', `/tickets/${t.id}?version=${emptied.version}`);
    expect(res.statusCode).toBe(204);
    expect((await f.api().call('GET', `/tickets/${t.id}`)).statusCode).toBe(404);
    expect(events.map((e) => e.type)).toEqual(['tickets']);
    const [audit] = await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.entityId, t.id)).orderBy(desc(auditEvents.createdAt)).limit(1);
    expect(audit).toMatchObject({ action: 'ticket.discard', actorUserId: f.restaurant.waiter.user.id });
    expect((await f.api().open(tableId)).statusCode).toBe(201);
  });

  it('never discards a ticket with anything on it (a pending or a sent line), nor another restaurant’s', async () => {
    const pending = await f.ticketWith(await freeTable(), [{ menuItemId: f.ezogelin.id, quantity: 1 }]);
    const sent = await f.ticketWith(await freeTable(), [{ menuItemId: f.ezogelin.id, quantity: 1 }], { send: true });
    for (const t of [pending, sent]) {
      const res = await f.api().call('DELETE', `/tickets/${t.id}?version=${t.version}`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: TICKET_MESSAGES.notEmpty });
      expect((await linesOf(t.id)).length).toBe(1);
    }
    const other = await staffedRestaurant(ctx);
    const foreign = await ctx.app.inject({ method: 'DELETE', url: `/api/restaurants/${other.id}/tickets/${pending.id}?version=${pending.version}`, cookies: other.owner.cookies });
    expect(foreign.statusCode).toBe(404);
    expect((await f.api().call('DELETE', `/tickets/${pending.id}?version=abc`)).statusCode).toBe(400);
  });

  it('opens Gel-Al and Paket Servis tickets with the customer, and they are listed as open', async () => {
    const takeaway = await f.api().call('POST', '/tickets', { type: 'takeaway', customer: { name: 'Ali Bey', phone: '0532 000 00 00' } });
    const delivery = await f.api().call('POST', '/tickets', {
      type: 'delivery',
      customer: { name: 'Ayşe Hanım', phone: '+90 (216) 444-55-66', address: 'Moda Cd. 5, Kadıköy' },
    });
    expect(takeaway.statusCode).toBe(201);
    // one stored form of the phone, whatever was typed
    expect(takeaway.json()).toMatchObject({ type: 'takeaway', customer: { name: 'Ali Bey', phone: '+905320000000', address: null } });
    expect(delivery.json()).toMatchObject({ type: 'delivery', tableId: null, customer: { name: 'Ayşe Hanım', address: 'Moda Cd. 5, Kadıköy', phone: '+902164445566' } });
    const open = (await f.api().call('GET', '/tickets?status=open')).json() as { id: string; customerName: string | null }[];
    expect(open.find((o) => o.id === (takeaway.json() as Ticket).id)?.customerName).toBe('Ali Bey');
    // Gel-Al without a phone (and a blank one) is fine
    for (const phone of [undefined, '', '  ']) {
      const res = await f.api().call('POST', '/tickets', { type: 'takeaway', customer: { name: 'Telefonsuz', phone } });
      expect(res.statusCode).toBe(201);
      expect((res.json() as Ticket).customer).toMatchObject({ phone: null });
    }
  });

  it('refuses a delivery without a phone or an address and a takeaway with a wrong phone: 400 in Turkish on the field, nothing opened', async () => {
    const count = async () => (await ctx.database.db.select({ id: tickets.id }).from(tickets)).length;
    const before = await count();
    const cases: [unknown, Record<string, string>][] = [
      [{ type: 'delivery', customer: { name: 'Ayşe' } }, { 'customer.phone': 'Paket serviste telefon zorunludur', 'customer.address': 'Paket serviste adres zorunludur' }],
      [{ type: 'delivery', customer: { name: 'Ayşe', phone: '0532 123 45 67' } }, { 'customer.address': 'Paket serviste adres zorunludur' }],
      [{ type: 'delivery', customer: { name: 'Ayşe', phone: '0532 123 45 67', address: '   ' } }, { 'customer.address': 'Paket serviste adres zorunludur' }],
      [{ type: 'delivery', customer: { name: 'Ayşe', phone: ' ', address: 'Moda Cd. 5' } }, { 'customer.phone': 'Paket serviste telefon zorunludur' }],
      [{ type: 'delivery', customer: { name: 'Ayşe', phone: '12345', address: 'Moda Cd. 5' } }, { 'customer.phone': PHONE_MESSAGES.invalid }],
      [{ type: 'takeaway', customer: { name: 'Ali', phone: 'abc-not-a-phone' } }, { 'customer.phone': 'Geçerli bir telefon numarası girin (ör. 0532 123 45 67)' }],
      [{ type: 'takeaway', customer: { name: 'Ali', phone: '+1 212 555 1234' } }, { 'customer.phone': PHONE_MESSAGES.invalid }],
      [{ type: 'takeaway', customer: { name: 'Ali', phone: '0532 123 45 678' } }, { 'customer.phone': PHONE_MESSAGES.invalid }],
      [{ type: 'takeaway', customer: { name: 'Ali', phone: '+90 532 123 45 678' } }, { 'customer.phone': PHONE_MESSAGES.invalid }],
      [{ type: 'takeaway', customer: { name: 'Ali', phone: '532 123 45 678' } }, { 'customer.phone': PHONE_MESSAGES.invalid }],
    ];
    for (const [body, fields] of cases) {
      for (const who of [f.restaurant.waiter, f.restaurant.owner]) {
        const res = await f.api(who).call('POST', '/tickets', body);
        expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
        const answer = res.json() as { error: string; fields: Record<string, string> };
        expect(answer.fields).toEqual(fields);
        for (const message of Object.values(fields)) expect(answer.error).toContain(message);
      }
    }
    expect(await count()).toBe(before);
  });

  it('keeps the phone rule for a ticket opened inside the server (the demo seed, a move to a free table)', async () => {
    const deps = { db: ctx.database.db, hub: ctx.app.hub, commandHooks: ctx.app.commandHooks };
    const actor = { restaurantId: f.restaurant.id, userId: f.restaurant.waiter.user.id, role: 'waiter' as const };
    await expect(
      runCommand(deps, actor, (c) => openTicket(c, { type: 'takeaway', customer: { name: 'Ali', phone: 'abc-not-a-phone' } })),
    ).rejects.toMatchObject({ statusCode: 400, message: PHONE_MESSAGES.invalid });
    const id = await runCommand(deps, actor, (c) => openTicket(c, { type: 'takeaway', customer: { name: 'Kemal Bey', phone: '0532 555 12 34' } }));
    expect((await f.api().ticket(id)).customer?.phone).toBe('+905325551234');
  });

  it('never answers the open tickets to a request for closed ones (those are Kapalı Hesaplar, the owner’s)', async () => {
    for (const who of [f.restaurant.waiter, f.restaurant.owner]) {
      const res = await f.api(who).call('GET', '/tickets?status=closed');
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/yalnızca açık adisyonlar/);
    }
    expect((await f.api().call('GET', '/tickets')).statusCode).toBe(200);
  });

  it("answers 404 for another restaurant's table and for a malformed id", async () => {
    const other = await staffedRestaurant(ctx);
    const { tables } = await (await import('../../test-support/factories')).tablesFactory(ctx, other.id);
    expect((await f.api().open(tables[0].id)).statusCode).toBe(404);
    expect((await f.api().open('masa-1')).statusCode).toBe(404);
    expect((await f.api().call('GET', '/tickets/not-a-uuid')).statusCode).toBe(404);
  });
});

describe('adding lines', () => {
  it('snapshots name, options and unit price (item + add-ons) and totals in kuruş', async () => {
    const t = (await (await f.api().open(await freeTable())).json()) as Ticket;
    const res = await f.api().add(t, [mercimekLarge(), { menuItemId: f.ezogelin.id, quantity: 1 }]);
    expect(res.statusCode).toBe(200);
    const after = res.json() as Ticket;
    expect(after.version).toBe(2);
    expect(after.lines).toMatchObject([
      { name: 'Mercimek', quantity: 2, unitPrice: 9000 + 4500, total: 27000, status: 'pending', note: 'soğansız', options: [{ name: '1,5', price: 4500 }] },
      { name: 'Ezogelin', quantity: 1, unitPrice: 9500, total: 9500, status: 'pending', options: [] },
    ]);
    expect(after.totals.total).toBe(27000 + 9500);
    // a later price change never touches the line
    await ctx.database.db.update(menuItems).set({ priceKurus: 12000 }).where(eq(menuItems.id, f.ezogelin.id));
    expect((await f.api().ticket(t.id)).totals.total).toBe(36500);
    await ctx.database.db.update(menuItems).set({ priceKurus: 9500 }).where(eq(menuItems.id, f.ezogelin.id));
  });

  it.each([
    ['a missing required option', () => [{ menuItemId: f.mercimek.id, quantity: 1 }], 400, () => TICKET_MESSAGES.optionRequired(f.menu.optionGroup!.name, 'Mercimek')],
    ['two choices in a single-choice group', () => [{ menuItemId: f.mercimek.id, quantity: 1, optionIds: [f.single.id, f.large.id] }], 400, () => TICKET_MESSAGES.optionTooMany(f.menu.optionGroup!.name, 1)],
    ["another item's option", () => [{ menuItemId: f.ezogelin.id, quantity: 1, optionIds: [f.large.id] }], 400, () => TICKET_MESSAGES.optionNotOfItem('Ezogelin')],
    ['an unknown item', () => [{ menuItemId: '00000000-0000-4000-8000-000000000000', quantity: 1 }], 404, () => TICKET_MESSAGES.itemNotFound],
    ["another restaurant's item", () => [{ menuItemId: foreignItemId, quantity: 1 }], 404, () => TICKET_MESSAGES.itemNotFound],
    ["another restaurant's item beside one of ours", () => [{ menuItemId: f.ezogelin.id, quantity: 1 }, { menuItemId: foreignItemId, quantity: 1 }], 404, () => TICKET_MESSAGES.itemNotFound],
    ['quantity 0', () => [{ menuItemId: f.ezogelin.id, quantity: 0 }], 400, null],
    ['a negative quantity', () => [{ menuItemId: f.ezogelin.id, quantity: -1 }], 400, null],
    ['quantity 1000', () => [{ menuItemId: f.ezogelin.id, quantity: 1000 }], 400, null],
    ['a fractional quantity', () => [{ menuItemId: f.ezogelin.id, quantity: 1.5 }], 400, null],
    ['a note over 200 characters', () => [{ menuItemId: f.ezogelin.id, quantity: 1, note: 'x'.repeat(201) }], 400, null],
  ])('refuses %s with a Turkish message and changes nothing', async (_name, lines, status, message) => {
    const t = (await (await f.api().open(await freeTable())).json()) as Ticket;
    const res = await f.api().add(t, lines());
    expect(res.statusCode).toBe(status);
    const body = res.json() as { error: string };
    if (message) expect(body.error).toBe(message());
    else expect(body.error).toMatch(/Adet|Not|Geçersiz/);
    expect(await linesOf(t.id)).toHaveLength(0);
    expect((await f.api().ticket(t.id)).version).toBe(1);
  });

  it('keeps a note of exactly 200 characters whole and refuses 201 with 400 on the field — never cut to fit, on adding or editing', async () => {
    const full = 'ç'.repeat(200);
    let t = await f.ticketWith(await freeTable(), [{ menuItemId: f.ezogelin.id, quantity: 1, note: full }]);
    expect(t.lines[0].note).toBe(full);
    const lineId = t.lines[0].id;
    for (const [method, url, body] of [
      ['PATCH', `/tickets/${t.id}/lines/${lineId}`, { version: t.version, note: `${full}x` }],
      ['POST', `/tickets/${t.id}/lines`, { version: t.version, lines: [{ menuItemId: f.ezogelin.id, quantity: 1, note: `${full}x` }] }],
    ] as const) {
      const res = await f.api().call(method, url, body);
      expect(res.statusCode).toBe(400);
      expect(Object.values((res.json() as { fields: Record<string, string> }).fields)).toEqual(['Not en fazla 200 karakter olabilir']);
    }
    t = await f.api().ticket(t.id);
    expect(t.lines.map((l) => l.note)).toEqual([full]);
    expect(t.lines).toHaveLength(1);
  });

  it('refuses the same option chosen twice, a line of another ticket, and clears an emptied note', async () => {
    const t = await f.ticketWith(await freeTable(), [{ menuItemId: f.ezogelin.id, quantity: 1, note: 'acılı' }]);
    const other = await f.ticketWith(await freeTable(), [{ menuItemId: f.ezogelin.id, quantity: 1 }]);
    const twice = await f.api().add(t, [{ menuItemId: f.mercimek.id, quantity: 1, optionIds: [f.large.id, f.large.id] }]);
    expect([twice.statusCode, twice.json().error]).toEqual([400, TICKET_MESSAGES.optionDuplicate]);
    const foreign = await f.api().call('PATCH', `/tickets/${t.id}/lines/${other.lines[0].id}`, { version: t.version, quantity: 2 });
    expect([foreign.statusCode, foreign.json().error]).toEqual([404, TICKET_MESSAGES.lineNotFound]);
    expect((await linesOf(other.id))[0].quantity).toBe(1);
    const cleared = await f.api().call('PATCH', `/tickets/${t.id}/lines/${t.lines[0].id}`, { version: t.version, note: '' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((cleared.json() as Ticket).lines[0].note).toBeNull();
  });

  it('refuses a sold-out (Tükendi) item and an item of a hidden category', async () => {
    const t = (await (await f.api().open(await freeTable())).json()) as Ticket;
    const soldOut = await menuFactory(ctx, f.restaurant.id, { items: [{ name: 'Künefe', isAvailable: false }], optionGroup: false });
    const res = await f.api().add(t, [{ menuItemId: soldOut.items[0].id, quantity: 1 }]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(TICKET_MESSAGES.soldOut('Künefe'));
    const hidden = await menuFactory(ctx, f.restaurant.id, { items: [{ name: 'Gizli Tatlı' }], optionGroup: false });
    await ctx.database.db.update(menuCategories).set({ isVisible: false }).where(eq(menuCategories.id, hidden.category.id));
    expect((await f.api().add(t, [{ menuItemId: hidden.items[0].id, quantity: 1 }])).json().error).toBe(TICKET_MESSAGES.hidden('Gizli Tatlı'));
    expect(await linesOf(t.id)).toHaveLength(0);
  });

  it('answers 409 to a stale version and keeps the other waiter’s line', async () => {
    const t = (await (await f.api().open(await freeTable())).json()) as Ticket;
    expect((await f.api().add(t, [{ menuItemId: f.ezogelin.id, quantity: 1 }])).statusCode).toBe(200);
    const stale = await f.api(f.restaurant.owner).add(t, [{ menuItemId: f.ezogelin.id, quantity: 2 }]);
    expect(stale.statusCode).toBe(409);
    expect((await linesOf(t.id)).map((l) => l.quantity)).toEqual([1]);
  });

  it('edits and deletes a pending line, but never a sent one', async () => {
    let t = await f.ticketWith(await freeTable(), [{ menuItemId: f.ezogelin.id, quantity: 1 }]);
    const lineId = t.lines[0].id;
    t = (await f.api().call('PATCH', `/tickets/${t.id}/lines/${lineId}`, { version: t.version, quantity: 3, note: 'acısız' })).json() as Ticket;
    expect(t.lines[0]).toMatchObject({ quantity: 3, note: 'acısız', total: 28500 });
    t = ((await f.api().send(t)).json() as { ticket: Ticket }).ticket;
    const edit = await f.api().call('PATCH', `/tickets/${t.id}/lines/${lineId}`, { version: t.version, quantity: 1 });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error).toBe(TICKET_MESSAGES.lineAlreadySent);
    expect((await f.api().call('DELETE', `/tickets/${t.id}/lines/${lineId}?version=${t.version}`)).statusCode).toBe(409);
    t = (await f.api().add(t, [{ menuItemId: f.ezogelin.id, quantity: 1 }])).json() as Ticket;
    const pendingId = t.lines.find((l) => l.status === 'pending')!.id;
    const del = await f.api().call('DELETE', `/tickets/${t.id}/lines/${pendingId}?version=${t.version}`);
    expect(del.statusCode).toBe(200);
    expect((del.json() as Ticket).lines.map((l) => l.id)).toEqual([lineId]);
  });

  it('keeps a pending line paid by choosing it: its quantity stays and it is not deleted; its note may change', async () => {
    let t = await f.ticketWith(await freeTable(), [{ menuItemId: f.ezogelin.id, quantity: 1 }, { menuItemId: f.ezogelin.id, quantity: 1 }]);
    const [paid, other] = t.lines;
    expect((await f.api().call('POST', `/tickets/${t.id}/payments`, { method: 'card', lineIds: [paid.id] })).statusCode).toBe(200);
    t = await f.api().ticket(t.id);
    const more = await f.api().call('PATCH', `/tickets/${t.id}/lines/${paid.id}`, { version: t.version, quantity: 5 });
    expect(more.statusCode).toBe(409);
    expect(more.json()).toEqual({ error: TICKET_MESSAGES.linePaid });
    const del = await f.api().call('DELETE', `/tickets/${t.id}/lines/${paid.id}?version=${t.version}`);
    expect(del.statusCode).toBe(409);
    expect(del.json()).toEqual({ error: TICKET_MESSAGES.linePaid });
    const after = await f.api().ticket(t.id);
    expect(after.version).toBe(t.version);
    expect(after.lines.map((l) => [l.id, l.quantity, l.paymentId])).toEqual([[paid.id, 1, t.payments[0].id], [other.id, 1, null]]);
    expect(after.payments[0].lineIds).toEqual([paid.id]);
    const note = await f.api().call('PATCH', `/tickets/${t.id}/lines/${paid.id}`, { version: t.version, note: 'paket' });
    expect(note.statusCode).toBe(200);
    expect((await f.api().call('DELETE', `/tickets/${t.id}/lines/${other.id}?version=${t.version + 1}`)).statusCode).toBe(200);
  });
});

describe('Mutfağa Gönder', () => {
  it('sends only the pending lines as one batch, and an addition as a new batch', async () => {
    let t = await f.ticketWith(await freeTable(), [mercimekLarge(), { menuItemId: f.ezogelin.id, quantity: 1 }]);
    const first = await f.api().send(t);
    expect(first.statusCode).toBe(200);
    const { ticket: sent, batch } = first.json() as { ticket: Ticket; batch: { id: string; lineIds: string[] } };
    expect(batch.lineIds.sort()).toEqual(t.lines.map((l) => l.id).sort());
    expect(sent.lines.every((l) => l.status === 'sent' && l.batchId === batch.id)).toBe(true);
    expect(sent.state).toBe('waiting');

    t = (await f.api().add(sent, [{ menuItemId: f.ezogelin.id, quantity: 2 }])).json() as Ticket;
    const addition = (await f.api().send(t)).json() as { batch: { id: string; lineIds: string[] } };
    expect(addition.batch.lineIds).toHaveLength(1);
    expect(addition.batch.id).not.toBe(batch.id);
    const batches = await ctx.database.db.select().from(kitchenBatches).where(eq(kitchenBatches.ticketId, t.id));
    expect(batches.map((b) => b.sequence).sort()).toEqual([1, 2]);
    // the kitchen got the addition as its own card, without the earlier lines
    const cards = (await f.api(f.restaurant.kitchen).call('GET', '/kitchen/orders')).json() as KitchenOrder[];
    expect(cards.find((c) => c.batchId === addition.batch.id)!.lines.map((l) => l.quantity)).toEqual([2]);
  });

  it('answers 409 when nothing is pending', async () => {
    const t = await f.ticketWith(await freeTable(), [{ menuItemId: f.ezogelin.id, quantity: 1 }], { send: true });
    const res = await f.api().send(t);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(TICKET_MESSAGES.nothingToSend);
  });

  it("refuses a stale screen and another restaurant's ticket, moving nothing and making no batch", async () => {
    const t = await f.ticketWith(await freeTable(), [{ menuItemId: f.ezogelin.id, quantity: 1 }]);
    const stale = await f.api().send({ id: t.id, version: t.version - 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe(MESSAGES.versionConflict);
    // a ticket of the restaurant next door, with a pending line, sent from here by its id
    const theirs = await runCommand({ db: ctx.database.db, hub: ctx.app.hub, commandHooks: ctx.app.commandHooks }, { restaurantId: otherRestaurantId, userId: null, role: 'system' }, async (c) => {
      const id = await openTicket(c, { type: 'takeaway', customer: { name: 'Komşu', phone: undefined } });
      await addLines(c, id, { version: 1, lines: [{ menuItemId: foreignItemId, quantity: 1 }] });
      return id;
    });
    const cross = await f.api().send({ id: theirs, version: 2 });
    expect(cross.statusCode).toBe(404);
    expect(cross.json().error).toBe(TICKET_MESSAGES.ticketNotFound);
    for (const ticketId of [t.id, theirs]) {
      expect((await linesOf(ticketId)).map((l) => l.status)).toEqual(['pending']);
      expect(await ctx.database.db.select().from(kitchenBatches).where(eq(kitchenBatches.ticketId, ticketId))).toEqual([]);
    }
    expect((await ctx.database.db.select({ version: tickets.version }).from(tickets).where(eq(tickets.id, theirs)))[0].version).toBe(2);
  });

  it('makes the batch once for 100 concurrent sends with one Idempotency-Key', async () => {
    const t = await f.ticketWith(await freeTable(), [{ menuItemId: f.ezogelin.id, quantity: 1 }]);
    const answers = await Promise.all(Array.from({ length: 100 }, () => f.api().send(t, 'gonder-ayni-anahtar-1')));
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    // the others are told to wait (still in progress) or replayed, never a second batch
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
    expect(new Set(ok.map((a) => a.json().batch.id)).size).toBe(1);
    expect(await ctx.database.db.select().from(kitchenBatches).where(eq(kitchenBatches.ticketId, t.id))).toHaveLength(1);
    const replay = await f.api().send(t, 'gonder-ayni-anahtar-1');
    expect(replay.statusCode).toBe(200);
    expect(replay.json().batch.id).toBe(ok[0].json().batch.id);
  });

  it('keeps both lines or refuses one with 409 when two waiters add at once, never losing a line', async () => {
    const t = (await (await f.api().open(await freeTable())).json()) as Ticket;
    const [a, b] = await Promise.all([
      f.api().add(t, [{ menuItemId: f.ezogelin.id, quantity: 1 }]),
      f.api(f.restaurant.owner).add(t, [{ menuItemId: f.ezogelin.id, quantity: 4 }]),
    ]);
    const kept = [a, b].filter((r) => r.statusCode === 200).length;
    expect([a, b].every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    expect(await linesOf(t.id)).toHaveLength(kept);
    expect(kept).toBe(1);
  });

  it('kitchen progress never makes a waiter’s edit fail', async () => {
    const t = await f.ticketWith(await freeTable(), [{ menuItemId: f.ezogelin.id, quantity: 1 }], { send: true });
    const status = await f.api(f.restaurant.kitchen).call('POST', `/kitchen/lines/${t.lines[0].id}/status`, { status: 'ready' });
    expect(status.statusCode).toBe(200);
    const res = await f.api().add(t, [{ menuItemId: f.ezogelin.id, quantity: 1 }]);
    expect(res.statusCode).toBe(200);
    expect((res.json() as Ticket).state).toBe('ready');
  });

  it('publishes a tickets event after the commit, and audits the send', async () => {
    const t = await f.ticketWith(await freeTable(), [{ menuItemId: f.ezogelin.id, quantity: 1 }]);
    events.length = 0;
    await f.api().send(t);
    expect(events.map((e) => [e.type, e.id])).toEqual(expect.arrayContaining([['tickets', t.id], ['kitchen', t.id]]));
    const audit = await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.entityId, t.id));
    expect(audit.map((a) => a.action)).toContain('ticket.send');
  });
});

describe('moving and merging', () => {
  it('Masa Taşı moves the ticket to a free table; the kitchen shows the new name; nothing is re-sent', async () => {
    const t = await f.ticketWith(await freeTable(), [{ menuItemId: f.ezogelin.id, quantity: 1 }], { send: true });
    const to = await freeTable();
    const res = await f.api().call('POST', `/tickets/${t.id}/move`, { version: t.version, tableId: to });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ tableId: to, tableName: `T${tableIndex}` });
    const cards = (await f.api(f.restaurant.kitchen).call('GET', '/kitchen/orders')).json() as KitchenOrder[];
    const mine = cards.filter((c) => c.ticketId === t.id);
    expect(mine).toHaveLength(1);
    expect(mine[0].tableName).toBe(`T${tableIndex}`);
    expect(await ctx.database.db.select().from(kitchenBatches).where(eq(kitchenBatches.ticketId, t.id))).toHaveLength(1);
  });

  it('refuses a move to the same table or an occupied one, and changes nothing', async () => {
    const t = await f.ticketWith(await freeTable(), [{ menuItemId: f.ezogelin.id, quantity: 1 }]);
    const same = await f.api().call('POST', `/tickets/${t.id}/move`, { version: t.version, tableId: t.tableId });
    expect(same.statusCode).toBe(409);
    expect(same.json().error).toBe(TICKET_MESSAGES.sameTable);
    const busy = await f.ticketWith(await freeTable(), [{ menuItemId: f.ezogelin.id, quantity: 1 }]);
    const occupied = await f.api().call('POST', `/tickets/${t.id}/move`, { version: t.version, tableId: busy.tableId });
    expect(occupied.statusCode).toBe(409);
    expect((await f.api().ticket(t.id)).tableId).toBe(t.tableId);
  });

  it('moves part of a line to another table, opening a ticket there, keeping batch and status', async () => {
    const t = await f.ticketWith(await freeTable(), [{ menuItemId: f.ezogelin.id, quantity: 3 }, { menuItemId: f.ezogelin.id, quantity: 1 }], { send: true });
    const to = await freeTable();
    const res = await f.api().call('POST', `/tickets/${t.id}/move-lines`, { version: t.version, tableId: to, lines: [{ lineId: t.lines[0].id, quantity: 2 }] });
    expect(res.statusCode).toBe(200);
    const { ticket, target } = res.json() as { ticket: Ticket; target: Ticket };
    expect(ticket.lines.map((l) => l.quantity)).toEqual([1, 1]);
    expect(target.tableId).toBe(to);
    expect(target.lines).toMatchObject([{ name: 'Ezogelin', quantity: 2, status: 'sent', batchId: t.lines[0].batchId, unitPrice: 9500 }]);
    expect(ticket.totals.total + target.totals.total).toBe(t.totals.total);
  });

  it("shares a line's amount discount between the part moved and the part kept, never giving it to both", async () => {
    const owner = f.api(f.restaurant.owner);
    for (const value of [3000, 15000]) {
      let t = await f.ticketWith(await freeTable(), [{ menuItemId: f.ezogelin.id, quantity: 3 }, { menuItemId: f.ezogelin.id, quantity: 1 }], { send: true });
      const lineId = t.lines[0].id;
      t = (await owner.call('POST', `/tickets/${t.id}/lines/${lineId}/discount`, { version: t.version, discount: { type: 'amount', value, label: 'Müdavim' } })).json() as Ticket;
      expect(t.totals.lineDiscounts).toBe(value);
      const res = await f.api().call('POST', `/tickets/${t.id}/move-lines`, { version: t.version, tableId: await freeTable(), lines: [{ lineId, quantity: 1 }] });
      expect(res.statusCode).toBe(200);
      const { ticket, target } = res.json() as { ticket: Ticket; target: Ticket };
      expect(ticket.totals.lineDiscounts + target.totals.lineDiscounts).toBe(value);
      expect(ticket.totals.total + target.totals.total).toBe(t.totals.total);
      // both tickets, the floor and the open list still read
      expect((await f.api().call('GET', `/tickets/${target.id}`)).statusCode).toBe(200);
      expect((await f.api().call('GET', '/tickets')).statusCode).toBe(200);
      expect((await f.api().call('GET', '/floor')).statusCode).toBe(200);
    }
  });

  it('refuses moving every line (that is Masa Taşı) and more than a line holds', async () => {
    const t = await f.ticketWith(await freeTable(), [{ menuItemId: f.ezogelin.id, quantity: 2 }]);
    const to = await freeTable();
    const all = await f.api().call('POST', `/tickets/${t.id}/move-lines`, { version: t.version, tableId: to, lines: [{ lineId: t.lines[0].id, quantity: 2 }] });
    expect(all.json().error).toBe(TICKET_MESSAGES.moveAll);
    const tooMany = await f.api().call('POST', `/tickets/${t.id}/move-lines`, { version: t.version, tableId: to, lines: [{ lineId: t.lines[0].id, quantity: 3 }] });
    expect(tooMany.statusCode).toBe(409);
    expect((await f.api().call('GET', '/floor')).json().sections[0].tables.find((x: { id: string }) => x.id === to).ticketId).toBeNull();
  });

  it("moves a whole line after the lines of the target table's open ticket, keeping its id; the target's version moves on", async () => {
    const t = await f.ticketWith(await freeTable(), [{ menuItemId: f.ezogelin.id, quantity: 2 }, { menuItemId: f.ezogelin.id, quantity: 1 }], { send: true });
    const there = await f.ticketWith(await freeTable(), [mercimekLarge()]);
    const res = await f.api().call('POST', `/tickets/${t.id}/move-lines`, { version: t.version, tableId: there.tableId, lines: [{ lineId: t.lines[0].id, quantity: 2 }] });
    expect(res.statusCode, res.body).toBe(200);
    const { ticket, target } = res.json() as { ticket: Ticket; target: Ticket };
    expect(target.id).toBe(there.id);
    expect(target.version).toBeGreaterThan(there.version);
    expect(target.lines.map((l) => [l.id, l.name, l.quantity])).toEqual([
      [there.lines[0].id, 'Mercimek', 2],
      [t.lines[0].id, 'Ezogelin', 2],
    ]);
    expect(ticket.lines.map((l) => l.id)).toEqual([t.lines[1].id]);
    expect(await linesOf(t.id)).toHaveLength(1);
  });

  it('refuses moving lines to the same table, a line twice, a line of another ticket, a cancelled or a paid line', async () => {
    const t = await f.ticketWith(
      await freeTable(),
      [{ menuItemId: f.ezogelin.id, quantity: 3 }, { menuItemId: f.ezogelin.id, quantity: 1 }, { menuItemId: f.ezogelin.id, quantity: 1 }],
      { send: true },
    );
    const other = await f.ticketWith(await freeTable(), [{ menuItemId: f.ezogelin.id, quantity: 1 }]);
    const to = await freeTable();
    const [l0, l1, l2] = t.lines.map((l) => l.id);
    const move = async (tableId: string, lines: { lineId: string; quantity: number }[]) => {
      const current = await f.api().ticket(t.id);
      const res = await f.api().call('POST', `/tickets/${t.id}/move-lines`, { version: current.version, tableId, lines });
      return [res.statusCode, res.json().error];
    };
    expect(await move(t.tableId!, [{ lineId: l0, quantity: 1 }])).toEqual([409, TICKET_MESSAGES.sameTable]);
    expect(await move(to, [{ lineId: l0, quantity: 1 }, { lineId: l0, quantity: 1 }])).toEqual([400, TICKET_MESSAGES.moveDuplicateLine]);
    expect(await move(to, [{ lineId: other.lines[0].id, quantity: 1 }])).toEqual([404, TICKET_MESSAGES.lineNotFound]);
    const cancel = await f.api().call('POST', `/tickets/${t.id}/lines/${l1}/cancel`, { version: (await f.api().ticket(t.id)).version, reason: 'Müşteri vazgeçti' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await move(to, [{ lineId: l1, quantity: 1 }])).toEqual([409, TICKET_MESSAGES.moveCancelled]);
    const pay = await f.api().call('POST', `/tickets/${t.id}/payments`, { method: 'card', lineIds: [l2] });
    expect(pay.statusCode, pay.body).toBe(200);
    expect(await move(to, [{ lineId: l2, quantity: 1 }])).toEqual([409, TICKET_MESSAGES.movePaid]);
    expect((await linesOf(t.id)).map((l) => l.quantity).sort()).toEqual([1, 1, 3]);
    expect((await f.api().call('GET', '/floor')).json().sections[0].tables.find((x: { id: string }) => x.id === to).ticketId).toBeNull();
  });

  it('Masa Birleştir joins every line and batch of the other ticket; merging with itself is refused', async () => {
    const into = await f.ticketWith(await freeTable(), [{ menuItemId: f.ezogelin.id, quantity: 1 }], { send: true });
    const from = await f.ticketWith(await freeTable(), [mercimekLarge()], { send: true });
    const self = await f.api().call('POST', `/tickets/${into.id}/merge`, { version: into.version, fromTicketId: into.id });
    expect(self.statusCode).toBe(409);
    expect(self.json().error).toBe(TICKET_MESSAGES.mergeSelf);
    const res = await f.api().call('POST', `/tickets/${into.id}/merge`, { version: into.version, fromTicketId: from.id });
    expect(res.statusCode).toBe(200);
    const merged = res.json() as Ticket;
    expect(merged.lines.map((l) => l.id).sort()).toEqual([...into.lines, ...from.lines].map((l) => l.id).sort());
    expect(merged.totals.total).toBe(into.totals.total + from.totals.total);
    expect((await f.api().call('GET', `/tickets/${from.id}`)).statusCode).toBe(404);
    const cards = (await f.api(f.restaurant.kitchen).call('GET', '/kitchen/orders')).json() as KitchenOrder[];
    expect(cards.filter((c) => c.ticketId === into.id).flatMap((c) => c.lines.map((l) => l.id)).sort()).toEqual(merged.lines.map((l) => l.id).sort());
    expect(cards.some((c) => c.ticketId === from.id)).toBe(false);
  });
});

describe('merging tickets with money on them', () => {
  const percentOff = (value: number) => ({ type: 'percent', value, label: 'Öğrenci' });

  it('refuses a merge that would leave more paid than the joined bill, and changes nothing', async () => {
    const owner = f.api(f.restaurant.owner);
    let into = await f.ticketWith(await freeTable(), [{ menuItemId: f.ezogelin.id, quantity: 1 }]);
    into = (await owner.call('POST', `/tickets/${into.id}/discount`, { version: into.version, discount: percentOff(60) })).json() as Ticket;
    const from = await f.ticketWith(await freeTable(), [{ menuItemId: f.ezogelin.id, quantity: 1 }]);
    expect((await f.api().call('POST', `/tickets/${from.id}/payments`, { method: 'card', amount: 9500 })).statusCode).toBe(200);
    // 60 % off both dishes is 76 TL, but 95 TL was paid by card
    const res = await f.api().call('POST', `/tickets/${into.id}/merge`, { version: into.version, fromTicketId: from.id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: TICKET_MESSAGES.belowPaid });
    expect((await f.api().ticket(into.id)).lines).toHaveLength(1);
    expect((await f.api().ticket(from.id)).totals.paid).toBe(9500);
  });

  it("refuses to merge away a ticket's own İndirim, which would vanish with it", async () => {
    const owner = f.api(f.restaurant.owner);
    const into = await f.ticketWith(await freeTable(), [{ menuItemId: f.ezogelin.id, quantity: 1 }]);
    let from = await f.ticketWith(await freeTable(), [{ menuItemId: f.ezogelin.id, quantity: 2 }]);
    from = (await owner.call('POST', `/tickets/${from.id}/discount`, { version: from.version, discount: { type: 'amount', value: 5000, label: 'Müdavim' } })).json() as Ticket;
    const res = await f.api().call('POST', `/tickets/${into.id}/merge`, { version: into.version, fromTicketId: from.id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: TICKET_MESSAGES.mergeDiscount });
    expect((await f.api().ticket(from.id)).totals.total).toBe(2 * 9500 - 5000);
    expect((await f.api().ticket(into.id)).version).toBe(into.version);
  });
});

describe('refusals a careless client gets', () => {
  // Zod's own locale says "beklenen object, alınan null" and "Çok büyük: beklenen int <=9007199254740991"
  const ENGLISH_OR_BOUNDS = /\b(object|array|string|number|int|boolean|null|NaN|undefined|expected|received)\b|[<>]=?\d|9007199254740991/;

  it('answers every wrong shape with a Turkish 400 naming no English type or bound', async () => {
    const owner = f.api(f.restaurant.owner);
    const t = await f.ticketWith(await freeTable(), [{ menuItemId: f.ezogelin.id, quantity: 1 }]);
    const T = `/tickets/${t.id}`;
    const cases: [string, string, unknown, ReturnType<typeof f.api>, RegExp?][] = [
      ['POST', '/tickets', null, owner],
      ['POST', '/tickets', [], owner],
      ['POST', '/tickets', { type: 'boat' }, owner, /Adisyon türü/],
      ['POST', '/tickets', { type: 'table', tableId: 5 }, owner, /metin olmalı/],
      ['POST', '/tickets', { type: 'table', tableId: t.tableId, guests: 1e308 }, owner, /Kişi sayısı/],
      ['POST', '/tickets', { type: 'takeaway', customer: null }, owner],
      ['PATCH', T, { version: 0 }, owner, /Sürüm \(version\) en az 1/],
      ['PATCH', T, { version: t.version, billRequested: 'yes' }, owner, /true ya da false/],
      ['POST', `${T}/lines`, { version: t.version, lines: {} }, owner, /liste/],
      ['POST', `${T}/lines`, { version: t.version, lines: [[f.ezogelin.id, 1]] }, owner],
      ['POST', `${T}/lines`, { version: t.version, lines: [{ menuItemId: f.ezogelin.id, quantity: 1, optionIds: Array(51).fill('x') }] }, owner, /En fazla 50 öğe/],
      ['DELETE', `${T}/lines/${t.lines[0].id}?version=abc`, undefined, owner, /sayı olmalı/],
      ['POST', `${T}/service-charge`, { version: t.version, percent: 101 }, owner, /en fazla %100/],
      ['POST', `${T}/payments`, { method: 'cash', lineIds: [] }, owner, /En az bir/],
      ['POST', '/kitchen/acknowledge', { batchIds: [] }, f.api(f.restaurant.kitchen)],
      ['POST', '/kitchen/acknowledge', { batchIds: 'x' }, f.api(f.restaurant.kitchen)],
      ['GET', '/bills?number=1e400', undefined, owner],
    ];
    for (const [method, url, body, who, expected] of cases) {
      const res = await who.call(method as 'POST', url, body);
      const { error } = res.json() as { error: string };
      expect({ method, url, body, status: res.statusCode }).toEqual({ method, url, body, status: 400 });
      expect(error).toMatch(/^Geçersiz istek: /);
      // each failing field's message, without the field's own name in front of it
      const messages = error.replace(/^Geçersiz istek: /, '').split('; ').map((m) => m.replace(/^[\w.]+: /, ''));
      for (const m of messages) expect(m, `${method} ${url} ${JSON.stringify(body)}`).not.toMatch(ENGLISH_OR_BOUNDS);
      if (expected) expect(error).toMatch(expected);
    }
    expect((await f.api().ticket(t.id)).version).toBe(t.version);
  });
});

describe('guests and the bill request', () => {
  it('sets guests and Hesap istendi, which the floor shows as the table state', async () => {
    const t = (await (await f.api().open(await freeTable())).json()) as Ticket;
    const res = await f.api().call('PATCH', `/tickets/${t.id}`, { version: t.version, guests: 4, billRequested: true });
    expect(res.json()).toMatchObject({ guests: 4, state: 'bill' });
    expect((await f.api().call('PATCH', `/tickets/${t.id}`, { version: t.version, guests: 2 })).statusCode).toBe(409);
  });

  it('keeps the first Hesap istendi time when asked again, clears it when taken back, and adds guests of both on a merge', async () => {
    const t = (await (await f.api().open(await freeTable(), 3)).json()) as Ticket;
    const asked = (await f.api().call('PATCH', `/tickets/${t.id}`, { version: t.version, billRequested: true })).json() as Ticket;
    expect(asked.billRequestedAt).not.toBeNull();
    const again = (await f.api().call('PATCH', `/tickets/${t.id}`, { version: asked.version, billRequested: true })).json() as Ticket;
    expect(again.billRequestedAt).toBe(asked.billRequestedAt);
    const back = (await f.api().call('PATCH', `/tickets/${t.id}`, { version: again.version, billRequested: false })).json() as Ticket;
    expect(back.billRequestedAt).toBeNull();
    const from = (await (await f.api().open(await freeTable())).json()) as Ticket;
    const merged = (await f.api().call('POST', `/tickets/${t.id}/merge`, { version: back.version, fromTicketId: from.id })).json() as Ticket;
    expect(merged.guests).toBe(3);
    const none = (await (await f.api().open(await freeTable())).json()) as Ticket;
    const noneFrom = (await (await f.api().open(await freeTable())).json()) as Ticket;
    expect(((await f.api().call('POST', `/tickets/${none.id}/merge`, { version: none.version, fromTicketId: noneFrom.id })).json() as Ticket).guests).toBeNull();
  });

  it('lets the kitchen read nothing of table service', async () => {
    expect((await f.api(f.restaurant.kitchen).call('GET', '/floor')).statusCode).toBe(403);
    expect((await f.api(f.restaurant.kitchen).open(await freeTable())).statusCode).toBe(403);
  });
});
