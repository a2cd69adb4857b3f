import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from '../../db/client';

/**
 * A backup of an older Sofra is restored into a database brought only as far as that Sofra had
 * brought it; the migrations after it then run on the restored rows, exactly as they would have
 * run on the old database itself (a migration may rewrite data, not only add columns: 0010 numbers
 * the audit log). Restoring old rows into the newest schema would skip that.
 */

// From source this file sits in src/server/modules/backups; bundled, the CLIs run from dist/server.
const here = path.dirname(fileURLToPath(import.meta.url));
export function shippedMigrationsFolder(): string {
  const candidates = [path.resolve(here, '../../db/migrations'), path.resolve(here, '../../src/server/db/migrations')];
  return candidates.find((c) => existsSync(path.join(c, 'meta', '_journal.json'))) ?? candidates[0];
}

interface Journal {
  entries: { tag: string }[];
}

/** Applies the first `count` of Sofra's migrations (those a backup was taken with). */
export async function migrateUpTo(database: Pick<Database, 'db' | 'driver'>, count: number, migrationsFolder = shippedMigrationsFolder()): Promise<void> {
  const journal = JSON.parse(await fs.readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;
  const entries = journal.entries.slice(0, count);
  // drizzle applies what a folder's journal lists: a copy listing only the first `count`.
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'sofra-migrations-'));
  try {
    await fs.mkdir(path.join(folder, 'meta'));
    await fs.writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
    for (const { tag } of entries) await fs.copyFile(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
    if (database.driver === 'pglite') await migratePglite(database.db as unknown as PgliteDatabase<Record<string, never>>, { migrationsFolder: folder });
    else await migratePg(database.db as unknown as NodePgDatabase<Record<string, never>>, { migrationsFolder: folder });
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}
