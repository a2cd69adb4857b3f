import path from 'node:path';
import type { Db } from '../../db/client';
import { backupDay, backupFileName, listBackups, pruneBackups, removeStaleTemps, writeBackupFile } from './backup-file';
import { backupKeyForWriting, type BackupKeySource } from './backup-key';

/** What the server's logger (pino) and `console` both offer. */
export interface BackupLogger {
  info(message: string): void;
  /** what must not be missed at a quieter LOG_LEVEL: the backup key's making */
  warn(message: string): void;
  error(message: string): void;
}

export interface DailyBackupOptions {
  db: Db;
  /** where the backups go (DATA_DIR/backups on the embedded default) */
  dir: string;
  /** where the backup key comes from (backupKeySource: SOFRA_BACKUP_KEY, else DATA_DIR's key file) */
  key: BackupKeySource;
  /** how many backups to keep; the oldest beyond are deleted */
  keep?: number;
  now?: () => Date;
  /** how often to look whether today's backup is due (an hour) */
  intervalMs?: number;
  logger?: BackupLogger;
}

const HOUR_MS = 3_600_000;

/**
 * One backup a day: taken when the day has none yet. Asked at start and then every hour, so a PC
 * switched on at noon, or one that was off at midnight, still gets its day's backup.
 * Answers the file written, or null when the day already had one.
 */
export async function takeDailyBackupIfDue(options: DailyBackupOptions): Promise<string | null> {
  const { db, dir, key, keep = 14, now = () => new Date(), logger = console } = options;
  const at = now();
  const today = `sofra-${backupDay(at)}-`;
  await removeStaleTemps(dir);
  if ((await listBackups(dir)).some((name) => name.startsWith(today))) return null;
  const file = path.join(dir, backupFileName(at));
  // Read (or made, and announced in the log) when a backup is due, not at start: a key that cannot
  // be had fails that backup, logged and tried again, and never stops the restaurant taking orders.
  const signingKey = backupKeyForWriting(key, (message) => logger.warn(message));
  const summary = await writeBackupFile(db, file, signingKey);
  logger.info(`Günlük yedek alındı: ${file} (${summary.rows} satır)`);
  for (const name of await pruneBackups(dir, keep)) logger.info(`Eski yedek silindi: ${path.join(dir, name)} (en yeni ${keep} yedek saklanır)`);
  return file;
}

/**
 * Starts the daily backups; answers a function that stops them and waits for a backup in
 * progress (call it before closing the database). A failure is logged and tried again at the next
 * check: a full disk must never stop the restaurant taking orders.
 */
export function startDailyBackups(options: DailyBackupOptions): () => Promise<void> {
  const { intervalMs = HOUR_MS, logger = console } = options;
  let running: Promise<void> | null = null;
  let stopped = false;
  const check = () => {
    if (stopped || running) return;
    running = takeDailyBackupIfDue(options)
      .then(() => undefined)
      .catch((err: unknown) => {
        const reason = err instanceof Error ? err.message : String(err);
        logger.error(`Günlük yedek alınamadı (${options.dir}): ${reason}. Bir sonraki denetimde yeniden denenecek.`);
      })
      .finally(() => {
        running = null;
      });
  };
  check();
  const timer = setInterval(check, intervalMs);
  // The backups never keep the process alive on their own.
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
