import { and, eq } from 'drizzle-orm';
import { MESSAGES } from '../../../shared/errors';
import { DEFAULT_PRINTER_SETTINGS, type PrinterSettings } from '../../../shared/printer-settings';
import type { Db } from '../../db/client';
import { auditEvents, settings } from '../../db/schema';
import { HttpError } from '../../errors';
import type { Actor } from '../auth/auth.service';

const KEY = 'printer';

export interface VersionedPrinterSettings {
  settings: PrinterSettings;
  /** 0 = never saved */
  version: number;
}

export async function getPrinterSettings(db: Db, restaurantId: string): Promise<VersionedPrinterSettings> {
  const [row] = await db
    .select()
    .from(settings)
    .where(and(eq(settings.restaurantId, restaurantId), eq(settings.key, KEY)))
    .limit(1);
  if (!row) return { settings: DEFAULT_PRINTER_SETTINGS, version: 0 };
  return { settings: row.value as PrinterSettings, version: row.version };
}

/**
 * Replaces the whole document (spec: "set whole document"). With `expectedVersion` the write only
 * lands if nobody saved in between; otherwise 409 and nothing changes.
 */
export async function replacePrinterSettings(
  db: Db,
  actor: Actor,
  input: PrinterSettings,
  expectedVersion: number | undefined,
): Promise<VersionedPrinterSettings> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const where = and(eq(settings.restaurantId, actor.restaurantId), eq(settings.key, KEY));
    // Concurrent saves must queue up on the row, or two of them pass the version check together
    // and one is lost. A first save has no row to lock yet, so make sure one exists: version 0
    // means "never saved" and it is rolled back with the transaction if this save fails.
    await tx
      .insert(settings)
      .values({ restaurantId: actor.restaurantId, key: KEY, value: DEFAULT_PRINTER_SETTINGS, version: 0 })
      .onConflictDoNothing();
    const [row] = await tx.select().from(settings).where(where).for('update');
    const before: VersionedPrinterSettings = { settings: row.value as PrinterSettings, version: row.version };
    if (expectedVersion !== undefined && expectedVersion !== before.version) {
      throw new HttpError(409, MESSAGES.versionConflict);
    }
    const version = before.version + 1;
    await tx.update(settings).set({ value: input, version, updatedAt: new Date() }).where(where);
    await tx.insert(auditEvents).values({
      restaurantId: actor.restaurantId,
      actorUserId: actor.userId,
      actorRole: actor.role,
      action: 'settings.printer.replace',
      entity: 'settings',
      entityId: KEY,
      before: before.version ? before.settings : null,
      after: input,
    });
    return { settings: input, version };
  });
}
