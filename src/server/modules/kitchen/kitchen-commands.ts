import { and, eq, inArray, isNull } from 'drizzle-orm';
import { isUuid } from '../../../shared/ids';
import type { AcknowledgeRequest, KitchenSettableStatus, LineStatusResponse } from '../../../shared/kitchen-contract';
import { isForwardStep } from '../../../shared/kitchen-contract';
import type { LineStatus } from '../../../shared/ticket-contract';
import { kitchenAcks, kitchenBatches, ticketLines, tickets } from '../../db/schema';
import { HttpError } from '../../errors';
import { runCommand, type CommandActor, type CommandContext, type CommandDeps } from '../../lib/command';
import { KITCHEN_MESSAGES } from './kitchen-messages';
import { isOldEnoughToAlert, unacknowledgedFor } from './kitchen-read.service';
import { stepLines } from '../orders';

type LineRow = typeof ticketLines.$inferSelect;

/**
 * Kitchen progress changes line statuses only, never what was ordered: it does not bump the
 * ticket's version, so a waiter's edit never fails because the cook moved on (docs/decisions/0007-tickets-lines-and-batches.md).
 * Every change emits 'kitchen' with the ticket id: kitchen cards, the waiter's ready lines, the
 * ticket and the floor's "servise hazır" all refresh.
 */
function refuseStep(line: LineRow, to: LineStatus) {
  const from = line.status as LineStatus;
  if (from === 'pending') throw new HttpError(409, KITCHEN_MESSAGES.notSentYet);
  if (from === 'cancelled') throw new HttpError(409, KITCHEN_MESSAGES.cancelled);
  if (from === 'served') throw new HttpError(409, KITCHEN_MESSAGES.alreadyServed);
  // A held course (servis sırası) waits for the waiter's "başlat"; the cook sees it but does not start it.
  if (line.isHeld && from === 'sent') throw new HttpError(409, KITCHEN_MESSAGES.held);
  // The waiter serves what the kitchen made ready; nothing is served straight from the queue.
  if (to === 'served' && from !== 'ready') throw new HttpError(409, KITCHEN_MESSAGES.notReadyToServe);
  if (!isForwardStep(from, to)) throw new HttpError(409, KITCHEN_MESSAGES.noGoingBack);
}

async function moveLine(c: CommandContext, line: LineRow, to: KitchenSettableStatus | 'served', action: string): Promise<LineStatusResponse> {
  const present = { id: line.id, ticketId: line.ticketId, status: to };
  // The same step twice (two screens, a double tap) is already done: no error, nothing written.
  if (line.status === to) return present;
  refuseStep(line, to);
  await stepLines(c, [line.id], to);
  await c.audit({ action, entity: 'ticket_line', entityId: line.id, before: { status: line.status }, after: { status: to } });
  c.emit('kitchen', line.ticketId);
  return present;
}

/** Hazırlanıyor / Hazır from a kitchen screen (kitchen and owner). */
export function setLineStatus(deps: CommandDeps, actor: CommandActor, lineId: string, status: KitchenSettableStatus) {
  return runCommand(deps, actor, async (c) => {
    const line = await c.lockOwned(ticketLines, lineId, KITCHEN_MESSAGES.lineNotFound);
    return moveLine(c, line, status, `kitchen.line.${status}`);
  });
}

/** Servis Edildi from the waiter's screen (waiter and owner): only a ready line of that ticket. */
export function markServed(deps: CommandDeps, actor: CommandActor, ticketId: string, lineId: string) {
  return runCommand(deps, actor, async (c) => {
    await c.lockOwned(tickets, ticketId, KITCHEN_MESSAGES.ticketNotFound);
    const line = await c.lockOwned(ticketLines, lineId, KITCHEN_MESSAGES.lineNotFound);
    if (line.ticketId !== ticketId) throw new HttpError(404, KITCHEN_MESSAGES.lineNotFound);
    return moveLine(c, line, 'served', 'ticket.line.served');
  });
}

async function lockBatchLines(c: CommandContext, batchId: string, station: string | undefined) {
  await c.lockOwned(kitchenBatches, batchId, KITCHEN_MESSAGES.batchNotFound);
  return c.tx
    .select()
    .from(ticketLines)
    .where(and(eq(ticketLines.batchId, batchId), eq(ticketLines.restaurantId, c.restaurantId), station ? eq(ticketLines.station, station) : undefined))
    .for('update');
}

/** Tümü Hazır: every line of the card still to make becomes ready; the card leaves the screen. */
export function bumpBatch(deps: CommandDeps, actor: CommandActor, batchId: string, station?: string) {
  return runCommand(deps, actor, async (c) => {
    // held lines stay on the card, waiting for their course to be fired
    const lines = (await lockBatchLines(c, batchId, station)).filter((l) => (l.status === 'sent' && !l.isHeld) || l.status === 'preparing');
    if (lines.length === 0) throw new HttpError(409, KITCHEN_MESSAGES.nothingToBump);
    await stepLines(
      c,
      lines.map((l) => l.id),
      'ready',
    );
    await c.audit({ action: 'kitchen.batch.bump', entity: 'kitchen_batch', entityId: batchId, after: { station: station ?? null, lineIds: lines.map((l) => l.id) } });
    for (const ticketId of new Set(lines.map((l) => l.ticketId))) c.emit('kitchen', ticketId);
    return { batchId, changed: lines.length };
  });
}

