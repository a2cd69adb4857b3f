/**
 * A key for one user action (one form submission). Sent as Idempotency-Key and kept until the
 * action succeeds, so pressing again after a lost answer replays instead of creating twice.
 * getRandomValues, not randomUUID: the latter is missing on plain-http LAN addresses.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
