import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ONLINE_ORDER_LIMITS } from '../../../shared/online-orders-contract';

/**
 * The restaurant's own channel signs "<timestamp>.<raw body>" with HMAC-SHA256 and its secret, like
 * Stripe's webhooks: the body cannot be changed, and a captured request cannot be replayed later
 * than the clock window (a replay inside the window finds the same externalId and makes nothing).
 */
export function signSofraBody(secret: string, timestamp: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex')}`;
}

export type SignatureProblem = 'missing' | 'stale' | 'bad';

/** null when the request is the secret holder's and fresh; otherwise what is wrong. */
export function signatureProblem(
  secret: string,
  timestamp: string | undefined,
  signature: string | undefined,
  rawBody: string,
  nowMs = Date.now(),
): SignatureProblem | null {
  if (!timestamp || !signature) return 'missing';
  if (!/^\d{1,12}$/.test(timestamp)) return 'bad';
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > ONLINE_ORDER_LIMITS.clockSkewSeconds) return 'stale';
  const expected = Buffer.from(signSofraBody(secret, timestamp, rawBody), 'utf8');
  const given = Buffer.from(signature.trim().toLowerCase(), 'utf8');
  // constant time: the comparison must not tell an attacker how many leading characters were right
  if (given.length !== expected.length) return 'bad';
  return timingSafeEqual(given, expected) ? null : 'bad';
}

/** A new secret: 256 random bits, URL-safe, prefixed so it is recognisable in a config file. */
export function newSofraSecret(): string {
  return `sofra_sk_${randomBytes(32).toString('base64url')}`;
}
