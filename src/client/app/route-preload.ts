import type { QueryClient } from '@tanstack/react-query';
import { isRole, type Role } from '../../shared/domain/roles';
import { onlineOrdersQuery } from '../features/online-orders/api';
import { getUserSession } from '../api/session';
import { DASHBOARD_LOADERS } from './router';

/**
 * The first read of the screens opened straight from the address bar where the wait is felt
 * most (a reload of a long list), by the role's path and the screen's. The same queryOptions as
 * the screen's own useQuery: the screen finds the answer, or the request under way, in the cache.
 */
const FIRST_READS: Partial<Record<`${Role}/${string}`, (queryClient: QueryClient) => Promise<void>>> = {
  'owner/online-takip': (queryClient) => {
    // the screen's own chunk too: otherwise asked for only once the dashboard has drawn, and the
    // orders, long arrived, wait for it (the same import as owner-app.tsx's: one chunk, one module)
    import('../features/online-orders/online-orders-page').catch(() => undefined);
    return queryClient.prefetchQuery(onlineOrdersQuery());
  },
};

/**
 * On a full page load at a dashboard's address (a reload, a bookmark, the installed app
 * reopening), starts at once what would otherwise wait for the start-up to draw: the dashboard's
 * chunk, and for the screens above their first read. Only for the signed-in person's own
 * dashboard (any other address ends on the login page), and nothing that must succeed: the
 * route asks again for whatever failed here, and shows the error.
 */
export function preloadRoute(pathname: string, queryClient: QueryClient) {
  const [, role, screen = ''] = pathname.split('/');
  const session = getUserSession();
  if (!isRole(role) || session?.role !== role || !session.restaurantId) return;
  DASHBOARD_LOADERS[role]().catch(() => undefined);
  void FIRST_READS[`${role}/${screen}`]?.(queryClient);
}
