import { createReadStream, existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ConfigError, loadConfig, type ServerConfig } from './config';
import { openDatabase, SERVER_APPLICATION_NAME } from './db/client';
import { clusterDirOf, startEmbeddedPostgres } from './db/embedded-postgres';
import { acquireDataDirLock, isDataDirLocked } from './db/lock';
import type { BackupAuth, BackupSummary } from './modules/backups';
import { BackupError, backupKeyForReading, backupKeyLookedFor, backupKeySource, migrateUpTo, restoreDatabase, UNSIGNED_BACKUP_VERSION, verifyBackup } from './modules/backups';

// npm run restore -- <file>
// Sofra must be stopped. On the embedded default the current database is kept aside, never deleted.
// The backup's signature is checked with the backup key (SOFRA_BACKUP_KEY, else DATA_DIR/secrets/backup.key).
// npm run restore -- --imzasiz-yedegi-kabul-et <file>: an old unsigned backup (version 1), on the
// word of the person restoring: its checksum still has to hold, but anyone could have remade it.

const ACCEPT_UNSIGNED = 'imzasiz-yedegi-kabul-et';
const USAGE = `Kullanım: npm run restore -- <yedek-dosyası>   (ör. npm run restore -- data/backups/sofra-2026-11-25-0300.sofra-backup.gz; eski, imzasız bir yedek için: npm run restore -- --${ACCEPT_UNSIGNED} <yedek-dosyası>)`;
const RUNNING = 'Sofra çalışıyor; geri yüklemeden önce sunucuyu durdurun.';

/** A refusal the person can act on: its message alone, exit code 1. */
class Refusal extends Error {}

const pad = (n: number) => String(n).padStart(2, '0');
const stamp = (d: Date) => `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}-${pad(d.getHours())}${pad(d.getMinutes())}${pad(d.getSeconds())}`;

/** A Sofra server's connections call themselves SERVER_APPLICATION_NAME (and so do its tools). */
async function sofraSessions(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url, application_name: 'sofra-geri-yukleme' });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where application_name = $1 and datname = current_database() and pid <> pg_backend_pid()',
      [SERVER_APPLICATION_NAME],
    );
    return rows[0].n;
  } finally {
    await client.end();
  }
}

/**
 * Brings the database as far as the backup's Sofra had (its migrations), restores the rows as its
 * owner, then lets the migrations after run on them, as on the old database itself, and gives the
 * server's role its grants (openDatabase does both).
 */
async function restoreInto(urls: { url: string; ownerUrl?: string }, file: string, auth: BackupAuth, migrations: number): Promise<BackupSummary> {
  const owner = await openDatabase({ kind: 'postgres', url: urls.ownerUrl ?? urls.url, migrate: false });
  let summary: BackupSummary;
  try {
    await migrateUpTo(owner, migrations);
    // Checked again as it is read: the file may have changed since it was verified.
    summary = await restoreDatabase(owner.db, createReadStream(file), auth);
  } finally {
    await owner.close();
  }
  const upgraded = await openDatabase({ kind: 'postgres', url: urls.url, ownerUrl: urls.ownerUrl });
  await upgraded.close();
  return summary;
}

/** DATABASE_URL: into that database, which must be empty (a new one: createdb, then this). */
async function restoreIntoPostgres(config: ServerConfig, file: string, auth: BackupAuth, migrations: number): Promise<BackupSummary> {
  if ((await sofraSessions(config.databaseOwnerUrl ?? config.databaseUrl!)) > 0) throw new Refusal(RUNNING);
  return restoreInto({ url: config.databaseUrl!, ownerUrl: config.databaseOwnerUrl }, file, auth, migrations);
}

/** Creates a cluster in DATA_DIR and restores into it. */
async function restoreIntoCluster(dataDir: string, file: string, auth: BackupAuth, migrations: number): Promise<BackupSummary> {
  const cluster = await startEmbeddedPostgres(dataDir);
  try {
    return await restoreInto({ url: cluster.appUrl, ownerUrl: cluster.ownerUrl }, file, auth, migrations);
  } finally {
    await cluster.stop();
  }
}

/**
 * A Sofra killed outright can leave its postmaster running for a moment: starting the cluster
 * once stops that one cleanly, so the directory is moved whole and at rest. A cluster too damaged
 * to start (often the reason for a restore) is moved all the same, once no postmaster lives on it.
 */
