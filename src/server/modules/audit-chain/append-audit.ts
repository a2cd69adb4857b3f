import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { storableText, toJsonValue } from '../../../shared/canonical-json';
import type { Db } from '../../db/client';
import { auditEvents } from '../../db/schema';
import { GENESIS_HASH, auditRowContent, linkHash, type AuditContent } from './chain-hash';

/** What a command says about its change; the chain adds the restaurant, the place and the time. */
export type NewAuditRow = Omit<AuditContent, 'restaurantId' | 'seq' | 'createdAt'>;

/**
 * The one way a row gets into audit_events: numbered and chained onto the restaurant's last row.
 * Call it inside a command's transaction (runCommand), which holds the restaurant's row lock, so
 * two appends of one restaurant never read the same last row; the unique (restaurant, seq) index
 * refuses it anyway if anything else ever tried.
 */
export async function appendAuditRows(tx: Db, restaurantId: string, rows: readonly NewAuditRow[], now = new Date()) {
  if (rows.length === 0) return;
  const [last] = await tx
    .select({ seq: auditEvents.seq, hash: auditEvents.hash })
    .from(auditEvents)
    .where(and(eq(auditEvents.restaurantId, restaurantId), isNotNull(auditEvents.seq)))
    .orderBy(desc(auditEvents.seq))
    .limit(1);
  let seq = last?.seq ?? 0;
  // rows from before the chain have no hash: the chain starts afresh after them
  let prevHash = last?.hash ?? GENESIS_HASH;
  // created_at set here, not by the database's now(): the hash covers the very value stored
  const createdAt = new Date(now.getTime());
  const values = rows.map((r) => {
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
  await tx.insert(auditEvents).values(values);
}
