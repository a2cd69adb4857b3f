import { renderHook } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { ApiError } from './http';
import { newIdempotencyKey, useIdempotentRequest } from './idempotency-key';

it('makes a fresh 32-character key every time, in the format the server accepts', () => {
  const keys = new Set(Array.from({ length: 100 }, newIdempotencyKey));
  expect(keys.size).toBe(100);
  for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
});

it('keeps the key only while the outcome is unknown', async () => {
  const seen: string[] = [];
  let answer: () => Promise<string> = () => Promise.reject(new ApiError(0, 'offline'));
  const request = vi.fn((_: null, headers: Record<string, string>) => {
    seen.push(headers['idempotency-key']);
    return answer();
  });
  const { result } = renderHook(() => useIdempotentRequest(request));
  await expect(result.current(null)).rejects.toThrow('offline');
  answer = () => Promise.resolve('ok');
  await result.current(null); // the retry after no answer reuses the key
  await result.current(null); // a new action gets a new key
  answer = () => Promise.reject(new ApiError(409, 'zaten var'));
  await expect(result.current(null)).rejects.toThrow('zaten var');
  answer = () => Promise.resolve('ok');
  await result.current(null); // a refusal ended that action too
  expect(seen[0]).toBe(seen[1]);
  expect(new Set(seen.slice(1)).size).toBe(4);
});
