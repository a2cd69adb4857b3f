import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, linkSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * A 32-byte key kept in a file of its own beside the data (DATA_DIR/secrets/…), never in the database
 * nor in a backup: the backups' signing key (modules/backups/backup-key.ts) and the key the stored
 * secrets are sealed with (secret-box.ts).
 */
export const KEY_BYTES = 32;
const KEY_HEX = /^[0-9a-fA-F]{64}$/;

/** 64 hex digits (surrounding space allowed) → the key; null when it is not one. */
export function parseHexKey(text: string): Buffer | null {
  const hex = text.trim();
  return KEY_HEX.test(hex) ? Buffer.from(hex, 'hex') : null;
}

/** The file's text, or null when there is no file. */
export function readKeyText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/**
 * Writes a new key to `file` unless one is there; answers whether this call made it. The key is
 * written whole and flushed under a temporary name, then linked to its name: a link never
 * replaces a file, so two processes starting at once keep the first one's key, and nobody ever
 * reads a half-written key (what was sealed with a key that is then lost could never be read).
 */
export function createKeyFile(file: string): boolean {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.tmp`;
  const fd = openSync(temp, 'w', 0o600);
  try {
    writeSync(fd, `${randomBytes(KEY_BYTES).toString('hex')}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(temp, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return false;
  } finally {
    rmSync(temp, { force: true });
  }
}
