import { and, eq } from 'drizzle-orm';
import type { KitchenOrder } from '../../../shared/kitchen-contract';
import { DEFAULT_COURSES, defaultRestaurantSettings } from '../../../shared/restaurant-settings';
import type { FireCourseResponse, Ticket } from '../../../shared/ticket-contract';
import { auditEvents, settings, ticketLines } from '../../db/schema';
import { collectEvents, staffedRestaurant, type TestContext } from '../../test-support/test-app';
import type { LiveEvent } from '../events/event-hub';
import { KITCHEN_MESSAGES } from '../kitchen/kitchen-messages';
import { COURSE_MESSAGES } from './course-names';
import { ordersFixture, ordersTestApp } from './orders-test-kit';

let ctx: TestContext;
let f: Awaited<ReturnType<typeof ordersFixture>>;
let events: LiveEvent[];

beforeAll(async () => {
  ({ ctx, f } = await ordersTestApp());
  events = collectEvents(ctx, f.restaurant.id);
});
afterAll(() => ctx.close());

let tableIndex = 0;
async function freeTable() {
  const res = await f.api(f.restaurant.owner).call('POST', '/tables', { sectionId: f.floor.sections[0].id, name: `Servis ${++tableIndex}` });
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: string }).id;
}

/** A table with a starter (no course) and a main (Ana yemek), not sent yet. */
async function starterAndMain() {
  return f.ticketWith(await freeTable(), [
    { menuItemId: f.ezogelin.id, quantity: 1 },
    { menuItemId: f.ezogelin.id, quantity: 2, note: 'ana', course: 'Ana yemek' },
  ]);
}
const sendHolding = (t: Pick<Ticket, 'id' | 'version'>, holdCourses: string[], key?: string) =>
  f.api().call('POST', `/tickets/${t.id}/send`, { version: t.version, holdCourses }, key ? { 'idempotency-key': key } : {});
const fire = (t: Pick<Ticket, 'id' | 'version'>, course: string, key?: string, who = f.restaurant.waiter) =>
  f.api(who).call('POST', `/tickets/${t.id}/courses/fire`, { version: t.version, course }, key ? { 'idempotency-key': key } : {});
const kitchenCards = async (ticketId: string) =>
  ((await f.api(f.restaurant.kitchen).call('GET', '/kitchen/orders?scope=active')).json() as KitchenOrder[]).filter((c) => c.ticketId === ticketId);

