import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appliedMigrations, ident, primaryKeyColumns, publicTablesInDependencyOrder, qualified, rows, sequenceValues, type AppliedMigration } from './catalog';

/**
 * A Sofra backup is gzip'd JSON lines:
 *   {"format":"sofra-backup","version":2,"createdAt":…,"migrations":[…],"tables":{name: rows},"sequences":{…}}
 *   {"t":"<table>","r":<row>}          one line per row, tables in foreign-key order
 *   {"hmac-sha256":"<hex>"}            with the backup key (backup-key.ts), of every byte before this line
 * A row is PostgreSQL's own `to_jsonb(row)` text, written as it comes and read back by
 * `jsonb_populate_record`: bigint, numeric, timestamps and jsonb never pass through a JavaScript
 * number or Date, so they come back exactly. The signature makes a truncated or edited file fail
 * as a whole instead of restoring part of a restaurant, and, being keyed, it cannot be made again
 * by whoever edited the file. Version 1 ended in a plain {"sha256":"<hex>"} instead, which anyone
 * can recompute: such a file is restored only when the person restoring says so (restore.ts).
 */
export const BACKUP_FORMAT = 'sofra-backup';
export const BACKUP_VERSION = 2;
/** The unsigned format before the backup key: read only on explicit request. */
export const UNSIGNED_BACKUP_VERSION = 1;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  migrations: AppliedMigration[];
  /** row count per table, in restore order */
  tables: Record<string, number>;
  /** last value each sequence handed out (null: never used) */
  sequences: Record<string, string | null>;
}

export interface BackupSummary {
  createdAt: string;
  tables: Record<string, number>;
  rows: number;
}

/** Rows fetched per round trip: small enough for memory, large enough to keep the dump quick. */
const FETCH_ROWS = 500;

export const rowLine = (table: string, rowJson: string) => `{"t":${JSON.stringify(table)},"r":${rowJson}}`;
export const signatureLine = (hex: string) => JSON.stringify({ 'hmac-sha256': hex });
/** The last line of a version-1 (unsigned) backup. */
export const checksumLine = (hex: string) => JSON.stringify({ sha256: hex });

export interface DumpOptions {
  /** awaited after each table is written (progress; tests hold the dump here while others write) */
  onTable?: (table: string, rows: number) => void | Promise<void>;
}

/**
 * Writes a backup of every table of the public schema to `out` (gzip'd) and ends it. One
 * REPEATABLE READ, read-only transaction: the server keeps taking orders meanwhile and the backup
 * is the database as it was at one instant (a payment and its audit row, both or neither).
 * `key` is the backup key (backupKeyForWriting) the file is signed with.
 */
export async function dumpDatabase(db: Db, out: Writable, key: Buffer, options: DumpOptions = {}): Promise<BackupSummary> {
  // A short key would sign with a guessable secret: better no backup than one that only looks signed.
  if (key.length < 32) throw new Error('Yedek anahtarı en az 32 bayt olmalı.');
  const gzip = createGzip();
  const written = pipeline(gzip, out);
  // Until the end, a failure of `out` surfaces through the writes below; keep it from being unhandled.
  written.catch(() => {});
  const hash = createHmac('sha256', key);
  const write = async (line: string) => {
    const bytes = Buffer.from(`${line}\n`, 'utf8');
    hash.update(bytes);
    if (!gzip.write(bytes)) await Promise.race([once(gzip, 'drain'), written]);
  };

  try {
    const summary = await db.transaction(
      async (tx) => {
        // The snapshot is taken by the first query: the counts, the rows and the sequences all see it.
        const tables = await publicTablesInDependencyOrder(tx);
        const counts: Record<string, number> = {};
        for (const { name } of tables) {
          const [{ n }] = await rows<{ n: string }>(tx, sql.raw(`select count(*)::text as n from ${qualified(name)}`));
          counts[name] = Number(n);
        }
        const header: BackupHeader = {
          format: BACKUP_FORMAT,
          version: BACKUP_VERSION,
          createdAt: new Date().toISOString(),
          migrations: await appliedMigrations(tx),
          tables: counts,
          sequences: await sequenceValues(tx),
        };
        await write(JSON.stringify(header));

        let total = 0;
        for (const { name } of tables) {
          const key = await primaryKeyColumns(tx, name);
          const orderBy = key.length ? ` order by ${key.map(ident).join(', ')}` : '';
          // The alias is not a column name any Sofra table would use: to_jsonb() of it is the whole row.
          await tx.execute(sql.raw(`declare sofra_backup_rows no scroll cursor for select to_jsonb(sofra_backup_row)::text as r from ${qualified(name)} sofra_backup_row${orderBy}`));
          let written = 0;
          for (;;) {
            const batch = await rows<{ r: string }>(tx, sql.raw(`fetch forward ${FETCH_ROWS} from sofra_backup_rows`));
            for (const { r } of batch) await write(rowLine(name, r));
            written += batch.length;
            if (batch.length < FETCH_ROWS) break;
          }
          await tx.execute(sql.raw('close sofra_backup_rows'));
          total += written;
          await options.onTable?.(name, written);
        }
        return { createdAt: header.createdAt, tables: counts, rows: total };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    gzip.end(`${signatureLine(hash.digest('hex'))}\n`);
    await written;
    return summary;
  } catch (err) {
    // No signature line is written, so whatever reached `out` can never be restored by mistake.
    gzip.destroy(err instanceof Error ? err : new Error(String(err)));
    throw err;
  }
}
