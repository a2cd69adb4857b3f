import type { Db } from '../../db/client';
import { auditEvents } from '../../db/schema';
import type { Actor } from '../auth/auth.service';

export interface MenuAuditEntry {
  /** e.g. 'menu.item.update' */
  action: string;
  entity: 'menu_category' | 'menu_item' | 'option_group';
  entityId: string;
  before: unknown;
  after: unknown;
  reason?: string;
}

/** Menu changes are audited in the transaction that makes them: who, when, before and after. */
export async function auditMenu(tx: Db, actor: Actor, entries: MenuAuditEntry[]) {
  if (entries.length === 0) return;
  await tx.insert(auditEvents).values(
    entries.map((e) => ({
      restaurantId: actor.restaurantId,
      actorUserId: actor.userId,
      actorRole: actor.role,
      action: e.action,
      entity: e.entity,
      entityId: e.entityId,
      before: e.before ?? null,
      after: e.after ?? null,
      reason: e.reason ?? null,
    })),
  );
}

/** Runs `work` in one transaction with the same Db type the services take. */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((t) => work(t as unknown as Db));
}
