import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './http';
import { OFFLINE_COPY_HEADER } from './reachability';
import { UNREACHABLE_RETRY_MS, resyncWhenReachable } from './reachability-resync';

const orders = (headers: Record<string, string> = {}) => vi.fn(async () => new Response('[]', { status: 200, headers: { 'content-type': 'application/json', ...headers } }));
/** The service worker's answer when its own request failed: the copy saved before the drop. */
const savedCopy = () => orders({ [OFFLINE_COPY_HEADER]: '1' });

describe('a screen answered from the saved copy while the device is online', () => {
  let stop = () => {};
  beforeEach(() => vi.useFakeTimers());
  afterEach(async () => {
    stop();
    vi.stubGlobal('fetch', orders());
    await api('/api/x'); // leaves the module reachable for the next test
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks again every few seconds, and refreshes everything once on the first real answer', async () => {
    const resync = vi.fn();
    stop = resyncWhenReachable(resync);
    expect(resync).not.toHaveBeenCalled();

    vi.stubGlobal('fetch', savedCopy());
    await api('/api/restaurants/r/kitchen/orders');
    vi.advanceTimersByTime(UNREACHABLE_RETRY_MS * 2);
    expect(resync).toHaveBeenCalledTimes(2);

    vi.stubGlobal('fetch', orders());
    await api('/api/restaurants/r/kitchen/orders');
    expect(resync).toHaveBeenCalledTimes(3);
    vi.advanceTimersByTime(UNREACHABLE_RETRY_MS * 5);
    expect(resync).toHaveBeenCalledTimes(3);
  });

  it('a request that got no answer at all is asked again the same way', async () => {
    const resync = vi.fn();
    stop = resyncWhenReachable(resync);
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await api('/api/x').catch(() => {});
    vi.advanceTimersByTime(UNREACHABLE_RETRY_MS);
    expect(resync).toHaveBeenCalledTimes(1);
  });

  it('asks nothing while the device itself says it is offline', async () => {
    const resync = vi.fn();
    stop = resyncWhenReachable(resync);
    vi.stubGlobal('navigator', { onLine: false });
    window.dispatchEvent(new Event('offline'));
    vi.advanceTimersByTime(UNREACHABLE_RETRY_MS * 5);
    expect(resync).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
    window.dispatchEvent(new Event('online'));
    expect(resync).toHaveBeenCalledTimes(1);
  });

  it('stops when the screen closes', async () => {
    const resync = vi.fn();
    resyncWhenReachable(resync)();
    vi.stubGlobal('fetch', savedCopy());
    await api('/api/x');
    vi.advanceTimersByTime(UNREACHABLE_RETRY_MS * 3);
    expect(resync).not.toHaveBeenCalled();
  });
});
