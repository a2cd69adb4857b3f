import { z } from 'zod';

/**
 * Ayarlar → Yedek anahtarı (owner): where the key every backup is signed with is kept, and the key
 * itself until someone says it has been put away. Without it no backup restores; whoever holds it
 * can sign an edited one — so it is shown once, to the owner of the server's first restaurant (the
 * installation's own), never to a second restaurant's owner sharing the server.
 */
export const BACKUP_KEY_SOURCES = ['file', 'env', 'none'] as const;
export type BackupKeyKind = (typeof BACKUP_KEY_SOURCES)[number];

export const backupKeyState = z.object({
  /** file: DATA_DIR/secrets/backup.key; env: SOFRA_BACKUP_KEY; none: nowhere to keep one (no data directory) */
  source: z.enum(BACKUP_KEY_SOURCES),
  /** the key file's path on the server (source 'file') */
  location: z.string().nullable(),
  /** the first 16 hex digits of the key's SHA-256, in groups of four: to tell a copy is this key */
  fingerprint: z.string().nullable(),
  /** the key (64 hex digits), only until it is marked as kept, and only to the installation's owner */
  key: z.string().nullable(),
  /** whether this restaurant's owner is the one the key is shown to */
  isKeeper: z.boolean(),
  keptAt: z.string().nullable(),
  keptByName: z.string().nullable(),
});
export type BackupKeyState = z.infer<typeof backupKeyState>;

/** "Anahtarı sakladım": the fingerprint of the key that was shown (a key changed meanwhile answers 409). */
export const backupKeyKeptRequest = z.object({ fingerprint: z.string().regex(/^[0-9A-F]{4}(-[0-9A-F]{4}){3}$/, 'Geçersiz parmak izi') });
