import { and, eq, isNotNull, like } from 'drizzle-orm';
import { CHAIN_HEAD_DIGITS } from '../../../shared/day-close-contract';
import type { Db } from '../../db/client';
import { auditEvents } from '../../db/schema';

/**
 * A chain head kept outside the machine (printed on a Gün Sonu slip) proves that nothing before it
 * was rewritten: rewriting any earlier row changes every hash after it, so the printed value is no
 * longer the hash of any row. Typed as printed ("a1b2 c3d4 e5f6 0718") or in full.
 */
export function parseChainHead(text: string): string | null {
  const hex = text.replace(/\s+/g, '').toLowerCase();
  return /^[0-9a-f]+$/.test(hex) && hex.length >= CHAIN_HEAD_DIGITS && hex.length <= 64 ? hex : null;
}

/** The audit row of this restaurant whose hash begins with `head`, or null. */
export async function findChainHead(db: Db, restaurantId: string, head: string) {
  const [row] = await db
    .select({ seq: auditEvents.seq, createdAt: auditEvents.createdAt, action: auditEvents.action })
    .from(auditEvents)
    .where(and(eq(auditEvents.restaurantId, restaurantId), isNotNull(auditEvents.hash), like(auditEvents.hash, `${head}%`)))
    .limit(1);
  return row ?? null;
}