/**
 * Geri Al: a bumped card comes back to the kitchen screen; its ready (not yet served) lines go
 * back to Hazırlanıyor. The one way a status goes back, and it is audited. Not on a closed bill
 * (a table's or a Gel-Al's alike), as a serve is not undone on one either (serve-commands.ts): a
 * settled bill's dishes were handed over with it, and Mutfak Geçmişi offers no Geri Al there.
 * A batch split over two tickets ("lines to another table") recalls the open one's lines.
 */
export function recallBatch(deps: CommandDeps, actor: CommandActor, batchId: string, station?: string) {
  return runCommand(deps, actor, async (c) => {
    const ready = (await lockBatchLines(c, batchId, station)).filter((l) => l.status === 'ready');
    if (ready.length === 0) throw new HttpError(409, KITCHEN_MESSAGES.nothingToRecall);
    const ticketIds = [...new Set(ready.map((l) => l.ticketId))];
    const open = await c.tx
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(inArray(tickets.id, ticketIds), eq(tickets.restaurantId, c.restaurantId), eq(tickets.status, 'open')));
    const openIds = new Set(open.map((t) => t.id));
    const lines = ready.filter((l) => openIds.has(l.ticketId));
    if (lines.length === 0) throw new HttpError(409, KITCHEN_MESSAGES.recallTicketClosed);
    await stepLines(
      c,
      lines.map((l) => l.id),
      'recalled',
    );
    await c.audit({ action: 'kitchen.batch.recall', entity: 'kitchen_batch', entityId: batchId, after: { station: station ?? null, lineIds: lines.map((l) => l.id) } });
    for (const ticketId of new Set(lines.map((l) => l.ticketId))) c.emit('kitchen', ticketId);
    return { batchId, changed: lines.length };
  });
}

/**
 * A kitchen screen received these batches (it rendered their cards). Idempotent: a batch already
 * received at this station changes nothing and tells no one.
 */
export function acknowledgeBatches(deps: CommandDeps, actor: CommandActor, input: AcknowledgeRequest) {
  return runCommand(deps, actor, async (c) => {
    const ids = [...new Set(input.batchIds)];
    if (!ids.every(isUuid)) throw new HttpError(404, KITCHEN_MESSAGES.unknownBatches);
    const owned = await c.tx
      .select({ id: kitchenBatches.id, couldAlert: isOldEnoughToAlert() })
      .from(kitchenBatches)
      .where(and(eq(kitchenBatches.restaurantId, c.restaurantId), inArray(kitchenBatches.id, ids)));
    if (owned.length !== ids.length) throw new HttpError(404, KITCHEN_MESSAGES.unknownBatches);
    const inserted = await c.tx
      .insert(kitchenAcks)
      .values(ids.map((batchId) => ({ restaurantId: c.restaurantId, batchId, station: input.station, acknowledgedBy: actor.userId })))
      .onConflictDoNothing()
      .returning({ batchId: kitchenAcks.batchId });
    if (inserted.length > 0) {
      await c.audit({ action: 'kitchen.batch.acknowledge', entity: 'kitchen_batch', entityId: null, after: { station: input.station, batchIds: inserted.map((r) => r.batchId) } });
      // An alert already shown on a waiter's screen goes away. A batch received in time (the
      // usual case: every new card on every kitchen screen) was on no alert, so no screen refetches.
      const received = new Set(inserted.map((r) => r.batchId));
      if (owned.some((b) => b.couldAlert && received.has(b.id))) c.emit('kitchen');
    }
    return { acknowledged: inserted.length };
  });
}

/**
 * Raises the "not received" alert once per batch: batches 30 s old that some station has not
 * received get their alert time, and their restaurant's screens are told. Run every few seconds
 * by the server; the conditional update under the restaurant lock keeps it once even with several
 * server instances.
 */
export async function raiseUnacknowledgedAlerts(deps: CommandDeps): Promise<number> {
  const due = await deps.db
    .selectDistinct({ restaurantId: kitchenBatches.restaurantId, batchId: kitchenBatches.id })
    .from(kitchenBatches)
    .innerJoin(ticketLines, eq(ticketLines.batchId, kitchenBatches.id))
    .where(and(isNull(kitchenBatches.unacknowledgedAlertAt), inArray(ticketLines.status, ['sent', 'preparing']), unacknowledgedFor()));
  const byRestaurant = new Map<string, string[]>();
  for (const d of due) byRestaurant.set(d.restaurantId, [...(byRestaurant.get(d.restaurantId) ?? []), d.batchId]);
  let raised = 0;
  for (const [restaurantId, batchIds] of byRestaurant) {
    raised += await runCommand(deps, { restaurantId, userId: null, role: 'system' }, async (c) => {
      const rows = await c.tx
        .update(kitchenBatches)
        .set({ unacknowledgedAlertAt: new Date() })
        .where(and(inArray(kitchenBatches.id, batchIds), isNull(kitchenBatches.unacknowledgedAlertAt)))
        .returning({ id: kitchenBatches.id, ticketId: kitchenBatches.ticketId });
      if (rows.length === 0) return 0;
      await c.audit(rows.map((r) => ({ action: 'kitchen.batch.unacknowledged', entity: 'kitchen_batch', entityId: r.id })));
      for (const r of rows) c.emit('kitchen', r.ticketId);
      return rows.length;
    });
  }
  return raised;
}
