import { createHash } from 'node:crypto';
import { canonicalJson } from '../../../shared/canonical-json';

/**
 * The hash chains of a restaurant's history (audit rows; closed bills). Each link is
 * sha256(previous link's hash + canonical JSON of the record), hex: changing, removing or slipping
 * in a record breaks every link after it. The writer and the verifier build a record's content with
 * the same functions below, from the same stored values, so they hash the same bytes.
 *
 * What this does not do: the hash has no secret, so someone who can write to the database and
 * recomputes every later link leaves no trace in the database alone; and rows cut off the end
 * leave a shorter, intact chain. Catching those needs the head hash kept somewhere else (a print
 * or an export at Gün Sonu) to compare against.
 */

/** The "previous hash" of a chain's first link. */
export const GENESIS_HASH = '0'.repeat(64);

export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export const linkHash = (prevHash: string, content: unknown) => sha256Hex(prevHash + canonicalJson(content));

/** A bill's link: its stored digest (of billContent) after the previous bill's hash. */
export const billLinkHash = (prevHash: string, digest: string) => sha256Hex(prevHash + digest);

/** The fields of an audit row that its hash covers: everything it says, and its place. */
export interface AuditContent {
  restaurantId: string;
  seq: number;
  actorUserId: string | null;
  actorRole: string | null;
  approverUserId: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
  createdAt: Date;
}

// The time as an ISO string with milliseconds: timestamptz keeps microseconds, but the writer sets
// created_at from a JavaScript Date (milliseconds), so what is read back is exactly that instant.
export const auditRowContent = (row: AuditContent) => ({
  restaurantId: row.restaurantId,
  seq: row.seq,
  actorUserId: row.actorUserId,
  actorRole: row.actorRole,
  approverUserId: row.approverUserId,
  action: row.action,
  entity: row.entity,
  entityId: row.entityId,
  before: row.before ?? null,
  after: row.after ?? null,
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
});
