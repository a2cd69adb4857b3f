import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearUserSession, setUserSession } from '../../../api/session';
import { useKitchenOrders, useReadyLines } from './kitchen-hooks';

afterEach(() => {
  clearUserSession();
  vi.unstubAllGlobals();
});

function setUp() {
  vi.stubGlobal('fetch', vi.fn(async () => new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } })));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return { wrapper, urls: () => vi.mocked(fetch).mock.calls.map(([url]) => String(url)) };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('kitchen reads without a restaurant (after Çıkış Yap)', () => {
  it('the kitchen screen and Garson Ekranı stay idle, whatever the screen passes as enabled', async () => {
    clearUserSession();
    const { wrapper, urls } = setUp();
    const orders = renderHook(() => useKitchenOrders(''), { wrapper });
    const ready = renderHook(() => useReadyLines(true), { wrapper });
    await settle();
    expect(orders.result.current.fetchStatus).toBe('idle');
    expect(ready.result.current.fetchStatus).toBe('idle');
    expect(urls()).toEqual([]);
  });

  it('with a restaurant they ask that restaurant, and Garson Ekranı still obeys its own enabled', async () => {
    setUserSession({ uid: 'k1', email: 'mutfak@example.com', role: 'kitchen', restaurantId: 'r1' });
    const { wrapper, urls } = setUp();
    renderHook(() => useKitchenOrders(''), { wrapper });
    renderHook(() => useReadyLines(false), { wrapper });
    await settle();
    expect(urls()).toEqual(['/api/restaurants/r1/kitchen/orders?scope=active']);
  });
});
