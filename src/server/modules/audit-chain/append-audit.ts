import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { storableText, toJsonValue } from '../../../shared/canonical-json';
import type { Db } from '../../db/client';
import { auditEvents } from '../../db/schema';
import { preparedSql } from '../../lib/prepared';
import { GENESIS_HASH, auditRowContent, linkHash, type AuditContent } from './chain-hash';

/** What a command says about its change; the chain adds the restaurant, the place and the time. */
export type NewAuditRow = Omit<AuditContent, 'restaurantId' | 'seq' | 'createdAt'>;

/** A restaurant's last chained audit row. */
export interface AuditTail {
  seq: number;
  hash: string;
}

/**
 * What the caller knows of the chain's end, to save the read of it: `known` is a tail that was
 * committed, or written earlier in this same transaction (null when it knows nothing). `appended`
 * hears the new tail; the caller may keep it only once the transaction commits (a rolled-back
 * append must never be remembered).
 */
export interface TailHint {
  known: AuditTail | null;
  appended(tail: AuditTail): void;
}

/**
 * The one way a row gets into audit_events: numbered and chained onto the restaurant's last row.
 * Call it inside a command's transaction (runCommand), which holds the restaurant's row lock, so
 * two appends of one restaurant never read the same last row; the unique (restaurant, seq) index
 * refuses it anyway if anything else ever tried.
 *
 * With a hint, the first row goes straight after the known tail, one statement instead of two. The
 * chain only grows and `known` is committed, so the known tail is either the real one or behind it
 * (another server process appended meanwhile): then its next seq is taken, the insert does nothing,
 * and the tail is read as without a hint.
 */
export async function appendAuditRows(tx: Db, restaurantId: string, rows: readonly NewAuditRow[], now = new Date(), hint?: TailHint) {
  if (rows.length === 0) return;
  // created_at set here, not by the database's now(): the hash covers the very value stored
  const createdAt = new Date(now.getTime());
  let values = hint?.known ? chained(restaurantId, rows, hint.known, createdAt) : null;
  const first = values ? await insertChainedRow(tx, driverValues(values[0])) : [];
  if (first.length === 0) {
    const [last] = await tx
      .select({ seq: auditEvents.seq, hash: auditEvents.hash })
      .from(auditEvents)
      .where(and(eq(auditEvents.restaurantId, restaurantId), isNotNull(auditEvents.seq)))
      .orderBy(desc(auditEvents.seq))
      .limit(1);
    // rows from before the chain have no hash: the chain starts afresh after them
    values = chained(restaurantId, rows, { seq: last?.seq ?? 0, hash: last?.hash ?? GENESIS_HASH }, createdAt);
    await tx.insert(auditEvents).values(values);
  } else if (values!.length > 1) await tx.insert(auditEvents).values(values!.slice(1));
  const end = values!.at(-1)!;
  hint?.appended({ seq: end.seq, hash: end.hash });
}

/**
 * The first row after a known tail: a command's usual append, so prepared once per connection
 * (lib/prepared.ts). Nothing when that seq is taken (the tail was stale).
 */
const insertChainedRow = preparedSql<{ seq: number }>(
  'append_audit_row',
  () => sql`
    insert into ${auditEvents} (restaurant_id, seq, actor_user_id, actor_role, approver_user_id, action, entity, entity_id, before, after, reason, created_at, prev_hash, hash)
    values (${sql.placeholder('restaurantId')}, ${sql.placeholder('seq')}, ${sql.placeholder('actorUserId')}, ${sql.placeholder('actorRole')},
      ${sql.placeholder('approverUserId')}, ${sql.placeholder('action')}, ${sql.placeholder('entity')}, ${sql.placeholder('entityId')},
      ${sql.placeholder('before')}, ${sql.placeholder('after')}, ${sql.placeholder('reason')}, ${sql.placeholder('createdAt')},
      ${sql.placeholder('prevHash')}, ${sql.placeholder('hash')})
    on conflict do nothing
    returning seq`,
);

/** A chained row as the driver takes it: JSON as text, the time as ISO text (as Drizzle writes them). */
const driverValues = (row: ReturnType<typeof chained>[number]) => ({
  ...row,
  before: row.before === null ? null : JSON.stringify(row.before),
  after: row.after === null ? null : JSON.stringify(row.after),
  createdAt: row.createdAt.toISOString(),
});

/** `rows` numbered and hash-linked after `tail`. */
function chained(restaurantId: string, rows: readonly NewAuditRow[], tail: AuditTail, createdAt: Date) {
  let seq = tail.seq;
  let prevHash = tail.hash;
  return rows.map((r) => {
    const row = {
      restaurantId,
      seq: ++seq,
      actorUserId: r.actorUserId,
      actorRole: r.actorRole === null ? null : storableText(r.actorRole),
      approverUserId: r.approverUserId,
      action: storableText(r.action),
      entity: storableText(r.entity),
      entityId: r.entityId === null ? null : storableText(r.entityId),
      // what jsonb will give back (no undefined, dates as strings), so the hash is of that
      before: r.before === undefined || r.before === null ? null : toJsonValue(r.before),
      after: r.after === undefined || r.after === null ? null : toJsonValue(r.after),
      reason: r.reason === null ? null : storableText(r.reason),
      createdAt,
    };
    const hash = linkHash(prevHash, auditRowContent(row));
    const linked = { ...row, prevHash, hash };
    prevHash = hash;
    return linked;
  });
}
