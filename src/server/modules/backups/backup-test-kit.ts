import { createHash, createHmac } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { publicTablesInDependencyOrder, qualified, rows } from './catalog';
import { checksumLine, dumpDatabase, signatureLine, UNSIGNED_BACKUP_VERSION, type DumpOptions } from './dump';
import type { BackupAuth } from './restore';

/** The backup key the tests sign with (64 hex characters, as in SOFRA_BACKUP_KEY). */
export const TEST_BACKUP_KEY_HEX = '5eed'.repeat(16);
export const TEST_BACKUP_KEY = Buffer.from(TEST_BACKUP_KEY_HEX, 'hex');
/** Another restaurant's key, or an attacker's. */
export const OTHER_BACKUP_KEY = Buffer.from('0bad'.repeat(16), 'hex');
/** Reading with the tests' key. */
export const TEST_AUTH: BackupAuth = { key: TEST_BACKUP_KEY };

/** A backup taken into memory, signed with `key`. */
export async function dumpToBuffer(db: Db, options?: DumpOptions, key: Buffer = TEST_BACKUP_KEY): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
  });
  await dumpDatabase(db, out, key, options);
  return Buffer.concat(chunks);
}

export const readable = (file: Buffer) => Readable.from([file]);

/** The backup's lines, without the last newline. */
export const linesOf = (file: Buffer) => gunzipSync(file).toString('utf8').replace(/\n$/, '').split('\n');

const body = (lines: string[]) => lines.map((l) => `${l}\n`).join('');

/** A backup with its lines changed and signed again with `key`, as a well-made but different file. */
export function resign(file: Buffer, change: (lines: string[]) => string[], key: Buffer = TEST_BACKUP_KEY): Buffer {
  const text = body(change(linesOf(file).slice(0, -1)));
  return gzipSync(`${text}${signatureLine(createHmac('sha256', key).update(text, 'utf8').digest('hex'))}\n`);
}

/** A backup with its lines changed and ended in a plain SHA-256, as anyone can remake it. */
export function rehash(file: Buffer, change: (lines: string[]) => string[] = (lines) => lines): Buffer {
  const text = body(change(linesOf(file).slice(0, -1)));
  return gzipSync(`${text}${checksumLine(createHash('sha256').update(text, 'utf8').digest('hex'))}\n`);
}

/** The same backup as Sofra wrote it before backups were signed: version 1, ending in a SHA-256. */
export function asUnsignedBackup(file: Buffer, change: (lines: string[]) => string[] = (lines) => lines): Buffer {
  return rehash(file, (lines) => {
    const [header, ...rest] = change(lines);
    return [JSON.stringify({ ...JSON.parse(header), version: UNSIGNED_BACKUP_VERSION }), ...rest];
  });
}

/** Every table's rows as PostgreSQL prints them (sorted), and every sequence's last value. */
export async function snapshot(db: Db) {
  const tables: Record<string, string[]> = {};
  for (const { name } of await publicTablesInDependencyOrder(db)) {
    const found = await rows<{ r: string }>(db, sql.raw(`select to_jsonb(x)::text as r from ${qualified(name)} x order by 1`));
    tables[name] = found.map((f) => f.r);
  }
  const sequences = await rows<{ name: string; value: string | null }>(
    db,
    sql`select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public' order by 1`,
  );
  return { tables, sequences };
}

export async function totalRows(db: Db) {
  const { tables } = await snapshot(db);
  return Object.values(tables).reduce((n, t) => n + t.length, 0);
}
