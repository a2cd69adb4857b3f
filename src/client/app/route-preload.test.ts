import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onlineOrdersQuery } from '../features/online-orders/api';
import { clearUserSession, setUserSession } from '../api/session';
import { preloadRoute } from './route-preload';

// the real dashboards are whole route trees; here only whether they were asked for matters
const loaders = vi.hoisted(() => ({ owner: vi.fn(), kitchen: vi.fn(), waiter: vi.fn() }));
vi.mock('./router', () => ({ DASHBOARD_LOADERS: loaders }));

const ORDERS = [{ id: 'o1', status: 'new' }];
const fetched = () => vi.mocked(fetch).mock.calls.map(([url]) => String(url));
const owner = { uid: 'u1', email: 'patron@example.com', role: 'owner', restaurantId: 'r1' } as const;
let client: QueryClient;

beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(ORDERS), { status: 200, headers: { 'content-type': 'application/json' } })));
  for (const load of Object.values(loaders)) load.mockReset().mockResolvedValue({ default: () => null });
});
afterEach(() => {
  client.clear();
  clearUserSession();
  vi.unstubAllGlobals();
});

describe('preloadRoute', () => {
  it("starts the owner's dashboard and the inbox's orders at once, and the inbox then asks nothing more", async () => {
    setUserSession(owner);
    preloadRoute('/owner/online-takip', client);
    expect(loaders.owner).toHaveBeenCalledTimes(1);
    expect(fetched()).toEqual(['/api/restaurants/r1/online-orders']);
    await vi.waitFor(() => expect(client.getQueryData(onlineOrdersQuery().queryKey)).toEqual(ORDERS));
    // the screen (and the watcher beside it) mounting right after: the answer is used, not fetched again
    const observer = new QueryObserver(client, onlineOrdersQuery());
    const unsubscribe = observer.subscribe(() => {});
    expect(observer.getCurrentResult().data).toEqual(ORDERS);
    expect(fetched()).toHaveLength(1);
    unsubscribe();
  });

  it('another screen of the dashboard gets its chunk started, no data', () => {
    setUserSession(owner);
    preloadRoute('/owner/acik-masalar', client);
    preloadRoute('/owner', client);
    expect(loaders.owner).toHaveBeenCalledTimes(2);
    expect(fetched()).toEqual([]);
  });

  it('nothing without a session, for another role, or off the dashboards (they end on the login page)', () => {
    preloadRoute('/owner/online-takip', client);
    setUserSession({ ...owner, role: 'waiter' });
    preloadRoute('/owner/online-takip', client);
    preloadRoute('/', client);
    preloadRoute('/menu/r1', client);
    expect(Object.values(loaders).every((load) => load.mock.calls.length === 0)).toBe(true);
    expect(fetched()).toEqual([]);
  });
});
