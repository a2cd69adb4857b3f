import { sql } from 'drizzle-orm';
import { kitchenBatches, ticketLines } from '../../db/schema';
import { HttpError } from '../../errors';
import type { CommandContext } from '../../lib/command';
import { preparedSql } from '../../lib/prepared';
import { holdSentLines } from './courses';
import { lockOpenTicketForChange, lockOpenTicketWithContents } from './ticket-commands';
import { contentRows, presentTicketRows } from './ticket-read.service';
import { TICKET_MESSAGES } from './ticket-messages';

/**
 * Mutfağa Gönder: the ticket's pending lines become one kitchen batch, each line shown at its own
 * station. Only pending lines go, so an addition never re-sends what the kitchen already has. The
 * route carries an Idempotency-Key, so a retried or double-tapped send makes the batch once.
 * Lines of `holdCourses` go too, held: the kitchen sees them and cooks them when the course is fired.
 */
export async function sendToKitchen(c: CommandContext, ticketId: string, version: number, holdCourses: readonly string[] = []) {
  const ticket = await lockOpenTicketForChange(c, ticketId, version);
  return (await sendPendingLines(c, ticket, holdCourses)).batch;
}

/**
 * sendToKitchen for the waiter's button, which shows the ticket after the send: answers the batch
 * and the ticket as the send leaves it, built from the rows the command read and changed instead
 * of a read after the commit (one round trip less on the hot path).
 */
export async function sendToKitchenAnswering(c: CommandContext, ticketId: string, version: number, holdCourses: readonly string[] = []) {
  const { ticket, bumped, contents } = await lockOpenTicketWithContents(c, ticketId, version);
  const { batch, heldIds } = await sendPendingLines(c, ticket, holdCourses);
  const sentIds = new Set(batch.lineIds);
  const { lines, payments } = contentRows(contents);
  const moved = lines.map((line) => (sentIds.has(line.id) ? { ...line, status: 'sent', batchId: batch.id, isHeld: heldIds.has(line.id) } : line));
  return { batch, ticket: await presentTicketRows(c.tx, bumped, contents.waiterName, moved, payments) };
}

/**
 * One statement: the batch, numbered after the ticket's earlier ones, and the pending lines moved
 * into it (the lines' reference to the new batch is checked at the statement's end). With nothing
 * pending the command is refused and the batch rolls back.
 */
const movePendingLinesIntoBatch = preparedSql<{ id: string; sortOrder: number; batchId: string }>(
  'move_pending_lines_into_batch',
  sql`
    with batch as (
      insert into ${kitchenBatches} (restaurant_id, ticket_id, sequence, sent_by)
      values (${sql.placeholder('restaurantId')}, ${sql.placeholder('ticketId')},
        (select count(*) + 1 from ${kitchenBatches} where ticket_id = ${sql.placeholder('ticketId')}), ${sql.placeholder('sentBy')})
      returning id
    )
    update ${ticketLines} set status = 'sent', batch_id = (select id from batch)
    where ticket_id = ${sql.placeholder('ticketId')} and status = 'pending'
    returning id, sort_order as "sortOrder", batch_id as "batchId"`,
);

/** The locked ticket's pending lines into a new batch (held per `holdCourses`), audited. */
async function sendPendingLines(c: CommandContext, ticket: { id: string }, holdCourses: readonly string[]) {
  const sent = await movePendingLinesIntoBatch(c.tx, { restaurantId: c.restaurantId, ticketId: ticket.id, sentBy: c.actor.userId });
  if (sent.length === 0) throw new HttpError(409, TICKET_MESSAGES.nothingToSend);
  const batch = { id: sent[0].batchId };
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
  return { batch: { id: batch.id, lineIds }, heldIds };
}
