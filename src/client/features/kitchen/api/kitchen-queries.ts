import { queryOptions } from '@tanstack/react-query';
import type { KitchenAlert, KitchenHistoryQuery, KitchenHistoryResponse, KitchenOrder, ReadyLine } from '../../../../shared/kitchen-contract';
import { api } from '../../../api/http';
import { queryKeys } from '../../../api/query-keys';
import { currentRestaurantId, hasRestaurant, restaurantPath } from '../../../api/restaurant';

/*
 * The kitchen's reads, each one key with its fetcher. All live under queryKeys.kitchen(): the
 * 'kitchen' and 'tickets' live events refresh them all.
 */

/** The cards still to make (scope 'active'): the screen shows no others, however many wait to be served. */
export const kitchenOrdersQuery = (station: string) => {
  const query = new URLSearchParams({ scope: 'active', ...(station ? { station } : {}) });
  return queryOptions({
    queryKey: queryKeys.kitchenOrders(currentRestaurantId(), station),
    queryFn: () => api<KitchenOrder[]>(restaurantPath(`/kitchen/orders?${query}`)),
    enabled: hasRestaurant,
  });
};

export const kitchenHistoryQuery = (query: KitchenHistoryQuery) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v) params.set(k, String(v));
  return queryOptions({
    queryKey: queryKeys.kitchenHistory(currentRestaurantId(), params.toString()),
    queryFn: () => api<KitchenHistoryResponse>(restaurantPath(`/kitchen/history?${params}`)),
    enabled: hasRestaurant,
  });
};

/** The waiter's dishes the kitchen has made ready. */
export const readyLinesQuery = () =>
  queryOptions({ queryKey: queryKeys.readyLines(currentRestaurantId()), queryFn: () => api<ReadyLine[]>(restaurantPath('/kitchen/ready')), enabled: hasRestaurant });

/** Batches no screen of their station received in time. */
export const kitchenAlertsQuery = () =>
  queryOptions({ queryKey: queryKeys.kitchenAlerts(currentRestaurantId()), queryFn: () => api<KitchenAlert[]>(restaurantPath('/kitchen/alerts')), enabled: hasRestaurant });
