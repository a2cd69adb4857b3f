import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbDriver = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  driver: DbDriver;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  /** dataDir undefined = in memory (tests) */
  | { kind: 'pglite'; dataDir?: string };

// Run from source this file sits beside migrations/; bundled it runs from dist/server.
const here = path.dirname(fileURLToPath(import.meta.url));
const migrationsFolder = () =>
  path.basename(here) === 'db' ? path.join(here, 'migrations') : path.resolve(here, '../../src/server/db/migrations');

/** Opens the database and applies pending migrations. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle connection can be cut by the server (restart, failover, DROP … WITH FORCE); pg then
    // emits 'error' on the pool, which would crash the process without a listener. The pool
    // replaces the connection on the next query, so logging is all there is to do.
    pool.on('error', (err) => console.error('PostgreSQL bağlantısı koptu (yeniden bağlanılacak):', err.message));
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder: migrationsFolder() });
    const postgresDb: Db = db;
    return { db: postgresDb, driver: 'postgres', close: () => pool.end() };
  }
  const client = target.dataDir ? new PGlite(target.dataDir) : new PGlite();
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: migrationsFolder() });
  const pgliteDb: Db = db;
  return { db: pgliteDb, driver: 'pglite', close: () => client.close() };
}
