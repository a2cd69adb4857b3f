import { describe, expect, it } from 'vitest';
import { ResponseCache } from './response-cache';

describe('ResponseCache', () => {
  it('keeps entries within its byte budget, dropping the least recently used first', () => {
    const entry = (body: string) => ({ etag: '"1"', body });
    const cache = new ResponseCache(200);
    cache.set('/a', entry('x'.repeat(30)));
    cache.set('/b', entry('y'.repeat(30)));
    cache.get('/a'); // /a is now the most recently used
    cache.set('/c', entry('z'.repeat(30)));
    expect(cache.get('/b')).toBeUndefined();
    expect(cache.get('/a')?.body).toHaveLength(30);
    expect(cache.get('/c')).toBeDefined();
    expect(cache.totalBytes).toBeLessThanOrEqual(200);
  });

  it('never stores an entry larger than the whole budget; -1 means unlimited', () => {
    const small = new ResponseCache(10);
    small.set('/big', { etag: '"1"', body: 'x'.repeat(100) });
    expect(small.get('/big')).toBeUndefined();
    const unlimited = new ResponseCache(-1);
    unlimited.set('/big', { etag: '"1"', body: 'x'.repeat(1_000_000) });
    expect(unlimited.get('/big')).toBeDefined();
  });
});
