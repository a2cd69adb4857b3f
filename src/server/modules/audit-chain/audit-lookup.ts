import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditEvents, users } from '../../db/schema';

/**
 * The first audit row of an action on one entity, in any restaurant, with who did it: for facts
 * of the installation rather than of one restaurant (the backup key marked as kept).
 */
export async function findFirstAudit(db: Db, action: string, entityId: string): Promise<{ at: Date; actorName: string | null } | null> {
  const [row] = await db
    .select({ at: auditEvents.createdAt, actorName: users.name })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorUserId))
    .where(and(eq(auditEvents.action, action), eq(auditEvents.entityId, entityId)))
    .orderBy(asc(auditEvents.id))
    .limit(1);
  return row ?? null;
}