describe('courses (servis sırası): hold and fire', () => {
  it('starts a restaurant with Ara sıcak, Ana yemek and Tatlı', async () => {
    const res = await f.api().call('GET', '/settings/general');
    expect(res.statusCode).toBe(200);
    expect(res.json().courses).toEqual(['Ara sıcak', 'Ana yemek', 'Tatlı']);
    expect(defaultRestaurantSettings('x').courses).toEqual(['Ara sıcak', 'Ana yemek', 'Tatlı']);
  });

  it('keeps a line\'s course as Ayarlar spells it, and changes it while the line is pending', async () => {
    const t = await f.ticketWith(await freeTable(), [{ menuItemId: f.ezogelin.id, quantity: 1, course: 'ana YEMEK' }]);
    expect(t.lines[0]).toMatchObject({ course: 'Ana yemek', isHeld: false, firedAt: null });
    const changed = await f.api().call('PATCH', `/tickets/${t.id}/lines/${t.lines[0].id}`, { version: t.version, course: 'Tatlı' });
    expect(changed.statusCode).toBe(200);
    const after = changed.json() as Ticket;
    expect(after.lines[0].course).toBe('Tatlı');
    const cleared = (await f.api().call('PATCH', `/tickets/${t.id}/lines/${t.lines[0].id}`, { version: after.version, course: null })).json() as Ticket;
    expect(cleared.lines[0].course).toBeNull();
  });

  it('refuses a course the restaurant does not have, in Turkish (400), and writes nothing', async () => {
    const table = await freeTable();
    let t = (await f.api().open(table)).json() as Ticket;
    const bad = await f.api().add(t, [{ menuItemId: f.ezogelin.id, quantity: 1, course: 'Çorba turu' }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: COURSE_MESSAGES.unknownCourse('Çorba turu') });
    t = await f.api().ticket(t.id);
    expect(t.lines).toEqual([]);
    // schema-level refusals are Turkish too: empty, too long, a bidi override
    for (const course of ['', 'x'.repeat(41), 'Ana\u202Eyemek']) {
      const res = await f.api().add(t, [{ menuItemId: f.ezogelin.id, quantity: 1, course }]);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/Servis sırası/);
    }
    t = (await f.api().add(t, [{ menuItemId: f.ezogelin.id, quantity: 1, course: 'Ana yemek' }])).json() as Ticket;
    const holdUnknown = await sendHolding(t, ['Çorba turu']);
    expect(holdUnknown.statusCode).toBe(400);
    expect(holdUnknown.json()).toEqual({ error: COURSE_MESSAGES.unknownCourse('Çorba turu') });
    expect((await f.api().ticket(t.id)).lines[0].status).toBe('pending');
    const fireUnknown = await fire(t, 'Çorba turu');
    expect(fireUnknown.statusCode).toBe(400);
    expect(fireUnknown.json()).toEqual({ error: COURSE_MESSAGES.unknownCourse('Çorba turu') });
  });

  it('sends the held course to the kitchen as held: the cook sees it and cannot start it or bump it', async () => {
    const t = await starterAndMain();
    const res = await sendHolding(t, ['Ana yemek']);
    expect(res.statusCode).toBe(200);
    const sent = (res.json() as { ticket: Ticket }).ticket;
    expect(sent.lines.map((l) => [l.status, l.course, l.isHeld])).toEqual([
      ['sent', null, false],
      ['sent', 'Ana yemek', true],
    ]);
    const [card] = await kitchenCards(t.id);
    expect(card.lines.map((l) => [l.course, l.isHeld, l.firedAt])).toEqual([
      [null, false, null],
      ['Ana yemek', true, null],
    ]);
    const main = sent.lines[1];
    const step = await f.api(f.restaurant.kitchen).call('POST', `/kitchen/lines/${main.id}/status`, { status: 'preparing' });
    expect(step.statusCode).toBe(409);
    expect(step.json()).toEqual({ error: KITCHEN_MESSAGES.held });
    // Tümü Hazır makes the starter ready and leaves the held main waiting on the card
    const bump = await f.api(f.restaurant.kitchen).call('POST', `/kitchen/batches/${card.batchId}/bump`, {});
    expect(bump.json()).toMatchObject({ changed: 1 });
    const [after] = await kitchenCards(t.id);
    expect(after.lines.map((l) => [l.status, l.isHeld])).toEqual([
      ['ready', false],
      ['sent', true],
    ]);
    const [audit] = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'ticket.send'), eq(auditEvents.entityId, t.id)));
    expect(audit.after).toMatchObject({ heldLineIds: [main.id] });
  });

  it('fires a held course: the lines are no longer held, the firing is audited and every screen is told', async () => {
    const t = await starterAndMain();
    const sent = ((await sendHolding(t, ['Ana yemek'])).json() as { ticket: Ticket }).ticket;
    const main = sent.lines[1];
    events.length = 0;
    const res = await fire(sent, 'Ana yemek');
    expect(res.statusCode).toBe(200);
    const out = res.json() as FireCourseResponse;
    expect(out.course).toBe('Ana yemek');
    expect(out.lineIds).toEqual([main.id]);
    expect(out.ticket.version).toBe(sent.version + 1);
    const fired = out.ticket.lines.find((l) => l.id === main.id)!;
    expect(fired.isHeld).toBe(false);
    expect(Date.parse(fired.firedAt!)).not.toBeNaN();
    const [card] = await kitchenCards(t.id);
    expect(card.lines.find((l) => l.id === main.id)).toMatchObject({ isHeld: false, status: 'sent', course: 'Ana yemek' });
    expect(card.lines.find((l) => l.id === main.id)!.firedAt).toBe(fired.firedAt);
    expect(events.map((e) => [e.type, e.id])).toEqual(expect.arrayContaining([['kitchen.course-fired', t.id], ['tickets', t.id]]));
    const audit = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'ticket.course.fire'), eq(auditEvents.entityId, t.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ entity: 'ticket', actorUserId: f.restaurant.waiter.user.id, after: { course: 'Ana yemek', lineIds: [main.id] } });
    // now the cook may start it
    const step = await f.api(f.restaurant.kitchen).call('POST', `/kitchen/lines/${main.id}/status`, { status: 'preparing' });
    expect(step.statusCode).toBe(200);
  });

  it('answers a second fire with 409 in Turkish, and a retry with the same key with the first answer', async () => {
    const t = await starterAndMain();
    const sent = ((await sendHolding(t, ['Ana yemek'])).json() as { ticket: Ticket }).ticket;
    const first = await fire(sent, 'Ana yemek', 'fire-main-0001');
    expect(first.statusCode).toBe(200);
    const replay = await fire(sent, 'Ana yemek', 'fire-main-0001');
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replay']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const now = (first.json() as FireCourseResponse).ticket;
    const again = await fire(now, 'Ana yemek');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: COURSE_MESSAGES.nothingHeld('Ana yemek') });
    // the stale version of the first fire is a 409 too, never a second firing
    const stale = await fire(sent, 'Ana yemek');
    expect(stale.statusCode).toBe(409);
    const audit = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'ticket.course.fire'), eq(auditEvents.entityId, t.id)));
    expect(audit).toHaveLength(1);
  });

  it('sends a course that is not held as usual, and fires only the course named', async () => {
    const t = await f.ticketWith(await freeTable(), [
      { menuItemId: f.ezogelin.id, quantity: 1, course: 'Ara sıcak' },
      { menuItemId: f.ezogelin.id, quantity: 1, course: 'Ana yemek' },
      { menuItemId: f.ezogelin.id, quantity: 1, course: 'Tatlı' },
    ]);
    const sent = ((await sendHolding(t, ['Ana yemek', 'Tatlı'])).json() as { ticket: Ticket }).ticket;
    expect(sent.lines.map((l) => l.isHeld)).toEqual([false, true, true]);
    const out = (await fire(sent, 'ana yemek')).json() as FireCourseResponse;
    expect(out.ticket.lines.map((l) => l.isHeld)).toEqual([false, false, true]);
    // a plain send (no holdCourses) holds nothing
    const plain = await f.ticketWith(await freeTable(), [{ menuItemId: f.ezogelin.id, quantity: 1, course: 'Tatlı' }], { send: true });
    expect(plain.lines[0]).toMatchObject({ status: 'sent', isHeld: false });
  });

  it("answers 404 to a waiter of another restaurant, and 403 to the kitchen", async () => {
    const t = await starterAndMain();
    const sent = ((await sendHolding(t, ['Ana yemek'])).json() as { ticket: Ticket }).ticket;
    const other = await staffedRestaurant(ctx);
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: `/api/restaurants/${other.id}/tickets/${sent.id}/courses/fire`,
      cookies: other.waiter.cookies,
      payload: { version: sent.version, course: 'Ana yemek' },
    });
    expect(foreign.statusCode).toBe(404);
    const cook = await fire(sent, 'Ana yemek', undefined, f.restaurant.kitchen);
    expect(cook.statusCode).toBe(403);
    const [main] = await ctx.database.db.select().from(ticketLines).where(and(eq(ticketLines.ticketId, t.id), eq(ticketLines.isHeld, true)));
    expect(main.course).toBe('Ana yemek');
  });

  it('refuses a fire without a version or a course in Turkish (400)', async () => {
    const t = await starterAndMain();
    const noVersion = await f.api().call('POST', `/tickets/${t.id}/courses/fire`, { course: 'Ana yemek' });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().error).toMatch(/Sürüm/);
    const noCourse = await f.api().call('POST', `/tickets/${t.id}/courses/fire`, { version: t.version });
    expect(noCourse.statusCode).toBe(400);
    expect(noCourse.json().error).toMatch(/Servis sırası/);
  });
});

