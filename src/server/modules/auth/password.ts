import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { HashQueue } from './hash-queue';

/** OWASP's scrypt floor: N=2^17, r=8, p=1. Parameters travel inside the hash so they can be raised later. */
export const DEFAULT_SCRYPT_COST = 2 ** 17;
const KEY_LENGTH = 32;

/**
 * One line for every hash of the process. Each hash at N=2^17 holds 128 MiB while it runs, so at
 * most two run at once. One client may hold 4 places; at most 8 wait in all, and nobody is let in
 * who would wait more than 1.5 s at the recent hash duration (~350 ms on an idle 2-core PC, more
 * when it is busy). A flood from one address keeps only 4 places (see docs/configuration.md, "Giriş koruması").
 */
export const hashQueue = new HashQueue({ concurrency: 2, maxPerClient: 4, maxWaiting: 8, maxWaitMs: 1500 });

/** `client` names who asked (an address or a known device) for the queue's per-client bound. */
function scryptAsync(password: string, salt: Buffer, options: ScryptOptions, client?: string): Promise<Buffer> {
  return hashQueue.run(
    client,
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password, salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
      ),
  );
}

const optionsFor = (N: number, r: number, p: number): ScryptOptions => ({ N, r, p, maxmem: 256 * N * r + 1024 * 1024 });

/** Format: scrypt$N$r$p$salt$hash (base64url). */
export async function hashPassword(password: string, cost = DEFAULT_SCRYPT_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, optionsFor(cost, 8, 1));
  return ['scrypt', cost, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Throws HashQueueFull when `client` may not queue another hash now. */
export async function verifyPassword(password: string, stored: string, client?: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scryptAsync(password, Buffer.from(salt, 'base64url'), optionsFor(Number(n), Number(r), Number(p)), client);
  return key.length === expected.length && timingSafeEqual(key, expected);
}
