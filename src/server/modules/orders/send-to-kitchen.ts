import { and, eq, sql } from 'drizzle-orm';
import { kitchenBatches, ticketLines } from '../../db/schema';
import { HttpError } from '../../errors';
import type { CommandContext } from '../../lib/command';
import { lockOpenTicket, touchTicket } from './ticket-commands';
import { TICKET_MESSAGES } from './ticket-messages';

/**
 * Mutfağa Gönder: the ticket's pending lines become one kitchen batch, each line shown at its own
 * station. Only pending lines go, so an addition never re-sends what the kitchen already has. The
 * route carries an Idempotency-Key, so a retried or double-tapped send makes the batch once.
 */
export async function sendToKitchen(c: CommandContext, ticketId: string, version: number) {
  const ticket = await lockOpenTicket(c, ticketId, version);
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
  await touchTicket(c, ticket.id);
  const lineIds = sent.sort((a, b) => a.sortOrder - b.sortOrder).map((l) => l.id);
  await c.audit({ action: 'ticket.send', entity: 'ticket', entityId: ticket.id, after: { batchId: batch.id, lineIds } });
  c.emit('kitchen', ticket.id);
  return { id: batch.id, lineIds };
}
