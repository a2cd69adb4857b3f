import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import path from 'node:path';
import { createKeyFile, parseHexKey, readKeyText } from './key-file';

/**
 * The secrets Sofra must keep readable (the own channel's signing secret, the delivery platforms'
 * webhook secrets and credentials) are stored sealed: AES-256-GCM with a key kept outside the
 * database, in DATA_DIR/secrets/secrets.key (made on first start) or SOFRA_SECRETS_KEY (several
 * servers without one data directory). A copy of the database or a backup then carries them
 * unreadable; the columns are typed with `sealedText` (db/schema.ts), so every read and write goes
 * through here. A value without the prefix was stored before sealing existed and is read as it
 * is; the server seals those at start (modules/online-orders/seal-secrets.ts).
 */
export const SECRETS_KEY_ENV = 'SOFRA_SECRETS_KEY';
const PREFIX = 'sv1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export const SECRET_BOX_MESSAGES = {
  noKey: 'Saklı anahtarların şifre anahtarı yüklenmedi (DATA_DIR/secrets/secrets.key ya da SOFRA_SECRETS_KEY)',
  badKey: (where: string) => `${where} 64 onaltılık haneden oluşmalı (ör. \`openssl rand -hex 32\` çıktısı)`,
  wrongKey:
    'Saklı bir anahtar açılamadı: bu veritabanı başka bir şifre anahtarıyla yazılmış. Eski sunucunun DATA_DIR/secrets/secrets.key dosyasını (ya da SOFRA_SECRETS_KEY değerini) geri koyun',
  keyCreated: (file: string) =>
    `Saklı anahtarların şifre anahtarı oluşturuldu: ${file}. Bu dosyayı (yedek anahtarıyla birlikte) veritabanından ve yedeklerden ayrı bir yerde saklayın: o olmadan yedekten dönülen veritabanındaki kanal ve platform anahtarları okunamaz.`,
} as const;

let key: Buffer | null = null;

/** The key the process seals and opens with (the server at start; tests with a key of their own); answers the one it replaces. */
export function useSecretsKey(k: Buffer): Buffer | null {
  const before = key;
  key = k;
  return before;
}

export const hasSecretsKey = () => key !== null;

export const secretsKeyFile = (dataDir: string) => path.join(dataDir, 'secrets', 'secrets.key');

/** SOFRA_SECRETS_KEY, else DATA_DIR's key file, made (and announced) on first start. */
export function loadSecretsKey(env: NodeJS.ProcessEnv, dataDir: string, announce: (message: string) => void): Buffer {
  const fromEnv = env[SECRETS_KEY_ENV];
  if (fromEnv) return parseHexKey(fromEnv) ?? fail(SECRET_BOX_MESSAGES.badKey(SECRETS_KEY_ENV));
  const file = secretsKeyFile(dataDir);
  if (readKeyText(file) === null && createKeyFile(file)) announce(SECRET_BOX_MESSAGES.keyCreated(file));
  return parseHexKey(readKeyText(file) ?? '') ?? fail(SECRET_BOX_MESSAGES.badKey(file));
}

const fail = (message: string): never => {
  throw new Error(message);
};

const current = () => key ?? fail(SECRET_BOX_MESSAGES.noKey);

export const isSealed = (stored: string) => stored.startsWith(PREFIX);

export function sealSecret(plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', current(), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

export function openSecret(stored: string): string {
  if (!isSealed(stored)) return stored;
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', current(), raw.subarray(0, IV_BYTES));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    throw new Error(SECRET_BOX_MESSAGES.wrongKey);
  }
}
