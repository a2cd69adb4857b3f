import { queryOptions } from '@tanstack/react-query';
import type { BillDetail, BillSummary } from '../../../../shared/bill-contract';
import { api } from '../../../api/http';
import { queryKeys } from '../../../api/query-keys';
import { currentRestaurantId, hasRestaurant, restaurantPath } from '../../../api/restaurant';

/** Kapalı Hesaplar: a business day or a range, or one bill by its number. */
export const closedBillsQuery = (query: { from?: string; to?: string; number?: number }) => {
  const params = new URLSearchParams();
  if (query.number) params.set('number', String(query.number));
  else {
    if (query.from) params.set('from', query.from);
    if (query.to) params.set('to', query.to);
  }
  const qs = params.toString();
  return queryOptions({
    queryKey: queryKeys.billList(currentRestaurantId(), qs),
    queryFn: () => api<BillSummary[]>(restaurantPath(`/bills${qs ? `?${qs}` : ''}`)),
    enabled: hasRestaurant,
  });
};

/** One closed bill with its lines, payments and history; nothing is fetched without an id. */
export const billDetailQuery = (billId: string | null) =>
  queryOptions({
    queryKey: queryKeys.billDetail(currentRestaurantId(), billId),
    enabled: () => billId !== null && hasRestaurant(),
    queryFn: () => api<BillDetail>(restaurantPath(`/bills/${encodeURIComponent(billId!)}`)),
  });
