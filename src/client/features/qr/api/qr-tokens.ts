import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QrTokenResponse, QrTokensResponse } from '../../../../shared/table-requests-contract';
import { api, apiRequest } from '../../../api/http';
import { queryKeys } from '../../../api/query-keys';
import { currentRestaurantId, hasRestaurant, restaurantPath } from '../../../api/restaurant';

/** Every table's QR token (the owner's): the table cards print it in the menu's address. */
export const qrTokensQuery = () =>
  queryOptions({
    queryKey: queryKeys.qrTokens(currentRestaurantId()),
    queryFn: () => api<QrTokensResponse>(restaurantPath('/tables/qr-tokens')),
    enabled: hasRestaurant,
  });

/** Each table's QR token by table id (undefined until it arrives): the tables' codes carry it. */
export function useQrTokens() {
  const tokens = useQuery(qrTokensQuery());
  return { ...tokens, byTable: new Map(tokens.data?.tables.map((t) => [t.tableId, t.token])) };
}

/** Yeni kod: a new token for the table; its old printed code stops ordering at once. */
export function useRotateQrToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tableId: string) => apiRequest<QrTokenResponse>(restaurantPath(`/tables/${encodeURIComponent(tableId)}/qr-token`), { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: qrTokensQuery().queryKey }),
  });
}