describe("Mutfağa Gönder's answer", () => {
  // The send answers with the ticket built from the rows its command read and changed, not read
  // again after the commit: it must be exactly what a read afterwards gives.
  it('is the ticket as read afterwards: held course, earlier batch, a payment by someone else, the waiter', async () => {
    let t = await starterAndMain();
    let res = await sendHolding(t, ['Ana yemek']);
    expect(res.statusCode).toBe(200);
    let sent = (res.json() as { ticket: Ticket }).ticket;
    expect(sent.lines.map((l) => [l.status, l.isHeld])).toEqual([['sent', false], ['sent', true]]);
    expect(sent).toEqual(await f.api().ticket(t.id));

    // the owner takes a part payment; the waiter adds two lines, changes one, and sends the addition
    const paid = await f.api(f.restaurant.owner).call('POST', `/tickets/${t.id}/payments`, { version: sent.version, method: 'cash', amount: 1000 });
    expect(paid.statusCode).toBe(200);
    t = (await f.api().add(paid.json() as Ticket, [{ menuItemId: f.ezogelin.id, quantity: 1, note: 'acısız' }, { menuItemId: f.ezogelin.id, quantity: 3, course: 'Tatlı' }])).json() as Ticket;
    const pending = t.lines.filter((l) => l.status === 'pending');
    const changed = await f.api().call('PATCH', `/tickets/${t.id}/lines/${pending[0].id}`, { version: t.version, quantity: 2 });
    expect(changed.statusCode).toBe(200);
    res = await sendHolding(changed.json() as Ticket, ['Tatlı'], 'gonder-yanit-0001');
    expect(res.statusCode).toBe(200);
    sent = (res.json() as { ticket: Ticket }).ticket;
    expect(sent.payments).toHaveLength(1);
    expect(sent.waiterName).not.toBeNull();
    expect(sent.lines.filter((l) => l.isHeld)).toHaveLength(2);
    const read = await f.api().ticket(t.id);
    expect(sent).toEqual(read);
    // the retry replays the same answer
    const replay = await sendHolding(changed.json() as Ticket, ['Tatlı'], 'gonder-yanit-0001');
    expect(replay.headers['idempotent-replay']).toBe('true');
    expect((replay.json() as { ticket: Ticket }).ticket).toEqual(read);
  });
});

