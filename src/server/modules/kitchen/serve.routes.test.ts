import { and, eq } from 'drizzle-orm';
import { SERVE_UNDO_SECONDS } from '../../../shared/kitchen-contract';
import { auditEvents, ticketLines, tickets } from '../../db/schema';
import type { TestContext } from '../../test-support/test-app';
import { KITCHEN_MESSAGES } from './kitchen-messages';
import { kitchenFixture, kitchenTestApp, sendBatch } from './kitchen-test-kit';

type Who = { cookies: Record<string, string> };
let ctx: TestContext;
let rid: string;
let owner: Who;
let cook: Who;
let waiter: { user: { id: string }; cookies: Record<string, string> };
let otherWaiter: Who;

beforeAll(async () => {
  ({ ctx, rid, owner, cook, waiter, otherWaiter } = await kitchenTestApp());
});
afterAll(() => ctx.close());

const post = (url: string, payload: unknown, who: Who = waiter, restaurantId = rid) =>
  ctx.app.inject({ method: 'POST', url: `/api/restaurants/${restaurantId}${url}`, cookies: who.cookies, payload: payload as object });
const statusOf = async (id: string) => (await ctx.database.db.select().from(ticketLines).where(eq(ticketLines.id, id)))[0];
const statuses = async (ids: string[]) => Promise.all(ids.map(async (id) => (await statusOf(id)).status));
const makeReady = (ids: string[]) => Promise.all(ids.map((id) => ctx.database.db.update(ticketLines).set({ status: 'ready', readyAt: new Date() }).where(eq(ticketLines.id, id))));
/** The serve happened `seconds` ago (set in the data; no test waits for a clock). */
const servedAgo = (id: string, seconds: number) =>
  ctx.database.db.update(ticketLines).set({ servedAt: new Date(Date.now() - seconds * 1000) }).where(eq(ticketLines.id, id));
const readyTable = async (names: string[]) => {
  const b = await sendBatch(ctx, { restaurantId: rid, waiterId: waiter.user.id, lines: names.map((name) => ({ name })) });
  await makeReady(b.lineIds);
  return b;
};

describe('Tümünü Servis Et', () => {
  it('serves every ready line the screen showed for the table in one go, audited per line', async () => {
    const b = await readyTable(['Adana', 'Ayran', 'Salata']);
    const res = await post(`/tickets/${b.ticketId}/serve`, { lineIds: b.lineIds.slice(0, 2) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ticketId: b.ticketId, lineIds: b.lineIds.slice(0, 2) });
    // The third dish was not on the screen when the waiter tapped: it stays ready.
    expect(await statuses(b.lineIds)).toEqual(['served', 'served', 'ready']);
    const audit = await ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'ticket.line.served'), eq(auditEvents.entityId, b.lineIds[0])));
    expect(audit).toHaveLength(1);
  });

  it('answers the served lines in the order the screen named them, whatever order the database keeps', async () => {
    const b = await readyTable(['Mercimek', 'Kebap', 'Baklava']);
    const named = [...b.lineIds].reverse();
    const res = await post(`/tickets/${b.ticketId}/serve`, { lineIds: named });
    expect(res.json()).toEqual({ ticketId: b.ticketId, lineIds: named });
  });

  it('leaves lines already served as they are (a second tap) and refuses a line not ready, changing nothing', async () => {
    const b = await readyTable(['Lahmacun', 'Künefe']);
    await post(`/tickets/${b.ticketId}/serve`, { lineIds: [b.lineIds[0]] });
    const again = await post(`/tickets/${b.ticketId}/serve`, { lineIds: [b.lineIds[0]] });
    expect(again.json()).toEqual({ ticketId: b.ticketId, lineIds: [] });
    await ctx.database.db.update(ticketLines).set({ status: 'preparing' }).where(eq(ticketLines.id, b.lineIds[1]));
    const mixed = await post(`/tickets/${b.ticketId}/serve`, { lineIds: b.lineIds });
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json()).toEqual({ error: KITCHEN_MESSAGES.notReadyToServe });
    expect(await statuses(b.lineIds)).toEqual(['served', 'preparing']);
  });

  it("refuses the kitchen, another ticket's line, and an empty list in Turkish", async () => {
    const a = await readyTable(['Pide']);
    const b = await readyTable(['Börek']);
    expect((await post(`/tickets/${a.ticketId}/serve`, { lineIds: a.lineIds }, cook)).statusCode).toBe(403);
    expect((await post(`/tickets/${b.ticketId}/serve`, { lineIds: a.lineIds })).statusCode).toBe(404);
    const empty = await post(`/tickets/${a.ticketId}/serve`, { lineIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatch(/Servis edilecek ürün seçilmedi/);
    expect(await statuses([...a.lineIds, ...b.lineIds])).toEqual(['ready', 'ready']);
  });
});

