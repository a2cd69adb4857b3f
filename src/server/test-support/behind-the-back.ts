import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Runs `change` with the triggers of `tables` off, as the database's owner could: the tampering the
 * server's own role is refused (db/app-role.test.ts), done so a test can show the verifier still
 * sees it. `USER` leaves the foreign keys' own triggers on.
 */
export async function behindTheBack(db: Db, tables: readonly string[], change: () => Promise<unknown>, triggers: 'ALL' | 'USER' = 'ALL') {
  for (const t of tables) await db.execute(sql.raw(`ALTER TABLE ${t} DISABLE TRIGGER ${triggers}`));
  try {
    await change();
  } finally {
    for (const t of tables) await db.execute(sql.raw(`ALTER TABLE ${t} ENABLE TRIGGER ${triggers}`));
  }
}
