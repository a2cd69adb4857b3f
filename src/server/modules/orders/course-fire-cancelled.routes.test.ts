import { and, eq } from 'drizzle-orm';
import type { FireCourseResponse, Ticket } from '../../../shared/ticket-contract';
import { auditEvents } from '../../db/schema';
import type { TestContext } from '../../test-support/test-app';
import { COURSE_MESSAGES } from './course-names';
import { ordersFixture, ordersTestApp } from './orders-test-kit';

/*
 * "Ana yemek başlat" releases the course's held lines to the kitchen (courses.ts). A held line that
 * was cancelled (İptal) meanwhile is not cooked: it is never fired, and when every held line of the
 * course was cancelled there is nothing to fire — 409, nothing written, no firing audited.
 */
let ctx: TestContext;
let f: Awaited<ReturnType<typeof ordersFixture>>;
beforeAll(async () => {
  ({ ctx, f } = await ordersTestApp());
});
afterAll(() => ctx.close());

let tableNo = 0;
async function heldMains(mains: number) {
  const table = await f.api(f.restaurant.owner).call('POST', '/tables', { sectionId: f.floor.sections[0].id, name: `Kurs ${++tableNo}` });
  expect(table.statusCode).toBe(201);
  const lines = [{ menuItemId: f.ezogelin.id, quantity: 1 }, ...Array.from({ length: mains }, (_, i) => ({ menuItemId: f.ezogelin.id, quantity: 1, note: `ana ${i + 1}`, course: 'Ana yemek' }))];
  const t = await f.ticketWith((table.json() as { id: string }).id, lines);
  const sent = await f.api().call('POST', `/tickets/${t.id}/send`, { version: t.version, holdCourses: ['Ana yemek'] });
  expect(sent.statusCode, sent.body).toBe(200);
  return (sent.json() as { ticket: Ticket }).ticket;
}
const owner = () => f.api(f.restaurant.owner);
const cancel = async (t: Ticket, lineId: string) => {
  const res = await owner().call('POST', `/tickets/${t.id}/lines/${lineId}/cancel`, { version: t.version, reason: 'Müşteri vazgeçti' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Ticket;
};
const fire = (t: Pick<Ticket, 'id' | 'version'>) => f.api().call('POST', `/tickets/${t.id}/courses/fire`, { version: t.version, course: 'Ana yemek' });
const firings = (ticketId: string) => ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'ticket.course.fire'), eq(auditEvents.entityId, ticketId)));

describe('firing a course', () => {
  it('whose held lines were all cancelled answers 409 in Turkish and writes nothing', async () => {
    let t = await heldMains(2);
    const mains = t.lines.filter((l) => l.course === 'Ana yemek');
    expect(mains.every((l) => l.isHeld)).toBe(true);
    for (const line of mains) t = await cancel(t, line.id);
    expect(t.lines.filter((l) => l.course === 'Ana yemek').every((l) => l.status === 'cancelled')).toBe(true);

    const res = await fire(t);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: COURSE_MESSAGES.nothingHeld('Ana yemek') });
    expect((await owner().ticket(t.id)).version).toBe(t.version);
    expect(await firings(t.id)).toHaveLength(0);
  });

  it('with one of its held lines cancelled fires only the other', async () => {
    let t = await heldMains(2);
    const [gone, kept] = t.lines.filter((l) => l.course === 'Ana yemek');
    t = await cancel(t, gone.id);
    const res = await fire(t);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as FireCourseResponse).lineIds).toEqual([kept.id]);
  });
});
