import { and, eq } from 'drizzle-orm';
import { MESSAGES } from '../../../shared/errors';
import type { Db } from '../../db/client';
import { auditEvents, settings } from '../../db/schema';
import { HttpError } from '../../errors';
import type { Actor } from '../auth/auth.service';

/** A restaurant's settings document ('printer', 'general', ...) with its version; 0 = never saved. */
export interface Versioned<T> {
  value: T;
  version: number;
}

export async function getSettingsDocument<T>(db: Db, restaurantId: string, key: string, defaults: T): Promise<Versioned<T>> {
  const [row] = await db
    .select()
    .from(settings)
    .where(and(eq(settings.restaurantId, restaurantId), eq(settings.key, key)))
    .limit(1);
  return row && row.version > 0 ? { value: row.value as T, version: row.version } : { value: defaults, version: 0 };
}

/**
 * Replaces the whole document. With `expectedVersion` the write only lands if nobody saved in
 * between; otherwise 409 and nothing changes. `also` runs in the same transaction (e.g. mirroring
 * the restaurant name), and the audit row records before and after.
 */
export async function replaceSettingsDocument<T>(
  db: Db,
  actor: Actor,
  key: string,
  input: T,
  options: { expectedVersion?: number; defaults: T; also?: (tx: Db) => Promise<void> },
): Promise<Versioned<T>> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const where = and(eq(settings.restaurantId, actor.restaurantId), eq(settings.key, key));
    // Concurrent saves must queue up on the row, or two of them pass the version check together
    // and one is lost. A first save has no row to lock yet, so make sure one exists: version 0
    // means "never saved" and it is rolled back with the transaction if this save fails.
    await tx
      .insert(settings)
      .values({ restaurantId: actor.restaurantId, key, value: options.defaults, version: 0 })
      .onConflictDoNothing();
    const [row] = await tx.select().from(settings).where(where).for('update');
    if (options.expectedVersion !== undefined && options.expectedVersion !== row.version) {
      throw new HttpError(409, MESSAGES.versionConflict);
    }
    const version = row.version + 1;
    await tx.update(settings).set({ value: input, version, updatedAt: new Date() }).where(where);
    await options.also?.(tx);
    await tx.insert(auditEvents).values({
      restaurantId: actor.restaurantId,
      actorUserId: actor.userId,
      actorRole: actor.role,
      action: `settings.${key}.replace`,
      entity: 'settings',
      entityId: key,
      before: row.version > 0 ? row.value : null,
      after: input,
    });
    return { value: input, version };
  });
}

const ETAG = /^"(\d+)"$/;
export const etagOf = (version: number) => `"${version}"`;

/** If-Match: "3" → 3; absent → no version check (integrations that replace blindly). */
export function versionFromIfMatch(header: string | undefined): number | undefined {
  if (header === undefined) return undefined;
  const match = ETAG.exec(header.trim());
  if (!match) throw new HttpError(400, `${MESSAGES.invalidRequest}: If-Match başlığı "sürüm" biçiminde olmalı`);
  return Number(match[1]);
}
