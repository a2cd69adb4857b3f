import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { startEmbeddedPostgres } from './embedded-postgres';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbDriver = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  driver: DbDriver;
  /** only this process uses the database (a locked DATA_DIR): another boot's claims are a dead process's */
  exclusive: boolean;
  close(): Promise<void>;
}

export type DatabaseTarget =
  /** ownerUrl: the role that owns the schema and runs the migrations; absent = url does both */
  | { kind: 'postgres'; url: string; ownerUrl?: string; /** false: a running server already did */ migrate?: boolean }
  /** the default: a PostgreSQL cluster in dataDir, started and stopped with the server (ADR 0010) */
  | { kind: 'embedded'; dataDir: string }
  /** dataDir undefined = in memory (tests); `from`: a dumpDataDir() image to start from (the tests' migrated template) */
  | { kind: 'pglite'; dataDir?: string; from?: Blob };

/** What the server's connections call themselves, so tools can see a running server (restore). */
export const SERVER_APPLICATION_NAME = 'sofra';

// Run from source this file sits beside migrations/; bundled it runs from dist/server.
const here = path.dirname(fileURLToPath(import.meta.url));
export const migrationsFolder = () =>
  path.basename(here) === 'db' ? path.join(here, 'migrations') : path.resolve(here, '../../src/server/db/migrations');

/**
 * PGlite's default shared_buffers (128 MB) is sized for a database server; Sofra's data is a few
 * MB and a restaurant's PC is small. 16 MB cut one process from ~300 to ~180 MB RSS with no
 * measurable loss (bench/RESULTS.md, "Memory"). `-c` works for both postgres and initdb.
 */
export const PGLITE_TUNING = ['-c', 'shared_buffers=16MB'];
const pgliteOptions = () => ({ startParams: [...PGlite.defaultStartParams, ...PGLITE_TUNING], initDbStartParams: PGLITE_TUNING });

/**
 * A new data directory is created by a short-lived child process: initdb runs a second and third
 * PGlite instance beside the first, and WebAssembly memory, once grown, never shrinks. In-process,
 * the server would keep that ~700 MB peak for as long as it runs; in a child it goes back to the OS.
 */
async function createDataDirInChild(dataDir: string): Promise<void> {
  const script = `
    const { PGlite } = await import(${JSON.stringify(import.meta.resolve('@electric-sql/pglite'))});
    const db = new PGlite(process.argv[1], JSON.parse(process.argv[2]));
    await db.waitReady;
    await db.close();`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script, dataDir, JSON.stringify(pgliteOptions())], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const code = await new Promise<number | null>((resolve, reject) => child.on('error', reject).on('exit', resolve));
  if (code !== 0) throw new Error(`PGlite veri klasörü oluşturulamadı (${dataDir}): ${stderr.trim().slice(-500)}`);
}

/**
 * Records the server only ever adds to: money counted or given back (cash movements, İade, courier
 * settlements), Gün Sonu reports, stock movements. Without UPDATE and DELETE on them, the server's
 * own role cannot rewrite them (courier positions may only be deleted, when they expire).
 */
const APPEND_ONLY_TABLES = ['cash_movements', 'refunds', 'refund_lines', 'sales_refunds', 'courier_settlements', 'day_closes', 'ingredient_movements'];

/**
 * The server's role may read and write rows, nothing more: it owns no table, so it cannot disable
 * a trigger or replace a function, and the audit log is insert-only for it even without the trigger.
 * It reads the applied migrations so that its daily backups name the schema they belong to.
 * Guests' table requests (QR Sipariş) are answered, never removed: the reports count them.
 */
async function grantAppRole(owner: pg.Pool, appUrl: string): Promise<void> {
  const role = pg.Client.prototype.escapeIdentifier(decodeURIComponent(new URL(appUrl).username));
  await owner.query(`
    GRANT USAGE ON SCHEMA public TO ${role};
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role};
    REVOKE UPDATE, DELETE, TRUNCATE ON audit_events FROM ${role};
    REVOKE UPDATE, DELETE ON ${APPEND_ONLY_TABLES.join(', ')} FROM ${role};
    REVOKE UPDATE ON courier_positions FROM ${role};
    REVOKE DELETE, TRUNCATE ON table_requests FROM ${role};
    GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${role};
    GRANT USAGE ON SCHEMA drizzle TO ${role};
    GRANT SELECT ON drizzle.__drizzle_migrations TO ${role};`);
}

/**
 * pg's `pool.end()` resolves once it has asked its connections to close, not when they are closed;
 * stopping the embedded cluster in that moment makes PostgreSQL terminate them (57P01), which the
 * pool reports as an error. Wait for every connection to be gone.
 */
async function endPool(pool: pg.Pool): Promise<void> {
  let open = pool.totalCount;
  const closed = new Promise<void>((resolve) => {
    if (open === 0) return resolve();
    pool.on('remove', () => --open === 0 && resolve());
    // A connection the database already dropped (it was killed) may never report its close.
    setTimeout(resolve, 5000).unref();
  });
  await pool.end();
  await closed;
}

const logLostConnection = (err: Error) => console.error('PostgreSQL bağlantısı koptu (yeniden bağlanılacak):', err.message);

async function openPostgres(
  url: string,
  ownerUrl: string | undefined,
  { migrate = true, exclusive = false, onClose = async () => {} } = {},
): Promise<Database> {
  if (ownerUrl && migrate) {
    const owner = new pg.Pool({ connectionString: ownerUrl, max: 1 });
    owner.on('error', logLostConnection);
    try {
      await migratePg(drizzlePg(owner, { schema }), { migrationsFolder: migrationsFolder() });
      await grantAppRole(owner, url);
    } finally {
      await endPool(owner);
    }
  }
  const pool = new pg.Pool({ connectionString: url, max: 10, application_name: SERVER_APPLICATION_NAME });
  // An idle connection can be cut by the server (restart, failover, DROP … WITH FORCE); pg then
  // emits 'error' on the pool, which would crash the process without a listener. The pool
  // replaces the connection on the next query, so logging is all there is to do.
  pool.on('error', logLostConnection);
  const db = drizzlePg(pool, { schema });
  if (!ownerUrl && migrate) await migratePg(db, { migrationsFolder: migrationsFolder() });
  const postgresDb: Db = db;
  return {
    db: postgresDb,
    driver: 'postgres',
    exclusive,
    close: async () => {
      await endPool(pool);
      await onClose();
    },
  };
}

/** Opens the database and applies pending migrations. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') return openPostgres(target.url, target.ownerUrl, { migrate: target.migrate });
  if (target.kind === 'embedded') {
    const cluster = await startEmbeddedPostgres(target.dataDir);
    try {
      return await openPostgres(cluster.appUrl, cluster.ownerUrl, { exclusive: true, onClose: cluster.stop });
    } catch (err) {
      await cluster.stop();
      throw err;
    }
  }
  if (target.dataDir && !existsSync(path.join(target.dataDir, 'PG_VERSION'))) await createDataDirInChild(target.dataDir);
  const client = new PGlite({ dataDir: target.dataDir, loadDataDir: target.from, ...pgliteOptions() });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: migrationsFolder() });
  const pgliteDb: Db = db;
  return { db: pgliteDb, driver: 'pglite', exclusive: true, close: () => client.close() };
}