describe('courses in Ayarlar', () => {
  const general = (rid: string, cookies: Record<string, string>, payload?: object) =>
    ctx.app.inject({ method: payload ? 'PUT' : 'GET', url: `/api/restaurants/${rid}/settings/general`, cookies, ...(payload ? { payload } : {}) });

  it('the owner edits the list; every screen reads the saved list', async () => {
    const r = await staffedRestaurant(ctx);
    const doc = (await general(r.id, r.owner.cookies)).json();
    const saved = await general(r.id, r.owner.cookies, { ...doc, courses: ['Meze', 'Ana yemek'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await general(r.id, r.waiter.cookies)).json().courses).toEqual(['Meze', 'Ana yemek']);
  });

  it('a document saved before courses existed reads with the defaults', async () => {
    const r = await staffedRestaurant(ctx);
    const { courses: _, ...old } = defaultRestaurantSettings(r.name);
    await ctx.database.db.insert(settings).values({ restaurantId: r.id, key: 'general', value: old, version: 1 });
    expect((await general(r.id, r.owner.cookies)).json().courses).toEqual([...DEFAULT_COURSES]);
  });

  it.each([
    ['the same course twice', ['Ana yemek', 'ana yemek'], 'courses', 'Aynı servis sırası iki kez yazılmış'],
    ['11 courses', Array.from({ length: 11 }, (_, i) => `Sıra ${i + 1}`), 'courses', 'En fazla 10 servis sırası olabilir'],
    ['a blank course', ['Ana yemek', ' '], 'courses.1', 'Servis sırası boş olamaz'],
  ])('refuses %s with a Turkish 400 on the field', async (_label, courses, field, message) => {
    const r = await staffedRestaurant(ctx);
    const doc = (await general(r.id, r.owner.cookies)).json();
    const res = await general(r.id, r.owner.cookies, { ...doc, courses });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ [field]: message });
  });
});
