import path from 'node:path';
import { createKeyFile, parseHexKey, readKeyText } from '../../lib/key-file';
import { BACKUP_MESSAGES, BackupError } from './restore';

/**
 * The backup key: the secret every backup is signed with (HMAC-SHA256). A checksum anyone can
 * recompute proves nothing against someone who edits a backup on a USB stick or in a cloud folder
 * (a planted password hash would sign in); a signature needs this key, which never travels with the
 * backups. It lives in DATA_DIR/secrets/backup.key, created on first need, or comes from
 * SOFRA_BACKUP_KEY (a server without a data directory of its own, several servers sharing one key).
 */
export const BACKUP_KEY_ENV = 'SOFRA_BACKUP_KEY';

export interface BackupKeySource {
  /** SOFRA_BACKUP_KEY's value: when given, the key, whatever the data directory holds */
  envKey?: string;
  /** the data directory whose secrets/backup.key holds the key (none: only envKey) */
  dataDir?: string;
}

/** The key's source as the server and the CLIs see it: an empty SOFRA_BACKUP_KEY counts as unset, as in loadConfig. */
export function backupKeySource(env: NodeJS.ProcessEnv, dataDir: string | undefined): BackupKeySource {
  return { envKey: env[BACKUP_KEY_ENV] || undefined, dataDir };
}

export const backupKeyFile = (dataDir: string) => path.join(dataDir, 'secrets', 'backup.key');

function parseKey(text: string, where: string): Buffer {
  const key = parseHexKey(text);
  if (!key) throw new BackupError(BACKUP_MESSAGES.badKey(where));
  return key;
}

/** The key file's key, or null when there is no file. */
function readKeyFile(file: string): Buffer | null {
  const text = readKeyText(file);
  return text === null ? null : parseKey(text, file);
}

/**
 * The key to sign a new backup with: SOFRA_BACKUP_KEY, else the data directory's key file, made
 * on first need. Its making is announced once, saying where it is and that it must be kept apart
 * from the backups: a lost disk takes the key with it, and no backup restores without it.
 */
export function backupKeyForWriting(source: BackupKeySource, announce: (message: string) => void): Buffer {
  if (source.envKey !== undefined) return parseKey(source.envKey, BACKUP_KEY_ENV);
  if (!source.dataDir) throw new BackupError(BACKUP_MESSAGES.noKeyForBackup);
  const file = backupKeyFile(source.dataDir);
  const existing = readKeyFile(file);
  if (existing) return existing;
  if (createKeyFile(file)) announce(BACKUP_MESSAGES.keyCreated(file));
  return readKeyFile(file)!;
}

/**
 * The key to check a backup with, or null when there is none. Never made here: a new key would
 * only refuse every backup there is.
 */
export function backupKeyForReading(source: BackupKeySource): Buffer | null {
  if (source.envKey !== undefined) return parseKey(source.envKey, BACKUP_KEY_ENV);
  return source.dataDir ? readKeyFile(backupKeyFile(source.dataDir)) : null;
}

/** Where a restore looked for the key (named when there is none); undefined: SOFRA_BACKUP_KEY only. */
export const backupKeyLookedFor = (source: BackupKeySource) => (source.dataDir ? backupKeyFile(source.dataDir) : undefined);
