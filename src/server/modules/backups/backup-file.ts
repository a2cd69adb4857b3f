import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/client';
import { dumpDatabase, type BackupSummary } from './dump';

/** sofra-2026-11-25-0300.sofra-backup.gz: sorted by name is sorted by time. */
export const BACKUP_FILE_PATTERN = /^sofra-\d{4}-\d{2}-\d{2}-\d{4}\.sofra-backup\.gz$/;
const TEMP_PATTERN = /^\.sofra-.*\.tmp$/;
/** A temporary file older than this belongs to a backup that died (crash, power cut). */
const STALE_TEMP_MS = 6 * 3_600_000;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The restaurant's own day and time (the machine's time zone), as people look for a backup. */
export function backupDay(at: Date): string {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

export function backupFileName(at: Date): string {
  return `sofra-${backupDay(at)}-${pad(at.getHours())}${pad(at.getMinutes())}.sofra-backup.gz`;
}

/** Sofra's backups in `dir`, oldest first (only files named like one: nothing else is touched). */
export async function listBackups(dir: string): Promise<string[]> {
  try {
    return (await fs.readdir(dir)).filter((n) => BACKUP_FILE_PATTERN.test(n)).sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

/** Makes a rename inside `dir` durable; Windows cannot open a directory, and does not need it. */
async function syncDirectory(dir: string) {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(dir, 'r');
    await handle.sync();
  } catch {
    // best effort: the file itself is already on disk
  } finally {
    await handle?.close();
  }
}

/**
 * Writes a backup to `file`. It is written under a temporary name, flushed to disk and only then
 * renamed: whatever happens meanwhile (crash, full disk, power cut), a file with a backup's name
 * is a whole backup. It is signed with `key` (backupKeyForWriting).
 */
export async function writeBackupFile(db: Db, file: string, key: Buffer): Promise<BackupSummary> {
  const dir = path.dirname(file);
  // A backup holds password and session hashes: readable by Sofra's user only.
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const temp = path.join(dir, `.${path.basename(file)}.${process.pid}.tmp`);
  try {
    // flush: the data is fsync'ed before the file is closed.
    const out = createWriteStream(temp, { flush: true, mode: 0o600 });
    // Opened before anything can fail, so the clean-up below never races the file's creation.
    await once(out, 'ready');
    const summary = await dumpDatabase(db, out, key);
    await fs.rename(temp, file);
    await syncDirectory(dir);
    return summary;
  } catch (err) {
    await fs.rm(temp, { force: true });
    throw err;
  }
}

/** Deletes the oldest backups beyond `keep`; answers the names deleted. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const all = await listBackups(dir);
  const old = all.slice(0, Math.max(0, all.length - keep));
  for (const name of old) await fs.rm(path.join(dir, name), { force: true });
  return old;
}

/** Removes temporary files a dead backup left behind (never one another process is still writing). */
export async function removeStaleTemps(dir: string): Promise<void> {
  let names: string[];
  try {
    names = (await fs.readdir(dir)).filter((n) => TEMP_PATTERN.test(n));
  } catch {
    return;
  }
  for (const name of names) {
    const full = path.join(dir, name);
    const stat = await fs.stat(full).catch(() => null);
    if (stat && Date.now() - stat.mtimeMs > STALE_TEMP_MS) await fs.rm(full, { force: true });
  }
}
