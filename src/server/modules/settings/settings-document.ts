import { and, eq } from 'drizzle-orm';
import { MESSAGES } from '../../../shared/errors';
import type { LiveEventType } from '../../../shared/live-events';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';
import { HttpError } from '../../errors';
import type { CommandContext } from '../../lib/command';

/** A restaurant's settings document ('printer', 'general', ...) with its version; 0 = never saved. */
export interface Versioned<T> {
  value: T;
  version: number;
}

/** Which document, the live event a save emits, and what a restaurant that never saved reads. */
export interface SettingsDocumentSpec<T> {
  key: string;
  event: LiveEventType;
  defaults: T;
}

const whereDocument = (restaurantId: string, key: string) => and(eq(settings.restaurantId, restaurantId), eq(settings.key, key));

export async function getSettingsDocument<T>(db: Db, restaurantId: string, spec: Pick<SettingsDocumentSpec<T>, 'key' | 'defaults'>): Promise<Versioned<T>> {
  const [row] = await db.select().from(settings).where(whereDocument(restaurantId, spec.key)).limit(1);
  return row && row.version > 0 ? { value: row.value as T, version: row.version } : { value: spec.defaults, version: 0 };
}

/**
 * Replaces the whole document, as a command. With `expectedVersion` the write only lands if nobody
 * saved in between (409 otherwise); the command's restaurant lock makes two concurrent saves queue,
 * so exactly one of two with the same version wins. The audit row records before and after.
 */
export async function replaceSettingsDocument<T>(
  c: CommandContext,
  spec: SettingsDocumentSpec<T>,
  input: { value: T; expectedVersion?: number },
): Promise<Versioned<T>> {
  const before = await getSettingsDocument(c.tx, c.restaurantId, spec);
  c.assertVersion(before, input.expectedVersion);
  const version = before.version + 1;
  await c.tx
    .insert(settings)
    .values({ restaurantId: c.restaurantId, key: spec.key, value: input.value, version })
    .onConflictDoUpdate({ target: [settings.restaurantId, settings.key], set: { value: input.value, version, updatedAt: new Date() } });
  await c.audit({
    action: `settings.${spec.key}.replace`,
    entity: 'settings',
    entityId: spec.key,
    before: before.version > 0 ? before.value : null,
    after: input.value,
  });
  c.emit(spec.event);
  return { value: input.value, version };
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
