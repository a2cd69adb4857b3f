import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type ServerConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { clusterDirOf, runningEmbeddedUrls, startEmbeddedPostgres } from './db/embedded-postgres';
import { acquireDataDirLock, DataDirLockedError } from './db/lock';
import { backupFileName, backupKeyForWriting, backupKeySource, writeBackupFile } from './modules/backups';

// npm run backup [-- <file>]
// Without a file the backup goes to DATA_DIR/backups/sofra-YYYY-MM-DD-HHmm.sofra-backup.gz.

/**
 * The database to back up, as its owner (who may read the migration list), and never migrated:
 * a backup taken before an upgrade must be the database as it was.
 * - DATABASE_URL: that server (as DATABASE_OWNER_URL when given);
 * - embedded, a Sofra running on DATA_DIR: its cluster, beside it (the backup is one consistent
 *   instant while the restaurant keeps working);
 * - embedded, nothing running: the cluster is started for the backup, DATA_DIR locked meanwhile.
 */
async function openForBackup(config: ServerConfig): Promise<{ database: Database; where: string; release(): Promise<void> }> {
  if (config.databaseUrl) {
    const database = await openDatabase({ kind: 'postgres', url: config.databaseOwnerUrl ?? config.databaseUrl, migrate: false });
    return { database, where: 'PostgreSQL', release: () => database.close() };
  }
  const dataDir = path.resolve(config.dataDir);
  if (!existsSync(path.join(clusterDirOf(dataDir), 'PG_VERSION'))) {
    throw new Error(`Yedeklenecek veritabanı yok: ${dataDir} içinde Sofra hiç çalıştırılmamış (DATA_DIR doğru mu?).`);
  }
  let unlock: () => Promise<void>;
  try {
    unlock = await acquireDataDirLock(dataDir);
  } catch (err) {
    // The lock, not postmaster.pid, tells a running Sofra: a crash leaves the pid file behind.
    const running = err instanceof DataDirLockedError ? runningEmbeddedUrls(dataDir) : null;
    if (!running) throw err;
    const database = await openDatabase({ kind: 'postgres', url: running.ownerUrl, migrate: false });
    return { database, where: `çalışan sunucunun veritabanı (${dataDir})`, release: () => database.close() };
  }
  try {
    const cluster = await startEmbeddedPostgres(dataDir);
    try {
      const database = await openDatabase({ kind: 'postgres', url: cluster.ownerUrl, migrate: false });
      return {
        database,
        where: `gömülü PostgreSQL (${dataDir})`,
        release: async () => {
          await database.close();
          await cluster.stop();
          await unlock();
        },
      };
    } catch (err) {
      await cluster.stop();
      throw err;
    }
  } catch (err) {
    await unlock();
    throw err;
  }
}

/**
 * The data directory whose secrets/backup.key signs the backup (SOFRA_BACKUP_KEY comes first). On
 * the embedded default it is DATA_DIR, which holds the database. With DATABASE_URL, only a DATA_DIR
 * that exists (the server's, beside it): a key made in a folder nobody knows of would sign backups
 * that nobody could restore, so without one the backup is refused and asks for SOFRA_BACKUP_KEY.
 */
function keyDataDir(config: ServerConfig): string | undefined {
  const dataDir = path.resolve(config.dataDir);
  return !config.databaseUrl || existsSync(dataDir) ? dataDir : undefined;
}

async function main() {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  const config = loadConfig(process.env);
  const file = positionals[0] ? path.resolve(positionals[0]) : path.join(path.resolve(config.dataDir), 'backups', backupFileName(new Date()));
  const opened = await openForBackup(config);
  try {
    // After the database is found: a mistyped DATA_DIR gets no key made in it.
    const key = backupKeyForWriting(backupKeySource(process.env, keyDataDir(config)), (message) => console.log(message));
    const summary = await writeBackupFile(opened.database.db, file, key);
    const width = Math.max(...Object.keys(summary.tables).map((t) => t.length));
    console.log(`Yedek alındı: ${file}`);
    console.log(`Veritabanı: ${opened.where}`);
    for (const [table, count] of Object.entries(summary.tables)) console.log(`  ${table.padEnd(width)}  ${count} satır`);
    console.log(`Toplam ${summary.rows} satır, ${Object.keys(summary.tables).length} tablo.`);
    console.log(`Geri yüklemek için (sunucu durmuşken): npm run restore -- "${file}"`);
  } finally {
    await opened.release();
  }
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : `Yedek alınamadı: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
