import { sql } from 'drizzle-orm';
import { isUuid } from '../../../shared/ids';
import { kitchenBatches, ticketLines, tickets } from '../../db/schema';
import { HttpError } from '../../errors';
import type { CommandContext } from '../../lib/command';
import { fromJson, jsonArray, rowFromJson } from '../../lib/json-rows';
import { preparedSql } from '../../lib/prepared';
import { holdSentLines } from './courses';
import { checkBumpedTicket, type BumpedTicket } from './ticket-commands';
import { contentRows, presentTicketRows, ticketContents } from './ticket-read.service';
import { TICKET_MESSAGES } from './ticket-messages';

/**
 * Mutfağa Gönder: the ticket's pending lines become one kitchen batch, each line shown at its own
 * station. Only pending lines go, so an addition never re-sends what the kitchen already has. The
 * route carries an Idempotency-Key, so a retried or double-tapped send makes the batch once.
 * Lines of `holdCourses` go too, held: the kitchen sees them and cooks them when the course is fired.
 */
export async function sendToKitchen(c: CommandContext, ticketId: string, version: number, holdCourses: readonly string[] = []) {
  return (await send(c, ticketId, version, holdCourses)).batch;
}

/**
 * sendToKitchen for the waiter's button, which shows the ticket after the send: answers the batch
 * and the ticket as the send leaves it, built from the rows the command read and changed instead
 * of a read after the commit.
 */
export async function sendToKitchenAnswering(c: CommandContext, ticketId: string, version: number, holdCourses: readonly string[] = []) {
  const { batch, heldIds, bumped, contents } = await send(c, ticketId, version, holdCourses);
  const sentIds = new Set(batch.lineIds);
  const { lines, payments } = contentRows(contents);
  const moved = lines.map((line) => (sentIds.has(line.id) ? { ...line, status: 'sent', batchId: batch.id, isHeld: heldIds.has(line.id) } : line));
  return { batch, ticket: await presentTicketRows(c.tx, bumped, contents.waiterName, moved, payments) };
}

/** The send's one statement and its checks: the batch, and the ticket's rows as the statement read them. */
async function send(c: CommandContext, ticketId: string, version: number, holdCourses: readonly string[]) {
  if (!isUuid(ticketId)) throw new HttpError(404, TICKET_MESSAGES.ticketNotFound);
  const [row] = await lockTicketAndMovePendingLines(c.tx, { ticketId, restaurantId: c.restaurantId, sentBy: c.actor.userId });
  // the ticket's own refusals (missing, closed, a stale screen) come before "nothing to send"
  const { ticket, bumped, contents } = checkBumpedTicket(c, row.ticket === null ? undefined : bumpedTicketFromJson(row.ticket), version);
  return { ...(await sendPendingLines(c, ticket, holdCourses, jsonArray(row.moved) as MovedLine[])), bumped, contents };
}

type MovedLine = { id: string; sortOrder: number; batchId: string };

/**
 * Mutfağa Gönder in one statement: the ticket's version raised (its row locked, this restaurant's
 * only) and read with what the answer shows, a batch numbered after the ticket's earlier ones, and
 * the pending lines moved into it (their reference to the new batch is checked at the statement's
 * end). Every part reads the same snapshot, so the contents are the ticket as it was before the
 * send. A refusal found afterwards (closed, a stale version, nothing pending) throws, and the
 * transaction rolls all of it back.
 */
const lockTicketAndMovePendingLines = preparedSql<{ ticket: unknown; moved: unknown }>(
  'lock_ticket_move_pending_lines',
  (contents = ticketContents()) => sql`
    with ticket as (
      update ${tickets} set version = ${tickets.version} + 1
      where ${tickets.id} = ${sql.placeholder('ticketId')} and ${tickets.restaurantId} = ${sql.placeholder('restaurantId')}
      returning ${tickets}.*, ${contents.waiterName} as "waiterName",
        ${contents.lines} as "lines", ${contents.payments} as "payments"
    ),
    batch as (
      insert into ${kitchenBatches} (restaurant_id, ticket_id, sequence, sent_by)
      select ticket.restaurant_id, ticket.id, (select count(*) + 1 from ${kitchenBatches} b where b.ticket_id = ticket.id), ${sql.placeholder('sentBy')}::uuid
      from ticket
      returning id
    ),
    moved as (
      update ${ticketLines} set status = 'sent', batch_id = (select id from batch)
      where ticket_id = (select id from ticket) and status = 'pending'
      returning id, sort_order as "sortOrder", batch_id as "batchId"
    )
    select (select to_json(ticket) from ticket) as ticket, (select coalesce(json_agg(moved), '[]'::json) from moved) as moved`,
);

/** The ticket's JSON as the row the bump answers: its columns decoded, the rest as they came. */
function bumpedTicketFromJson(value: unknown): BumpedTicket {
  const json = fromJson<Record<string, unknown>>(value);
  const { waiterName, lines, payments } = json;
  return { ...rowFromJson(tickets, json), waiterName: waiterName as string | null, lines, payments };
}

/** The lines the statement moved into the new batch: held per `holdCourses`, audited. */
async function sendPendingLines(c: CommandContext, ticket: { id: string }, holdCourses: readonly string[], sent: MovedLine[]) {
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
