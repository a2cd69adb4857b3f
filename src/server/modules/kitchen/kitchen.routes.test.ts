import { and, eq } from 'drizzle-orm';
import type { KitchenOrder } from '../../../shared/kitchen-contract';
import { MESSAGES } from '../../../shared/errors';
import { auditEvents, ticketLines, tickets } from '../../db/schema';
import type { LiveEvent } from '../events/event-hub';
import type { TestContext } from '../../test-support/test-app';
import { KITCHEN_MESSAGES } from './kitchen-messages';
import { kitchenFixture, kitchenTestApp, sendBatch } from './kitchen-test-kit';

let ctx: TestContext;
let rid: string;
let owner: { cookies: Record<string, string> };
let cook: { cookies: Record<string, string> };
let waiter: { user: { id: string }; cookies: Record<string, string> };
let otherWaiter: { user: { id: string }; cookies: Record<string, string> };
/** Events seen by the restaurant's screens (the alert sweep adds its own: filter by ticket). */
let events: LiveEvent[];

beforeAll(async () => {
  ({ ctx, rid, owner, cook, waiter, otherWaiter, events } = await kitchenTestApp());
});
afterAll(() => ctx.close());

const get = (url: string, who = cook) => ctx.app.inject({ method: 'GET', url: `/api/restaurants/${rid}${url}`, cookies: who.cookies });
const post = (url: string, payload: unknown, who: { cookies: Record<string, string> } = cook) =>
  ctx.app.inject({ method: 'POST', url: `/api/restaurants/${rid}${url}`, cookies: who.cookies, payload: payload as object });
const setStatus = (lineId: string, status: string, who: { cookies: Record<string, string> } = cook) => post(`/kitchen/lines/${lineId}/status`, { status }, who);
const orders = async (station = '') => (await get(`/kitchen/orders${station ? `?station=${encodeURIComponent(station)}` : ''}`)).json() as KitchenOrder[];
const lineStatus = async (id: string) => (await ctx.database.db.select().from(ticketLines).where(eq(ticketLines.id, id)))[0].status;
const send = (lines: Parameters<typeof sendBatch>[1]['lines'], extra: Partial<Parameters<typeof sendBatch>[1]> = {}) =>
  sendBatch(ctx, { restaurantId: rid, waiterId: waiter.user.id, lines, ...extra });

