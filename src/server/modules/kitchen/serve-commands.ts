import { and, eq, inArray } from 'drizzle-orm';
import { isUuid } from '../../../shared/ids';
import { SERVE_UNDO_SECONDS, type ServeLinesResponse } from '../../../shared/kitchen-contract';
import { ticketLines, tickets } from '../../db/schema';
import { HttpError } from '../../errors';
import { runCommand, type CommandActor, type CommandContext, type CommandDeps } from '../../lib/command';
import { KITCHEN_MESSAGES } from './kitchen-messages';
import { stepLines } from '../orders';

/** The named lines of one of this restaurant's tickets, locked; 404 when one is not there. */
async function lockTicketLines(c: CommandContext, ticketId: string, lineIds: string[]) {
  const ticket = await c.lockOwned(tickets, ticketId, KITCHEN_MESSAGES.ticketNotFound);
  const ids = [...new Set(lineIds)];
  if (!ids.every(isUuid)) throw new HttpError(404, KITCHEN_MESSAGES.lineNotFound);
  const lines = await c.tx
    .select()
    .from(ticketLines)
    .where(and(eq(ticketLines.ticketId, ticket.id), eq(ticketLines.restaurantId, c.restaurantId), inArray(ticketLines.id, ids)))
    .for('update');
  if (lines.length !== ids.length) throw new HttpError(404, KITCHEN_MESSAGES.lineNotFound);
  // in the order the screen named them: PostgreSQL returns locked rows in no particular order
  const byId = new Map(lines.map((l) => [l.id, l]));
  return { ticket, lines: ids.map((id) => byId.get(id)!) };
}

/**
 * Tümünü Servis Et: the ready lines the waiter's screen showed for one table, served together.
 * Only those lines: a dish that became ready a moment ago, not yet on the screen, stays ready.
 * Lines already served (a second tap, another waiter) are left as they are; anything else refuses all.
 */
export function serveLines(deps: CommandDeps, actor: CommandActor, ticketId: string, lineIds: string[]): Promise<ServeLinesResponse> {
  return runCommand(deps, actor, async (c) => {
    const { lines } = await lockTicketLines(c, ticketId, lineIds);
    if (lines.some((l) => l.status !== 'ready' && l.status !== 'served')) throw new HttpError(409, KITCHEN_MESSAGES.notReadyToServe);
    const ready = lines.filter((l) => l.status === 'ready');
    if (ready.length === 0) return { ticketId, lineIds: [] };
    const ids = ready.map((l) => l.id);
    await stepLines(c, ids, 'served');
    await c.audit(ready.map((l) => ({ action: 'ticket.line.served', entity: 'ticket_line', entityId: l.id, before: { status: 'ready' }, after: { status: 'served' } })));
    c.emit('kitchen', ticketId);
    return { ticketId, lineIds: ids };
  });
}

/**
 * Geri Al after a mistaken Servis Edildi: served lines go back to Hazır, only for a short while
 * after the serve (past it the dish is on the table and the bill may be settling), audited.
 * A line already back to Hazır (a second tap) is left as it is.
 */
export function undoServe(deps: CommandDeps, actor: CommandActor, ticketId: string, lineIds: string[]): Promise<ServeLinesResponse> {
  return runCommand(deps, actor, async (c) => {
    const { ticket, lines } = await lockTicketLines(c, ticketId, lineIds);
    if (ticket.status !== 'open') throw new HttpError(409, KITCHEN_MESSAGES.undoTicketClosed);
    if (lines.some((l) => l.status !== 'served' && l.status !== 'ready')) throw new HttpError(409, KITCHEN_MESSAGES.undoOnlyServed);
    const served = lines.filter((l) => l.status === 'served');
    const oldest = Date.now() - SERVE_UNDO_SECONDS * 1000;
    if (served.some((l) => !l.servedAt || l.servedAt.getTime() < oldest)) throw new HttpError(409, KITCHEN_MESSAGES.undoTooLate(SERVE_UNDO_SECONDS));
    if (served.length === 0) return { ticketId, lineIds: [] };
    const ids = served.map((l) => l.id);
    await stepLines(c, ids, 'unserved');
    await c.audit(
      served.map((l) => ({
        action: 'ticket.line.serve_undone',
        entity: 'ticket_line',
        entityId: l.id,
        before: { status: 'served', servedAt: l.servedAt?.toISOString() ?? null },
        after: { status: 'ready' },
      })),
    );
    c.emit('kitchen', ticketId);
    return { ticketId, lineIds: ids };
  });
}
