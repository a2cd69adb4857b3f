import { createHash } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { publicTablesInDependencyOrder, qualified, rows } from './catalog';
import { checksumLine, dumpDatabase, type DumpOptions } from './dump';

/** A backup taken into memory. */
export async function dumpToBuffer(db: Db, options?: DumpOptions): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
  });
  await dumpDatabase(db, out, options);
  return Buffer.concat(chunks);
}

export const readable = (file: Buffer) => Readable.from([file]);

/** The backup's lines, without the last newline. */
export const linesOf = (file: Buffer) => gunzipSync(file).toString('utf8').replace(/\n$/, '').split('\n');

/** A backup with its lines changed and signed again, as a well-made but different file. */
export function resign(file: Buffer, change: (lines: string[]) => string[]): Buffer {
  const body = change(linesOf(file).slice(0, -1));
  const text = body.map((l) => `${l}\n`).join('');
  const hex = createHash('sha256').update(text, 'utf8').digest('hex');
  return gzipSync(`${text}${checksumLine(hex)}\n`);
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
