import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * What a backup needs to know about the database, read from PostgreSQL's own catalog rather than
 * from schema.ts: a table added by a later migration is then backed up without anyone having to
 * remember to list it.
 */

/** Runs a query and answers its rows (node-postgres and PGlite both answer `{ rows }`). */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A quoted identifier: table and column names come from the catalog, never from the user. */
export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
export const qualified = (table: string) => `"public".${ident(table)}`;

export interface PublicTable {
  name: string;
  /** another row of the same table may be referenced: its rows are inserted in one statement */
  isSelfReferencing: boolean;
}

/**
 * The tables of the `public` schema, every table after the tables its foreign keys point at (ties
 * by name, so two dumps of one database list them alike). Restoring in this order never inserts a
 * row before the row it references.
 */
export async function publicTablesInDependencyOrder(db: Db): Promise<PublicTable[]> {
  const tables = await rows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c
        where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relispartition
        order by c.relname`,
  );
  const edges = await rows<{ child: string; parent: string }>(
    db,
    sql`select c.relname as child, p.relname as parent
        from pg_constraint k
        join pg_class c on c.oid = k.conrelid
        join pg_class p on p.oid = k.confrelid
        where k.contype = 'f' and c.relnamespace = 'public'::regnamespace and p.relnamespace = 'public'::regnamespace`,
  );
  const names = tables.map((t) => t.name);
  const parents = new Map(names.map((n) => [n, new Set<string>()]));
  const selfReferencing = new Set<string>();
  for (const { child, parent } of edges) {
    if (child === parent) selfReferencing.add(child);
    else parents.get(child)?.add(parent);
  }
  const ordered: string[] = [];
  const done = new Set<string>();
  while (ordered.length < names.length) {
    const ready = names.filter((n) => !done.has(n) && [...parents.get(n)!].every((p) => done.has(p)));
    if (ready.length === 0) {
      const stuck = names.filter((n) => !done.has(n)).join(', ');
      throw new Error(`Tablolar arasında döngüsel yabancı anahtar var (${stuck}); yedekleme sırası belirlenemiyor.`);
    }
    for (const n of ready) {
      ordered.push(n);
      done.add(n);
    }
  }
  return ordered.map((name) => ({ name, isSelfReferencing: selfReferencing.has(name) }));
}

/** Columns a restore may write: generated columns are computed by the database itself. */
export async function insertableColumns(db: Db, table: string): Promise<string[]> {
  const found = await rows<{ name: string }>(
    db,
    sql`select a.attname as name from pg_attribute a
        where a.attrelid = ${qualified(table)}::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
        order by a.attnum`,
  );
  return found.map((c) => c.name);
}

/** The primary key's columns in key order (empty when the table has none). */
export async function primaryKeyColumns(db: Db, table: string): Promise<string[]> {
  const found = await rows<{ name: string }>(
    db,
    sql`select a.attname as name
        from pg_index i
        cross join lateral unnest(i.indkey) with ordinality as k(attnum, position)
        join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
        where i.indrelid = ${qualified(table)}::regclass and i.indisprimary
        order by k.position`,
  );
  return found.map((c) => c.name);
}

export interface AppliedMigration {
  hash: string;
  createdAt: string;
}

/** The migrations drizzle has applied, in order (none when the database was never migrated). */
export async function appliedMigrations(db: Db): Promise<AppliedMigration[]> {
  // CASE keeps each step from running before the one that makes it safe (USAGE, then existence).
  const [state] = await rows<{ state: 'none' | 'denied' | 'readable' }>(
    db,
    sql`select case
          when n.oid is null then 'none'
          when not has_schema_privilege(n.oid, 'USAGE') then 'denied'
          when to_regclass('drizzle.__drizzle_migrations') is null then 'none'
          when not has_table_privilege(to_regclass('drizzle.__drizzle_migrations'), 'SELECT') then 'denied'
          else 'readable' end as state
        from (select 1) one left join pg_namespace n on n.nspname = 'drizzle'`,
  );
  if (state.state === 'none') return [];
  // Without them a backup could not tell which Sofra it fits: better no backup than a blind one.
  if (state.state === 'denied') {
    throw new Error('Veritabanı güncellemelerinin listesi (drizzle.__drizzle_migrations) bu veritabanı kullanıcısıyla okunamıyor; yedekleme ve geri yükleme için bu kullanıcıya okuma izni verilmeli.');
  }
  return rows<AppliedMigration>(db, sql`select hash, created_at::text as "createdAt" from drizzle.__drizzle_migrations order by id`);
}

/** Each sequence of the public schema with the value it last handed out (null: never used). */
export async function sequenceValues(db: Db): Promise<Record<string, string | null>> {
  const found = await rows<{ name: string; value: string | null }>(
    db,
    sql`select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public' order by sequencename`,
  );
  return Object.fromEntries(found.map((s) => [s.name, s.value]));
}

/** The sequences that feed a column (serial, bigserial, identity), with that column. */
export async function columnSequences(db: Db): Promise<{ sequence: string; table: string; column: string }[]> {
  return rows(
    db,
    sql`select s.relname as sequence, t.relname as "table", a.attname as "column"
        from pg_class s
        join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass
        join pg_class t on t.oid = d.refobjid
        join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
        where s.relkind = 'S' and s.relnamespace = 'public'::regnamespace and d.deptype in ('a', 'i')
        order by s.relname`,
  );
}
