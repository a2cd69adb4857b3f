import { useRef } from 'react';
import { ApiError } from './http';

/**
 * A key for one user action (one form submission). Sent as Idempotency-Key and kept until the
 * action succeeds, so pressing again after a lost answer replays instead of creating twice.
 * getRandomValues, not randomUUID: the latter is missing on plain-http LAN addresses.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Wraps a creating request so it carries the current action's key. Any answer from the server
 * (success or refusal) ends the action and the next call gets a new key; only an unknown outcome
 * (no answer at all) keeps it, which is exactly when a retry could otherwise create a duplicate.
 */
export function useIdempotentRequest<I, O>(request: (input: I, headers: Record<string, string>) => Promise<O>) {
  const key = useRef<string | null>(null);
  return async (input: I): Promise<O> => {
    key.current ??= newIdempotencyKey();
    try {
      const result = await request(input, { 'idempotency-key': key.current });
      key.current = null;
      return result;
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 0)) key.current = null;
      throw err;
    }
  };
}