async function stopLeftoverPostmaster(dataDir: string, clusterDir: string) {
  try {
    await (await startEmbeddedPostgres(dataDir)).stop();
  } catch (err) {
    const pidFile = path.join(clusterDir, 'postmaster.pid');
    const pid = existsSync(pidFile) ? Number((await fs.readFile(pidFile, 'utf8')).split('\n')[0]) : 0;
    let alive = false;
    try {
      alive = pid > 0 && process.kill(pid, 0);
    } catch (signalErr) {
      alive = (signalErr as NodeJS.ErrnoException).code === 'EPERM';
    }
    if (alive) throw err;
  }
}

/**
 * The embedded default: the current cluster is moved aside (nothing is lost: to go back, stop
 * Sofra and move it back), a new one is made and the backup restored into it. When the restore
 * fails the new cluster is moved aside in turn and the old one put back.
 */
async function restoreEmbedded(dataDir: string, file: string, auth: BackupAuth, migrations: number): Promise<{ summary: BackupSummary; keptAt: string | null }> {
  if (await isDataDirLocked(dataDir)) throw new Refusal(RUNNING);
  const unlock = await acquireDataDirLock(dataDir);
  try {
    const clusterDir = clusterDirOf(dataDir);
    const at = stamp(new Date());
    let keptAt: string | null = null;
    if (existsSync(clusterDir)) {
      if (existsSync(path.join(clusterDir, 'postmaster.pid'))) await stopLeftoverPostmaster(dataDir, clusterDir);
      keptAt = `${clusterDir}.geri-yukleme-oncesi-${at}`;
      await fs.rename(clusterDir, keptAt);
    }
    try {
      return { summary: await restoreIntoCluster(dataDir, file, auth, migrations), keptAt };
    } catch (err) {
      // The new cluster holds nothing the backup file does not: kept aside only so nothing is deleted.
      const failedAt = `${clusterDir}.basarisiz-geri-yukleme-${at}`;
      const madeOne = existsSync(clusterDir);
      if (madeOne) await fs.rename(clusterDir, failedAt);
      if (keptAt) await fs.rename(keptAt, clusterDir);
      if (keptAt) console.error('Önceki veritabanı yerine kondu; hiçbir şey değişmedi.');
      if (madeOne) console.error(`Yarım kalan yeni veritabanı silinebilir: ${failedAt}`);
      throw err;
    }
  } finally {
    await unlock();
  }
}

async function main() {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { [ACCEPT_UNSIGNED]: { type: 'boolean', default: false } } });
  if (positionals.length !== 1) throw new Refusal(USAGE);
  const file = path.resolve(positionals[0]);
  if (!existsSync(file)) throw new Refusal(`Yedek dosyası bulunamadı: ${file}`);
  const config = loadConfig(process.env);
  // The key is only read here, never made: a new key would verify no backup there is.
  const keySource = backupKeySource(process.env, path.resolve(config.dataDir));
  const auth: BackupAuth = { key: backupKeyForReading(keySource), keyFile: backupKeyLookedFor(keySource), acceptUnsigned: values[ACCEPT_UNSIGNED] };
  // The whole file is checked before anything is touched: a damaged or forged backup changes nothing.
  const header = await verifyBackup(createReadStream(file), auth);
  const rows = Object.values(header.tables).reduce((a, b) => a + b, 0);
  const verified = header.version === UNSIGNED_BACKUP_VERSION ? `İmzasız eski yedek, --${ACCEPT_UNSIGNED} ile kabul edildi (doğrulama toplamı tutuyor)` : 'Yedek doğrulandı (imza tutuyor)';
  console.log(`${verified}: ${file} (alındığı an ${new Date(header.createdAt).toLocaleString('tr-TR')}, ${rows} satır)`);

  let summary: BackupSummary;
  if (config.databaseUrl) {
    summary = await restoreIntoPostgres(config, file, auth, header.migrations.length);
    console.log('Geri yükleme tamamlandı: PostgreSQL (DATABASE_URL).');
  } else {
    const dataDir = path.resolve(config.dataDir);
    const result = await restoreEmbedded(dataDir, file, auth, header.migrations.length);
    summary = result.summary;
    console.log(`Geri yükleme tamamlandı: gömülü PostgreSQL (${dataDir}).`);
    if (result.keptAt) console.log(`Önceki veritabanı silinmedi, şurada duruyor: ${result.keptAt}`);
  }
  const width = Math.max(...Object.keys(summary.tables).map((t) => t.length));
  for (const [table, count] of Object.entries(summary.tables)) console.log(`  ${table.padEnd(width)}  ${count} satır`);
  console.log(`Toplam ${summary.rows} satır. Sofra'yı şimdi başlatabilirsiniz.`);
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof Refusal || err instanceof BackupError) console.error(err.message);
  else console.error(`Geri yükleme yapılamadı: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
