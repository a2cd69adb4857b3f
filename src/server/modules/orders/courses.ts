import { and, eq, inArray } from 'drizzle-orm';
import { sameCourse } from '../../../shared/restaurant-settings';
import { ticketLines } from '../../db/schema';
import { HttpError } from '../../errors';
import type { CommandContext } from '../../lib/command';
import { COURSE_MESSAGES, knownCourse, knownCourses } from './course-names';
import { lockOpenTicket, touchTicket } from './ticket-commands';

/*
 * Servis sırası ("hold and fire", as SambaPOS and Toast do it): a line names one of the
 * restaurant's courses; Mutfağa Gönder may hold some courses, which reach the kitchen screen as
 * "Bekliyor" but are not cooked; "Ana yemek başlat" fires them. The course list is Ayarlar's.
 */
/**
 * Marks the just-sent lines of the held courses as held. Holding a course that none of the sent
 * lines has changes nothing (the waiter's "beklet" switch may stay on for a later send), but an
 * unknown course is a mistake and refused.
 */
export async function holdSentLines(c: CommandContext, lineIds: readonly string[], holdCourses: readonly string[]): Promise<string[]> {
  if (holdCourses.length === 0 || lineIds.length === 0) return [];
  const names = await knownCourses(c, holdCourses);
  const held = await c.tx
    .update(ticketLines)
    .set({ isHeld: true })
    .where(and(inArray(ticketLines.id, [...lineIds]), inArray(ticketLines.course, names)))
    .returning({ id: ticketLines.id });
  return held.map((l) => l.id);
}

/**
 * "Ana yemek başlat": every held line of the course on this ticket is released to the kitchen.
 * Carries the ticket's version like every ticket write; firing a course with nothing held is a
 * 409 (someone fired it already), and a retry with the same Idempotency-Key gets the first answer.
 */
export async function fireCourse(c: CommandContext, ticketId: string, req: { version: number; course: string }) {
  const ticket = await lockOpenTicket(c, ticketId, req.version);
  const heldLines = await c.tx
    .select({ id: ticketLines.id, course: ticketLines.course, status: ticketLines.status })
    .from(ticketLines)
    .where(and(eq(ticketLines.ticketId, ticket.id), eq(ticketLines.isHeld, true)))
    .for('update');
  // A course renamed in Ayarlar after its lines were held can still be fired by the name they carry.
  const lines = heldLines.filter((l) => l.course !== null && sameCourse(l.course, req.course) && l.status !== 'cancelled');
  if (lines.length === 0) {
    await knownCourse(c, req.course);
    throw new HttpError(409, COURSE_MESSAGES.nothingHeld(req.course));
  }
  const course = lines[0].course!;
  const lineIds = lines.map((l) => l.id);
  await c.tx.update(ticketLines).set({ isHeld: false, firedAt: new Date() }).where(inArray(ticketLines.id, lineIds));
  await touchTicket(c, ticket.id);
  await c.audit({ action: 'ticket.course.fire', entity: 'ticket', entityId: ticket.id, after: { course, lineIds } });
  c.emit('kitchen.course-fired', ticket.id);
  return { course, lineIds };
}
