import type { AuditEntry, CommandContext } from '../../lib/command';
import { appendAuditRows, type AuditTail } from './append-audit';

/**
 * The pipeline's audit hook (command-hooks.ts): a command's audit rows, numbered and hash-chained in
 * its transaction under the restaurant's lock. It keeps each restaurant's last row as this app last
 * committed it, which saves the read of the chain's end on the next command (append-audit.ts
 * explains why a stale one is safe); a rolled-back append is never remembered.
 */
export function commandAudit() {
  const committedTails = new Map<string, AuditTail>();
  // the chain's end as each open command's transaction left it, once it appended
  const pendingTails = new WeakMap<CommandContext, AuditTail>();
  return async (c: CommandContext, entries: readonly AuditEntry[]) => {
    const { actor, restaurantId } = c;
    await appendAuditRows(
      c.tx,
      restaurantId,
      entries.map((e) => ({
        actorUserId: actor.userId,
        actorRole: actor.role,
        approverUserId: e.approverUserId ?? null,
        action: e.action,
        entity: e.entity,
        entityId: e.entityId,
        before: e.before ?? null,
        after: e.after ?? null,
        reason: e.reason ?? null,
      })),
      undefined,
      {
        known: pendingTails.get(c) ?? committedTails.get(restaurantId) ?? null,
        appended: (tail) => {
          if (!pendingTails.has(c)) c.afterCommit(() => remember(committedTails, restaurantId, pendingTails.get(c)!));
          pendingTails.set(c, tail);
        },
      },
    );
  };
}

/** A later command's tail may already be known (it committed first): the further one stays. */
function remember(tails: Map<string, AuditTail>, restaurantId: string, tail: AuditTail) {
  const known = tails.get(restaurantId);
  if (!known || tail.seq > known.seq) tails.set(restaurantId, tail);
}
