// The databases of a run: a fresh PostgreSQL database per run, SQL access to it or to the
// embedded default's cluster, and the PGlite directory of earlier builds.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export const hidePassword = (url) => url.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@');

/** A fresh database (never one a kept earlier run left, whatever the seed) and its drop(). */
export async function createDatabase(adminUrl) {
  const name = `sofra_faults_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

export async function sqlClient(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000, statement_timeout: 30_000 });
  client.on('error', () => {}); // a connection cut while the server is being killed: the next query says so
  await client.connect();
  return { query: async (text, params) => (await client.query(text, params)).rows, close: () => client.end() };
}

/**
 * The embedded cluster's owner connection while its server runs: the credentials the server keeps
 * in DATA_DIR and the port in the cluster's postmaster.pid (the same reading as the server's own
 * tools, src/server/db/embedded-postgres.ts). Null when DATA_DIR holds no such cluster.
 */
export function embeddedOwnerUrl(dataDir) {
  const credentials = path.join(dataDir, 'postgres-credentials.json');
  if (!existsSync(credentials)) return null;
  const { ownerPassword } = JSON.parse(readFileSync(credentials, 'utf8'));
  for (const clusterDir of embeddedClusterDirs(dataDir)) {
    const pidFile = path.join(clusterDir, 'postmaster.pid');
    if (!existsSync(pidFile)) continue;
    const port = Number(readFileSync(pidFile, 'utf8').split('\n')[3]);
    if (Number.isInteger(port) && port > 0) return `postgres://sofra_owner:${encodeURIComponent(ownerPassword)}@127.0.0.1:${port}/sofra`;
  }
  return null;
}

/** Inside DATA_DIR, or (as root, when the postgres user cannot reach DATA_DIR) under /var/lib/sofra. */
export function embeddedClusterDirs(dataDir) {
  const id = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  return [path.join(dataDir, 'postgres'), path.join('/var/lib/sofra', id, 'postgres')];
}

/** The PGlite data directory, opened by this script once the server has stopped (it takes no lock). */
export async function pgliteClient(dataDir) {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(dataDir);
  await db.waitReady;
  return { query: async (text, params) => (await db.query(text, params)).rows, close: () => db.close() };
}

export async function reachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}
