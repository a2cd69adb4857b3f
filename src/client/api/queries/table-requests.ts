import { queryOptions } from '@tanstack/react-query';
import type { QrTokensResponse, TableRequestsResponse } from '../../../shared/table-requests-contract';
import { api } from '../http';
import { queryKeys } from '../query-keys';
import { currentRestaurantId, hasRestaurant, restaurantPath } from '../restaurant';

/**
 * QR Sipariş's reads. The guests' waiting requests and calls (and the last hour's answered ones):
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

/** Every table's QR token (the owner's): the table cards print it in the menu's address. */
export const qrTokensQuery = () =>
  queryOptions({
    queryKey: queryKeys.qrTokens(currentRestaurantId()),
    queryFn: () => api<QrTokensResponse>(restaurantPath('/tables/qr-tokens')),
    enabled: hasRestaurant,
  });
