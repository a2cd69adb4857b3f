import { eq } from 'drizzle-orm';
import type { Ticket } from '../../../shared/ticket-contract';
import { FLOOR_LIMITS, type FloorResponse, type LayoutSection, type LayoutTable } from '../../../shared/floor-contract';
import { auditEvents, diningTables } from '../../db/schema';
import { createTestApp, staffedRestaurant, type TestContext } from '../../test-support/test-app';
import { TABLE_MESSAGES } from './table-messages';

let ctx: TestContext;
let r: Awaited<ReturnType<typeof staffedRestaurant>>;

beforeAll(async () => {
  ctx = await createTestApp();
  r = await staffedRestaurant(ctx);
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, who = r.owner) =>
  ctx.app.inject({ method, url: `/api/restaurants/${r.id}${url}`, cookies: who.cookies, ...(payload ? { payload } : {}) });
const floor = async () => (await call('GET', '/floor')).json() as FloorResponse;
let n = 0;
const newSection = async (name = `Teras ${++n}`) => (await call('POST', '/sections', { name })).json() as LayoutSection;
const newTable = async (sectionId: string, extra: object = {}) => {
  const res = await call('POST', '/tables', { sectionId, name: `M${++n}`, ...extra });
  expect(res.statusCode).toBe(201);
  return res.json() as LayoutTable;
};

describe('sections', () => {
  it('adds, renames and reorders sections; the floor shows them in that order', async () => {
    const a = await newSection('Salon');
    const b = await newSection('Bahçe');
    expect((await call('PATCH', `/sections/${b.id}`, { version: b.version, name: 'Bahçe Katı' })).json()).toMatchObject({ name: 'Bahçe Katı', version: 2 });
    const ids = (await floor()).sections.map((s) => s.id);
    const reordered = [b.id, ...ids.filter((id) => id !== b.id)];
    expect((await call('POST', '/sections/reorder', { ids: reordered })).statusCode).toBe(200);
    expect((await floor()).sections.map((s) => s.id)).toEqual(reordered);
    expect((await floor()).sections.find((s) => s.id === a.id)!.name).toBe('Salon');
  });

  it('refuses a duplicate name (any case), a stale rename and a reorder that misses a section', async () => {
    const s = await newSection('Teras Üst');
    expect((await call('POST', '/sections', { name: 'teras üst' })).json().error).toBe(TABLE_MESSAGES.sectionNameTaken('teras üst'));
    await call('PATCH', `/sections/${s.id}`, { version: 1, name: 'Teras A' });
    expect((await call('PATCH', `/sections/${s.id}`, { version: 1, name: 'Teras B' })).statusCode).toBe(409);
    expect((await call('POST', '/sections/reorder', { ids: [s.id] })).json().error).toBe(TABLE_MESSAGES.reorderMismatch);
  });

  it('deletes a section with its tables, but not while one of them has an open ticket', async () => {
    const s = await newSection();
    const t = await newTable(s.id);
    const open = await call('POST', '/tickets', { type: 'table', tableId: t.id }, r.waiter);
    expect(open.statusCode).toBe(201);
    const refused = await call('DELETE', `/sections/${s.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(TABLE_MESSAGES.sectionHasOpenTickets);
    expect((await floor()).sections.some((x) => x.id === s.id)).toBe(true);

    const empty = await newSection();
    await newTable(empty.id);
    expect((await call('DELETE', `/sections/${empty.id}`)).statusCode).toBe(204);
    expect((await floor()).sections.some((x) => x.id === empty.id)).toBe(false);
  });

  it('is the owner’s: a waiter may not change the layout', async () => {
    expect((await call('POST', '/sections', { name: 'Waiter Bölümü' }, r.waiter)).statusCode).toBe(403);
  });
});

describe('tables on the plan', () => {
  it('places a table with shape, size and rotation, moves it, and the floor draws what was saved', async () => {
    const s = await newSection();
    const t = await newTable(s.id, { shape: 'round', seats: 2, x: 100, y: 60, width: 80, height: 80, rotation: 45 });
    const moved = (await call('PATCH', `/tables/${t.id}`, { version: t.version, x: 400, y: 220 })).json() as LayoutTable;
    expect(moved).toMatchObject({ x: 400, y: 220, shape: 'round', rotation: 45, version: 2 });
    expect((await floor()).sections.find((x) => x.id === s.id)!.tables[0]).toMatchObject({ id: t.id, x: 400, y: 220, shape: 'round', state: 'free', ticketId: null });
  });

  it('keeps a table inside the plan and refuses sizes and shapes outside the limits', async () => {
    const s = await newSection();
    const t = await newTable(s.id, { x: 990, y: 590, width: 100, height: 100 });
    expect(t).toMatchObject({ x: 900, y: 500 });
    expect((await call('POST', '/tables', { sectionId: s.id, name: 'Dev', width: 5000 })).statusCode).toBe(400);
    expect((await call('POST', '/tables', { sectionId: s.id, name: 'Üçgen', shape: 'triangle' })).statusCode).toBe(400);
    expect((await call('POST', '/tables', { sectionId: s.id, name: '' })).json().fields.name).toBe('Masa adı boş olamaz');
    expect((await call('POST', '/tables', { sectionId: s.id, name: 'Masa\u0000 1' })).statusCode).toBe(400);
    expect((await call('POST', '/tables', { sectionId: s.id, name: 'Eksi', x: -1, y: 601 })).json().fields).toEqual({ x: 'Konum negatif olamaz', y: 'Konum en fazla 600 olabilir' });
  });

  it('duplicates a table with the next free name beside it', async () => {
    const s = await newSection();
    const t = (await call('POST', '/tables', { sectionId: s.id, name: 'Köşe 7', x: 0 })).json() as LayoutTable;
    const copy = (await call('POST', `/tables/${t.id}/duplicate`)).json() as LayoutTable;
    expect(copy).toMatchObject({ name: 'Köşe 8', sectionId: s.id, shape: t.shape, seats: t.seats });
    expect(copy.x).toBeGreaterThan(t.x);
  });

  it('renaming a table renames its open ticket for the kitchen; a table with an open ticket cannot be deleted', async () => {
    const s = await newSection();
    const t = await newTable(s.id);
    const ticket = (await call('POST', '/tickets', { type: 'table', tableId: t.id }, r.waiter)).json() as Ticket;
    await call('PATCH', `/tables/${t.id}`, { version: t.version, name: 'Pencere' });
    expect(((await call('GET', `/tickets/${ticket.id}`)).json() as Ticket).tableName).toBe('Pencere');
    const refused = await call('DELETE', `/tables/${t.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(TABLE_MESSAGES.tableHasOpenTicket);
  });

  it('audits layout changes with before and after', async () => {
    const s = await newSection();
    const t = await newTable(s.id);
    await call('PATCH', `/tables/${t.id}`, { version: 1, seats: 8 });
    const rows = await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.entityId, t.id));
    const update = rows.find((a) => a.action === 'layout.table.update')!;
    expect(update.before).toMatchObject({ seats: 4 });
    expect(update.after).toMatchObject({ seats: 8 });
  });

  it("takes names per restaurant: another restaurant's section or table of the same name never blocks ours", async () => {
    const other = await staffedRestaurant(ctx);
    const theirs = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url: `/api/restaurants/${other.id}${url}`, cookies: other.owner.cookies, payload });
    const theirSection = (await theirs('/sections', { name: 'Kış Bahçesi' })).json() as LayoutSection;
    expect((await theirs('/tables', { sectionId: theirSection.id, name: 'KB-1' })).statusCode).toBe(201);
    const ours = await call('POST', '/sections', { name: 'kış bahçesi' });
    expect(ours.statusCode).toBe(201);
    const ourTable = await call('POST', '/tables', { sectionId: (ours.json() as LayoutSection).id, name: 'kb-1' });
    expect(ourTable.statusCode).toBe(201);
    // and a rename into their name is ours to make too
    const other2 = await newSection();
    expect((await call('PATCH', `/sections/${other2.id}`, { version: other2.version, name: 'Kış Bahçesi 2' })).statusCode).toBe(200);
    expect((await theirs('/sections', { name: 'KIŞ BAHÇESİ 2' })).statusCode).toBe(201);
  });

  it("answers 404 for another restaurant's section or table", async () => {
    const other = await staffedRestaurant(ctx);
    const foreign = (await ctx.app.inject({ method: 'POST', url: `/api/restaurants/${other.id}/sections`, cookies: other.owner.cookies, payload: { name: 'Yabancı' } })).json() as LayoutSection;
    expect((await call('POST', '/tables', { sectionId: foreign.id, name: 'Sızma' })).statusCode).toBe(404);
    expect((await call('PATCH', `/sections/${foreign.id}`, { version: 1, name: 'Ele Geçir' })).statusCode).toBe(404);
  });

  it('moves a table into another section until that section holds 200 tables, then refuses moving or adding one more', async () => {
    const from = await newSection();
    const full = await newSection();
    const [first, second] = [await newTable(from.id), await newTable(from.id)];
    await ctx.database.db
      .insert(diningTables)
      .values(Array.from({ length: FLOOR_LIMITS.tablesPerSection - 1 }, (_, i) => ({ restaurantId: r.id, sectionId: full.id, name: `D${n}-${i}` })));
    const moved = await call('PATCH', `/tables/${first.id}`, { version: first.version, sectionId: full.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ id: first.id, sectionId: full.id });
    const refused = await call('PATCH', `/tables/${second.id}`, { version: second.version, sectionId: full.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: TABLE_MESSAGES.tooManyTables });
    const added = await call('POST', '/tables', { sectionId: full.id, name: `Fazla ${n}` });
    expect([added.statusCode, added.json().error]).toEqual([409, TABLE_MESSAGES.tooManyTables]);
    // a change that keeps the table in its full section is not a move
    const kept = await call('PATCH', `/tables/${first.id}`, { version: moved.json().version, sectionId: full.id, seats: 6 });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await floor()).sections.find((x) => x.id === from.id)!.tables.map((t) => t.id)).toEqual([second.id]);
  });

  it('answers 404 to moving a table into an empty or malformed section id, and changes nothing', async () => {
    const s = await newSection();
    const t = await newTable(s.id);
    for (const sectionId of ['', 'bahce', '00000000-0000-4000-8000-000000000000']) {
      const res = await call('PATCH', `/tables/${t.id}`, { version: t.version, sectionId, x: 200 });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: TABLE_MESSAGES.sectionNotFound });
    }
    expect((await floor()).sections.find((x) => x.id === s.id)!.tables).toMatchObject([{ id: t.id, x: t.x, version: t.version }]);
  });
});
