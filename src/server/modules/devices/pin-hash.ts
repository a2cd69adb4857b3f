import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * PINs are hashed with a key the database does not hold (ADR 0009): HMAC-SHA-256 under a key derived
 * from the server's secret in DATA_DIR/secrets, over the user id and the PIN. A 4-digit PIN has
 * 10,000 values, so a slow hash would only delay someone holding the table by minutes; without the
 * key the table is useless, and checking costs microseconds, so the check can run inside the
 * command's transaction and never waits in the password hash line.
 */
const VERSION = 'hmac1';

export const pinKeyFrom = (serverKey: Buffer) => createHmac('sha256', serverKey).update('sofra-pin-key-v1').digest();

export function hashPin(key: Buffer, userId: string, pin: string): string {
  return `${VERSION}$${createHmac('sha256', key).update(`${userId}\n${pin}`).digest('base64url')}`;
}

export function pinMatches(key: Buffer, userId: string, pin: string, stored: string): boolean {
  const a = Buffer.from(hashPin(key, userId, pin));
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}
