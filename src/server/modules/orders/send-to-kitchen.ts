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
  const pending = await c.tx
    .select({ id: ticketLines.id })
    .from(ticketLines)
    .where(and(eq(ticketLines.ticketId, ticket.id), eq(ticketLines.status, 'pending')))
    .orderBy(ticketLines.sortOrder)
    .for('update');
  if (pending.length === 0) throw new HttpError(409, TICKET_MESSAGES.nothingToSend);

  const [{ sequence }] = await c.tx
    .select({ sequence: sql<number>`(count(*) + 1)::int` })
    .from(kitchenBatches)
    .where(eq(kitchenBatches.ticketId, ticket.id));
  const [batch] = await c.tx
    .insert(kitchenBatches)
    .values({ restaurantId: c.restaurantId, ticketId: ticket.id, sequence: Number(sequence), sentBy: c.actor.userId })
    .returning({ id: kitchenBatches.id });
  await c.tx
    .update(ticketLines)
    .set({ status: 'sent', batchId: batch.id })
    .where(and(eq(ticketLines.ticketId, ticket.id), eq(ticketLines.status, 'pending')));
  await touchTicket(c, ticket.id);
  const lineIds = pending.map((l) => l.id);
  await c.audit({ action: 'ticket.send', entity: 'ticket', entityId: ticket.id, after: { batchId: batch.id, lineIds } });
  c.emit('kitchen', ticket.id);
  return { id: batch.id, lineIds };
}