describe('Geri Al after Servis Edildi', () => {
  it('puts a line served moments ago back to Hazır, for any waiter of the restaurant, audited', async () => {
    const b = await readyTable(['Mercimek', 'Ezogelin']);
    await post(`/tickets/${b.ticketId}/lines/${b.lineIds[0]}/served`, undefined);
    await post(`/tickets/${b.ticketId}/lines/${b.lineIds[1]}/served`, undefined);
    const res = await post(`/tickets/${b.ticketId}/serve/undo`, { lineIds: b.lineIds }, otherWaiter);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ticketId: b.ticketId, lineIds: b.lineIds });
    const line = await statusOf(b.lineIds[0]);
    expect(line).toMatchObject({ status: 'ready', servedAt: null });
    expect(line.readyAt).not.toBeNull();
    const audit = await ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'ticket.line.serve_undone'), eq(auditEvents.entityId, b.lineIds[0])));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ before: { status: 'served' }, after: { status: 'ready' } });
    // Served again, and taken back again by the owner.
    await post(`/tickets/${b.ticketId}/serve`, { lineIds: b.lineIds });
    expect((await post(`/tickets/${b.ticketId}/serve/undo`, { lineIds: [b.lineIds[1]] }, owner)).statusCode).toBe(200);
    expect(await statuses(b.lineIds)).toEqual(['served', 'ready']);
  });

  it(`refuses once the serve is older than ${SERVE_UNDO_SECONDS} s, with 409 in Turkish, and changes nothing`, async () => {
    const b = await readyTable(['Tavuk Şiş', 'Çoban Salata']);
    await post(`/tickets/${b.ticketId}/serve`, { lineIds: b.lineIds });
    await servedAgo(b.lineIds[0], SERVE_UNDO_SECONDS + 1);
    await servedAgo(b.lineIds[1], SERVE_UNDO_SECONDS - 5);
    const late = await post(`/tickets/${b.ticketId}/serve/undo`, { lineIds: b.lineIds });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: `Servis ${SERVE_UNDO_SECONDS} saniyeden uzun süre önce yapıldı; artık geri alınamaz` });
    expect(await statuses(b.lineIds)).toEqual(['served', 'served']);
    expect((await post(`/tickets/${b.ticketId}/serve/undo`, { lineIds: [b.lineIds[1]] })).statusCode).toBe(200);
  });

  it('refuses a line that was never served, a closed ticket, the kitchen and another restaurant', async () => {
    const b = await sendBatch(ctx, { restaurantId: rid, waiterId: waiter.user.id, lines: [{ name: 'Kola' }] });
    const never = await post(`/tickets/${b.ticketId}/serve/undo`, { lineIds: b.lineIds });
    expect(never.statusCode).toBe(409);
    expect(never.json()).toEqual({ error: KITCHEN_MESSAGES.undoOnlyServed });

    const c = await readyTable(['Su']);
    await post(`/tickets/${c.ticketId}/serve`, { lineIds: c.lineIds });
    expect((await post(`/tickets/${c.ticketId}/serve/undo`, { lineIds: c.lineIds }, cook)).statusCode).toBe(403);
    const other = await kitchenFixture(ctx);
    const stranger = await other.session('waiter');
    expect((await post(`/tickets/${c.ticketId}/serve/undo`, { lineIds: c.lineIds }, stranger, other.restaurant.id)).statusCode).toBe(404);
    await ctx.database.db.update(tickets).set({ status: 'closed' }).where(eq(tickets.id, c.ticketId));
    const closed = await post(`/tickets/${c.ticketId}/serve/undo`, { lineIds: c.lineIds });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toEqual({ error: KITCHEN_MESSAGES.undoTicketClosed });
    expect(await statuses(c.lineIds)).toEqual(['served']);
  });
});
