import { QueryClient, QueryObserver, type QueryObserverOptions } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { restaurantPath } from '../api/restaurant';
import { clearUserSession, setUserSession } from '../api/session';
import { billDetailQuery, closedBillsQuery } from '../features/bills/api';
import { kitchenAlertsQuery, kitchenHistoryQuery, kitchenOrdersQuery, readyLinesQuery } from '../features/kitchen/api';
import { menuQuery } from '../features/menu/api';
import { openTicketsQuery, ticketQuery } from '../features/orders/api';
import { printFailuresQuery, printerSettingsQuery } from '../features/printing/api';
import { generalSettingsQuery } from '../features/settings/api';
import { sharedDevicesQuery, staffListQuery, staffPinsQuery } from '../features/staff/api';
import { floorQuery, sectionsQuery, tablesQuery } from '../features/tables/api';

/** Every read whose URL names the signed-in person's restaurant (each through its feature's front door). */
const RESTAURANT_READS: [string, () => QueryObserverOptions<any, any, any, any, any>][] = [
  ['kitchen orders', () => kitchenOrdersQuery('')],
  ['kitchen orders of a station', () => kitchenOrdersQuery('Izgara')],
  ['kitchen history', () => kitchenHistoryQuery({ from: '2026-11-24', to: '2026-11-24' })],
  ['ready lines', () => readyLinesQuery()],
  ['kitchen alerts', () => kitchenAlertsQuery()],
  ['closed bills', () => closedBillsQuery({})],
  ['a closed bill', () => billDetailQuery('b1')],
  ['print failures', () => printFailuresQuery()],
  ['staff list', () => staffListQuery({ search: '', role: '' })],
  ['open tickets', () => openTicketsQuery()],
  ['a ticket', () => ticketQuery('t1')],
  ['menu', () => menuQuery()],
  ['tables', () => tablesQuery()],
  ['floor', () => floorQuery()],
  ['general settings', () => generalSettingsQuery()],
  ['printer settings', () => printerSettingsQuery()],
  ['shared devices', () => sharedDevicesQuery()],
  ['staff PINs', () => staffPinsQuery()],
  ['sections', () => sectionsQuery(undefined)],
];

const fetched = () => vi.mocked(fetch).mock.calls.map(([url]) => String(url));
let client: QueryClient;

beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  vi.stubGlobal('fetch', vi.fn(async () => new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } })));
});
afterEach(() => {
  client.clear();
  clearUserSession();
  vi.unstubAllGlobals();
});

/** Subscribes as a mounted screen would, and lets any fetch it starts get under way. */
async function observe(options: QueryObserverOptions<any, any, any, any, any>) {
  const observer = new QueryObserver(client, options);
  const unsubscribe = observer.subscribe(() => {});
  await new Promise((resolve) => setTimeout(resolve, 0));
  return { observer, unsubscribe };
}

describe('restaurant reads without a restaurant (after Çıkış Yap)', () => {
  it.each(RESTAURANT_READS)('%s is disabled and asks nothing', async (_name, options) => {
    clearUserSession();
    const { observer, unsubscribe } = await observe(options());
    expect(observer.getCurrentResult().fetchStatus).toBe('idle');
    expect(fetched()).toEqual([]);
    unsubscribe();
  });

  it.each(RESTAURANT_READS)('%s still runs for a signed-in person', async (_name, options) => {
    setUserSession({ uid: 'u1', email: 'mutfak@example.com', role: 'owner', restaurantId: 'r1' });
    const { unsubscribe } = await observe(options());
    // the sections read names its restaurant itself; given none, it stays idle on purpose
    if (_name !== 'sections') expect(fetched().some((u) => u.includes('/api/restaurants/r1/'))).toBe(true);
    unsubscribe();
  });

  it('the kitchen screen mounted before sign-out does not ask /api/restaurants//kitchen/orders when refreshed after it', async () => {
    setUserSession({ uid: 'k1', email: 'mutfak@example.com', role: 'kitchen', restaurantId: 'r1' });
    const { unsubscribe } = await observe(kitchenOrdersQuery(''));
    expect(fetched()).toHaveLength(1);
    clearUserSession();
    // a live event's invalidation, or the screen's own refetch, after the session is gone
    await client.invalidateQueries();
    await client.refetchQueries();
    expect(fetched()).toHaveLength(1);
    expect(fetched().some((u) => u.includes('/restaurants//'))).toBe(false);
    unsubscribe();
  });

  it('no restaurant URL is built without a restaurant id', () => {
    clearUserSession();
    expect(() => restaurantPath('/kitchen/orders')).toThrow('Oturumunuz sona erdi.');
    setUserSession({ uid: 'k1', email: 'mutfak@example.com', role: 'kitchen', restaurantId: 'r1' });
    expect(restaurantPath('/kitchen/orders')).toBe('/api/restaurants/r1/kitchen/orders');
  });
});