describe('kitchen orders', () => {
  it('lists each sent batch as a card in the contract shape, oldest first', async () => {
    const older = await send([{ name: 'Adana Kebap', quantity: 2, note: 'acısız', options: [{ name: 'Az pişmiş', groupName: 'Pişirme' }] }], {
      tableName: 'Bahçe 3',
      ageSeconds: 60,
    });
    const newer = await send([{ name: 'Mercimek Çorbası' }], { type: 'takeaway', customerName: 'Ali Bey' });
    const cards = await orders();
    const ids = cards.map((c) => c.batchId);
    expect(ids.indexOf(older.batchId)).toBeLessThan(ids.indexOf(newer.batchId));
    const card = cards.find((c) => c.batchId === older.batchId)!;
    expect(card).toMatchObject({
      ticketId: older.ticketId,
      tableName: 'Bahçe 3',
      type: 'table',
      waiterName: 'Mehmet Garson',
      isAddition: false,
      lines: [{ id: older.lineIds[0], name: 'Adana Kebap', quantity: 2, note: 'acısız', status: 'sent', options: [{ name: 'Az pişmiş' }] }],
    });
    expect(typeof card.ticketNumber).toBe('number');
    expect(Date.parse(card.sentAt)).not.toBeNaN();
    expect(cards.find((c) => c.batchId === newer.batchId)).toMatchObject({ tableName: null, type: 'takeaway', customerName: 'Ali Bey' });
  });

  it('shows an addition as its own card with only the new lines', async () => {
    const first = await send([{ name: 'Lahmacun', quantity: 3 }], { tableName: 'Salon 9' });
    const addition = await send([{ name: 'Ayran', quantity: 3, station: 'Bar' }], { ticketId: first.ticketId });
    const cards = await orders();
    const added = cards.find((c) => c.batchId === addition.batchId)!;
    expect(added.isAddition).toBe(true);
    expect(added.tableName).toBe('Salon 9');
    expect(added.lines.map((l) => l.name)).toEqual(['Ayran']);
    expect(cards.find((c) => c.batchId === first.batchId)!.lines.map((l) => l.name)).toEqual(['Lahmacun']);
  });

  it("shows one station's lines when a station is chosen, and leaves out batches with none of them", async () => {
    const mixed = await send([{ name: 'Kuzu Şiş', station: 'Izgara' }, { name: 'Şalgam', station: 'Bar' }]);
    const grillOnly = await send([{ name: 'Tavuk Kanat', station: 'Izgara' }]);
    const bar = await orders('Bar');
    expect(bar.find((c) => c.batchId === mixed.batchId)!.lines.map((l) => l.name)).toEqual(['Şalgam']);
    expect(bar.some((c) => c.batchId === grillOnly.batchId)).toBe(false);
    expect((await orders()).find((c) => c.batchId === mixed.batchId)!.lines).toHaveLength(2);
  });

  it('keeps a cancelled line on its card, marked cancelled, and drops a fully served batch', async () => {
    const b = await send([{ name: 'Kola' }, { name: 'Pide' }]);
    await ctx.database.db.update(ticketLines).set({ status: 'cancelled' }).where(eq(ticketLines.id, b.lineIds[0]));
    expect((await orders()).find((c) => c.batchId === b.batchId)!.lines.map((l) => l.status)).toEqual(['cancelled', 'sent']);
    await setStatus(b.lineIds[1], 'ready');
    await post(`/tickets/${b.ticketId}/lines/${b.lineIds[1]}/served`, undefined, waiter);
    expect((await orders()).some((c) => c.batchId === b.batchId)).toBe(false);
  });

  it("keeps a ready card among the open ones until served; scope 'active' (the kitchen screen) lists only cards still to make", async () => {
    const ready = await send([{ name: 'Mantı' }]);
    const mixed = await send([{ name: 'Sütlaç' }, { name: 'Baklava' }]);
    await setStatus(ready.lineIds[0], 'ready');
    await setStatus(mixed.lineIds[0], 'ready');
    const active = (await get('/kitchen/orders?scope=active')).json() as KitchenOrder[];
    expect(active.some((c) => c.batchId === ready.batchId)).toBe(false);
    expect(active.find((c) => c.batchId === mixed.batchId)!.lines.map((l) => l.status)).toEqual(['ready', 'sent']);
    expect((await orders()).find((c) => c.batchId === ready.batchId)!.lines.map((l) => l.status)).toEqual(['ready']);
    const bad = await get('/kitchen/orders?scope=hepsi');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/Kapsam/);
  });

  it('shows the new table name after a ticket moves', async () => {
    const b = await send([{ name: 'Künefe' }], { tableName: 'Salon 1' });
    await ctx.database.db.update(tickets).set({ tableName: 'Teras 4' }).where(eq(tickets.id, b.ticketId));
    expect((await orders()).find((c) => c.batchId === b.batchId)!.tableName).toBe('Teras 4');
  });

  it('refuses a malformed station filter with a Turkish message', async () => {
    const res = await get(`/kitchen/orders?station=${'x'.repeat(41)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/İstasyon/);
  });
});

describe('line statuses', () => {
  it('moves a line Bekliyor → Hazırlanıyor → Hazır, stamps the times and tells every screen', async () => {
    const b = await send([{ name: 'İskender' }]);
    events.length = 0;
    const res = await setStatus(b.lineIds[0], 'preparing');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: b.lineIds[0], ticketId: b.ticketId, status: 'preparing' });
    expect(events.filter((e) => e.id === b.ticketId)).toEqual([expect.objectContaining({ type: 'kitchen', id: b.ticketId })]);
    expect((await setStatus(b.lineIds[0], 'ready')).statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(ticketLines).where(eq(ticketLines.id, b.lineIds[0]));
    expect(row.status).toBe('ready');
    expect(row.preparingAt).not.toBeNull();
    expect(row.readyAt!.getTime()).toBeGreaterThanOrEqual(row.preparingAt!.getTime());
  });

  it('goes straight from Bekliyor to Hazır and records a preparing time', async () => {
    const b = await send([{ name: 'Ezme' }]);
    expect((await setStatus(b.lineIds[0], 'ready', owner)).statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(ticketLines).where(eq(ticketLines.id, b.lineIds[0]));
    expect(row.preparingAt).not.toBeNull();
  });

  it('never goes backwards: a ready line cannot be set to preparing', async () => {
    const b = await send([{ name: 'Beyti' }]);
    await setStatus(b.lineIds[0], 'ready');
    const res = await setStatus(b.lineIds[0], 'preparing');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: KITCHEN_MESSAGES.noGoingBack });
    expect(await lineStatus(b.lineIds[0])).toBe('ready');
  });

  it('takes the same step twice without error and without telling anyone again', async () => {
    const b = await send([{ name: 'Cacık' }]);
    await setStatus(b.lineIds[0], 'preparing');
    events.length = 0;
    expect((await setStatus(b.lineIds[0], 'preparing')).statusCode).toBe(200);
    expect(events.filter((e) => e.id === b.ticketId)).toHaveLength(0);
  });

  it('refuses lines not sent yet, cancelled or served, and unknown statuses', async () => {
    const b = await send([{ name: 'A' }, { name: 'B' }, { name: 'C' }]);
    await ctx.database.db.update(ticketLines).set({ status: 'pending' }).where(eq(ticketLines.id, b.lineIds[0]));
    await ctx.database.db.update(ticketLines).set({ status: 'cancelled' }).where(eq(ticketLines.id, b.lineIds[1]));
    await ctx.database.db.update(ticketLines).set({ status: 'served' }).where(eq(ticketLines.id, b.lineIds[2]));
    expect((await setStatus(b.lineIds[0], 'ready')).json()).toEqual({ error: KITCHEN_MESSAGES.notSentYet });
    expect((await setStatus(b.lineIds[1], 'ready')).json()).toEqual({ error: KITCHEN_MESSAGES.cancelled });
    expect((await setStatus(b.lineIds[2], 'ready')).json()).toEqual({ error: KITCHEN_MESSAGES.alreadyServed });
    const bad = await setStatus(b.lineIds[0], 'served');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/Durum/);
  });

  it('forbids a waiter from changing kitchen statuses', async () => {
    const b = await send([{ name: 'Sütlaç' }]);
    const res = await setStatus(b.lineIds[0], 'preparing', waiter);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: MESSAGES.forbidden });
    expect(await lineStatus(b.lineIds[0])).toBe('sent');
  });

  it("answers 404 for another restaurant's line and for an id that is no line", async () => {
    const other = await kitchenFixture(ctx);
    const otherWaiterUser = await other.session('waiter');
    const foreign = await sendBatch(ctx, { restaurantId: other.restaurant.id, waiterId: otherWaiterUser.user.id, lines: [{ name: 'Gizli' }] });
    const res = await setStatus(foreign.lineIds[0], 'ready');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: KITCHEN_MESSAGES.lineNotFound });
    expect(await lineStatus(foreign.lineIds[0])).toBe('sent');
    expect((await setStatus('not-a-uuid', 'ready')).statusCode).toBe(404);
  });

  it("never bumps the ticket's version: a waiter's edit does not fail because the cook moved on", async () => {
    const b = await send([{ name: 'Pilav' }]);
    const before = (await ctx.database.db.select().from(tickets).where(eq(tickets.id, b.ticketId)))[0].version;
    await setStatus(b.lineIds[0], 'ready');
    expect((await ctx.database.db.select().from(tickets).where(eq(tickets.id, b.ticketId)))[0].version).toBe(before);
  });
});

describe('Servis Edildi', () => {
  it('lets the waiter mark a ready line served, only a ready one', async () => {
    const b = await send([{ name: 'Döner' }, { name: 'Salata' }]);
    const early = await post(`/tickets/${b.ticketId}/lines/${b.lineIds[0]}/served`, undefined, waiter);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ error: KITCHEN_MESSAGES.notReadyToServe });
    await setStatus(b.lineIds[0], 'ready');
    const res = await post(`/tickets/${b.ticketId}/lines/${b.lineIds[0]}/served`, undefined, waiter);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('served');
    expect((await setStatus(b.lineIds[0], 'ready')).json()).toEqual({ error: KITCHEN_MESSAGES.alreadyServed });
  });

  it("refuses the kitchen, and a line named under another ticket's id", async () => {
    const a = await send([{ name: 'Kadayıf' }]);
    const b = await send([{ name: 'Baklava' }]);
    await setStatus(a.lineIds[0], 'ready');
    expect((await post(`/tickets/${a.ticketId}/lines/${a.lineIds[0]}/served`, undefined, cook)).statusCode).toBe(403);
    const wrong = await post(`/tickets/${b.ticketId}/lines/${a.lineIds[0]}/served`, undefined, waiter);
    expect(wrong.statusCode).toBe(404);
    expect(await lineStatus(a.lineIds[0])).toBe('ready');
  });
});

describe('Tümü Hazır and Geri Al', () => {
  it('bumps every line still to make, and the card leaves the kitchen screen', async () => {
    const b = await send([{ name: 'Pirzola' }, { name: 'Köfte' }, { name: 'Su' }]);
    await setStatus(b.lineIds[0], 'preparing');
    await ctx.database.db.update(ticketLines).set({ status: 'cancelled' }).where(eq(ticketLines.id, b.lineIds[2]));
    const res = await post(`/kitchen/batches/${b.batchId}/bump`, {});
    expect(res.json()).toEqual({ batchId: b.batchId, changed: 2 });
    expect(await lineStatus(b.lineIds[0])).toBe('ready');
    expect(await lineStatus(b.lineIds[1])).toBe('ready');
    expect(await lineStatus(b.lineIds[2])).toBe('cancelled');
    const card = (await orders()).find((c) => c.batchId === b.batchId)!;
    expect(card.lines.some((l) => l.status === 'sent' || l.status === 'preparing')).toBe(false);
    const again = await post(`/kitchen/batches/${b.batchId}/bump`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: KITCHEN_MESSAGES.nothingToBump });
  });

  it("bumps only the screen's station when one is named", async () => {
    const b = await send([{ name: 'Rakı', station: 'Bar' }, { name: 'Mezeler', station: 'Mutfak' }]);
    await post(`/kitchen/batches/${b.batchId}/bump`, { station: 'Bar' });
    expect([await lineStatus(b.lineIds[0]), await lineStatus(b.lineIds[1])]).toEqual(['ready', 'sent']);
  });

  it('audits a bump with its station and the lines it made ready', async () => {
    const b = await send([{ name: 'Ayran', station: 'Bar' }, { name: 'Lahmacun', station: 'Mutfak' }]);
    expect((await post(`/kitchen/batches/${b.batchId}/bump`, { station: 'Bar' })).statusCode).toBe(200);
    const rows = await ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'kitchen.batch.bump'), eq(auditEvents.entityId, b.batchId)));
    expect(rows.map((r) => r.after)).toEqual([{ station: 'Bar', lineIds: [b.lineIds[0]] }]);
  });

  it('leaves a held course on the card: only what the cook may start is bumped', async () => {
    const b = await send([{ name: 'Çorba' }, { name: 'Künefe' }]);
    await ctx.database.db.update(ticketLines).set({ isHeld: true }).where(eq(ticketLines.id, b.lineIds[1]));
    const res = await post(`/kitchen/batches/${b.batchId}/bump`, {});
    expect(res.json()).toEqual({ batchId: b.batchId, changed: 1 });
    expect([await lineStatus(b.lineIds[0]), await lineStatus(b.lineIds[1])]).toEqual(['ready', 'sent']);
    const again = await post(`/kitchen/batches/${b.batchId}/bump`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: KITCHEN_MESSAGES.nothingToBump });
  });

  it('recalls a bumped card: its ready lines go back to Hazırlanıyor, served lines stay served', async () => {
    const b = await send([{ name: 'Mantı' }, { name: 'Gözleme' }]);
    await post(`/kitchen/batches/${b.batchId}/bump`, {});
    await post(`/tickets/${b.ticketId}/lines/${b.lineIds[1]}/served`, undefined, waiter);
    events.length = 0;
    const res = await post(`/kitchen/batches/${b.batchId}/recall`, {});
    expect(res.json()).toEqual({ batchId: b.batchId, changed: 1 });
    expect([await lineStatus(b.lineIds[0]), await lineStatus(b.lineIds[1])]).toEqual(['preparing', 'served']);
    expect(events.filter((e) => e.id === b.ticketId).map((e) => e.type)).toEqual(['kitchen']);
    expect((await post(`/kitchen/batches/${b.batchId}/recall`, {})).json()).toEqual({ error: KITCHEN_MESSAGES.nothingToRecall });
  });

  it('refuses Geri Al with a Turkish 409 once the bill is closed, a Gel-Al as a table, and Mutfak Geçmişi offers none', async () => {
    for (const extra of [{ type: 'takeaway' as const, customerName: 'Gel-Al Ali' }, { tableName: 'Teras 4' }]) {
      const b = await send([{ name: 'Lahmacun' }], extra);
      await post(`/kitchen/batches/${b.batchId}/bump`, {});
      await ctx.database.db.update(tickets).set({ status: 'closed', closedAt: new Date() }).where(eq(tickets.id, b.ticketId));
      const history = (await get('/kitchen/history')).json() as { batches: { batchId: string; canRecall: boolean; isTicketClosed: boolean }[] };
      expect(history.batches.find((h) => h.batchId === b.batchId)).toMatchObject({ canRecall: false, isTicketClosed: true });
      events.length = 0;
      const res = await post(`/kitchen/batches/${b.batchId}/recall`, {});
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: KITCHEN_MESSAGES.recallTicketClosed });
      expect(await lineStatus(b.lineIds[0])).toBe('ready');
      expect(events.filter((e) => e.id === b.ticketId)).toEqual([]);
    }
  });

  it('keeps a closed bill’s unfinished lines on the kitchen screen, its card marked closed; an open bill’s card is not', async () => {
    const paid = await send([{ name: 'Pide' }], { type: 'takeaway', customerName: 'Gel-Al Veli' });
    const open = await send([{ name: 'Börek' }], { tableName: 'Salon 12' });
    await ctx.database.db.update(tickets).set({ status: 'closed', closedAt: new Date() }).where(eq(tickets.id, paid.ticketId));
    const active = (await get('/kitchen/orders?scope=active')).json() as KitchenOrder[];
    expect(active.find((c) => c.batchId === paid.batchId)).toMatchObject({ isTicketClosed: true, lines: [{ name: 'Pide', status: 'sent' }] });
    expect(active.find((c) => c.batchId === open.batchId)).toMatchObject({ isTicketClosed: false });
    // the cook still finishes it: Tümü Hazır takes it off the screen as any other card
    expect((await post(`/kitchen/batches/${paid.batchId}/bump`, {})).statusCode).toBe(200);
    expect(((await get('/kitchen/orders?scope=active')).json() as KitchenOrder[]).some((c) => c.batchId === paid.batchId)).toBe(false);
  });

  it('bumps and recalls with no body at all, as with an empty one', async () => {
    const b = await send([{ name: 'Kuru Fasulye' }]);
    const bare = (action: string) => ctx.app.inject({ method: 'POST', url: `/api/restaurants/${rid}/kitchen/batches/${b.batchId}/${action}`, cookies: cook.cookies });
    const bump = await bare('bump');
    expect(bump.statusCode).toBe(200);
    expect(bump.json()).toEqual({ batchId: b.batchId, changed: 1 });
    expect(await lineStatus(b.lineIds[0])).toBe('ready');
    expect((await bare('recall')).json()).toEqual({ batchId: b.batchId, changed: 1 });
    expect(await lineStatus(b.lineIds[0])).toBe('preparing');
  });

  it("forbids waiters, and answers 404 for another restaurant's batch", async () => {
    const b = await send([{ name: 'Hünkar Beğendi' }]);
    expect((await post(`/kitchen/batches/${b.batchId}/bump`, {}, waiter)).statusCode).toBe(403);
    const other = await kitchenFixture(ctx);
    const foreign = await sendBatch(ctx, { restaurantId: other.restaurant.id, waiterId: null, lines: [{ name: 'X' }] });
    expect((await post(`/kitchen/batches/${foreign.batchId}/bump`, {})).statusCode).toBe(404);
    expect((await post(`/kitchen/batches/${foreign.batchId}/recall`, {})).statusCode).toBe(404);
  });
});

describe('kitchen history dates', () => {
  it.each(['2024-02-30', '2024-13-45', '0000-01-01', '9999-99-99'])('refuses the day %s that does not exist with a Turkish 400', async (day) => {
    for (const query of [`from=${day}`, `to=${day}`]) {
      const res = await get(`/kitchen/history?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/Geçersiz tarih/);
    }
  });

  it('reads a leap day and a wide range', async () => {
    expect((await get('/kitchen/history?from=2024-02-29&to=2024-02-29')).statusCode).toBe(200);
    expect((await get('/kitchen/history?from=2000-01-01&to=2100-12-31')).statusCode).toBe(200);
    // the calendar's far edges are no day Sofra keeps: 400 in Turkish
    const edge = await get('/kitchen/history?from=0001-01-01&to=9999-12-31');
    expect(edge.statusCode).toBe(400);
    expect(edge.json().error).toContain('Tarih 2000 ile 2100 yılları arasında olmalı');
  });
});

describe('Garson Ekranı: ready lines', () => {
  it("shows a waiter the ready lines of their own tables, and the owner everyone's", async () => {
    const mine = await send([{ name: 'Tantuni' }], { tableName: 'Salon 12' });
    const theirs = await sendBatch(ctx, { restaurantId: rid, waiterId: otherWaiter.user.id, lines: [{ name: 'Çiğ Köfte' }] });
    await setStatus(mine.lineIds[0], 'ready');
    await setStatus(theirs.lineIds[0], 'ready');
    const own = (await get('/kitchen/ready', waiter)).json() as { id: string; tableName: string; waiterName: string }[];
    expect(own.map((l) => l.id)).toContain(mine.lineIds[0]);
    expect(own.map((l) => l.id)).not.toContain(theirs.lineIds[0]);
    expect(own.find((l) => l.id === mine.lineIds[0])).toMatchObject({ tableName: 'Salon 12', waiterName: 'Mehmet Garson' });
    const all = (await get('/kitchen/ready', owner)).json() as { id: string }[];
    expect(all.map((l) => l.id)).toEqual(expect.arrayContaining([mine.lineIds[0], theirs.lineIds[0]]));
    expect((await get('/kitchen/ready', cook)).statusCode).toBe(403);
  });
});
