import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TableRequestsResponse } from '../../../../shared/table-requests-contract';
import { api } from '../../../api/http';
import { queryKeys } from '../../../api/query-keys';
import { currentRestaurantId, hasRestaurant, restaurantPath } from '../../../api/restaurant';

/**
 * QR Sipariş: the guests' waiting requests and calls (and the last hour's answered ones):
 * the 'table-requests' live event refreshes them; the minute poll only catches a missed event and
 * lets a request that expired meanwhile read as expired.
 */
export const tableRequestsQuery = () =>
  queryOptions({
    queryKey: queryKeys.tableRequests(currentRestaurantId()),
    queryFn: () => api<TableRequestsResponse>(restaurantPath('/table-requests')),
    enabled: hasRestaurant,
    refetchInterval: 60_000,
  });

export const useTableRequests = () => useQuery(tableRequestsQuery());
