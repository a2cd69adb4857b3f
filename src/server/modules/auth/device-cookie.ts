import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that
 * has signed in to an account keeps a signed proof of it. Its later attempts for that account are
 * limited per device instead of per account and address, so guesses from elsewhere cannot lock
 * the real staff out. One cookie holds the proofs of several accounts (a shared tablet); it names
 * no email, only an HMAC over it.
 */
export const DEVICE_COOKIE = 'sofra_device';
export const DEVICE_COOKIE_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;
const MAX_ACCOUNTS = 10;
const ENTRY = /^[\w-]{16,32}\.[\w-]{22}$/;

export class DeviceCookies {
  constructor(private readonly key: Buffer) {}

  private sign(email: string, deviceId: string) {
    return createHmac('sha256', this.key).update(`sofra-device\n${email}\n${deviceId}`).digest().subarray(0, 16).toString('base64url');
  }

  private entries(cookie: string | undefined): string[] {
    return (cookie ?? '').split('~').slice(0, MAX_ACCOUNTS).filter((e) => ENTRY.test(e));
  }

  /** The device id this browser proved for the (normalised) email, or null. */
  deviceFor(cookie: string | undefined, email: string): string | null {
    for (const entry of this.entries(cookie)) {
      const [deviceId, signature] = entry.split('.');
      const expected = Buffer.from(this.sign(email, deviceId));
      const given = Buffer.from(signature);
      if (given.length === expected.length && timingSafeEqual(given, expected)) return deviceId;
    }
    return null;
  }

  /** The cookie after a successful sign-in: this account's proof first (same device id if it had one). */
  issue(cookie: string | undefined, email: string): string {
    const deviceId = this.deviceFor(cookie, email) ?? randomBytes(12).toString('base64url');
    const mine = `${deviceId}.${this.sign(email, deviceId)}`;
    const others = this.entries(cookie).filter((e) => e !== mine);
    return [mine, ...others].slice(0, MAX_ACCOUNTS).join('~');
  }
}

/**
 * The HMAC key: kept in DATA_DIR (created on first start, readable by the server's user only) so
 * device cookies survive restarts. Without a data directory (tests) a fresh key per process.
 */
export function loadDeviceKey(dataDir: string | undefined): Buffer {
  if (!dataDir) return randomBytes(32);
  const file = path.join(dataDir, 'secrets', 'device-cookie.key');
  try {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    // Another process wrote it first: use theirs.
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
}
