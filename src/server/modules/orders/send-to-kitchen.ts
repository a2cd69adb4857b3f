import { and, eq, sql } from 'drizzle-orm';
import { kitchenBatches, ticketLines } from '../../db/schema';
import { HttpError } from '../../errors';
import type { CommandContext } from '../../lib/command';
import { holdSentLines } from './courses';
import { lockOpenTicketForChange } from './ticket-commands';
import { TICKET_MESSAGES } from './ticket-messages';

/**
 * Mutfağa Gönder: the ticket's pending lines become one kitchen batch, each line shown at its own
 * station. Only pending lines go, so an addition never re-sends what the kitchen already has. The
 * route carries an Idempotency-Key, so a retried or double-tapped send makes the batch once.
 * Lines of `holdCourses` go too, held: the kitchen sees them and cooks them when the course is fired.
 */
export async function sendToKitchen(c: CommandContext, ticketId: string, version: number, holdCourses: readonly string[] = []) {
  const ticket = await lockOpenTicketForChange(c, ticketId, version);
  // the batch first, numbered after the ticket's earlier ones; with nothing pending it rolls back
  const [batch] = await c.tx
    .insert(kitchenBatches)
    .values({
      restaurantId: c.restaurantId,
      ticketId: ticket.id,
      sequence: sql`(select count(*) + 1 from ${kitchenBatches} where ${kitchenBatches.ticketId} = ${ticket.id})`,
      sentBy: c.actor.userId,
    })
    .returning({ id: kitchenBatches.id });
  const sent = await c.tx
    .update(ticketLines)
    .set({ status: 'sent', batchId: batch.id })
    .where(and(eq(ticketLines.ticketId, ticket.id), eq(ticketLines.status, 'pending')))
    .returning({ id: ticketLines.id, sortOrder: ticketLines.sortOrder });
  if (sent.length === 0) throw new HttpError(409, TICKET_MESSAGES.nothingToSend);
  const lineIds = sent.sort((a, b) => a.sortOrder - b.sortOrder).map((l) => l.id);
  const heldIds = new Set(await holdSentLines(c, lineIds, holdCourses));
  const heldLineIds = lineIds.filter((id) => heldIds.has(id));
  await c.audit({
    action: 'ticket.send',
    entity: 'ticket',
    entityId: ticket.id,
    after: { batchId: batch.id, lineIds, ...(heldLineIds.length > 0 ? { heldLineIds } : {}) },
  });
  c.emit('kitchen', ticket.id);
  return { id: batch.id, lineIds };
}
