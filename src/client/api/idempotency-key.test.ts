import { expect, it } from 'vitest';
import { newIdempotencyKey } from './idempotency-key';

it('makes a fresh 32-character key every time, in the format the server accepts', () => {
  const keys = new Set(Array.from({ length: 100 }, newIdempotencyKey));
  expect(keys.size).toBe(100);
  for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
});
