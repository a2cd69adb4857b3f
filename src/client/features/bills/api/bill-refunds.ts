import { queryOptions } from '@tanstack/react-query';
import type { RefundInfo, RefundRequest } from '../../../../shared/day-close-contract';
import { api } from '../../../api/http';
import { newIdempotencyKey } from '../../../api/idempotency-key';
import { queryKeys } from '../../../api/query-keys';
import { currentRestaurantId, hasRestaurant, restaurantPath } from '../../../api/restaurant';

/** What went back of one closed bill already (the İade dialog). */
export const billRefundsQuery = (billId: string) =>
  queryOptions({
    queryKey: queryKeys.billRefunds(currentRestaurantId(), billId),
    queryFn: () => api<RefundInfo[]>(restaurantPath(`/bills/${encodeURIComponent(billId)}/refunds`)),
    enabled: hasRestaurant,
  });

/** One Idempotency-Key per İade the owner confirms: a retried tap never refunds twice. */
export const refundBill = (billId: string, body: RefundRequest, key: string = newIdempotencyKey()) =>
  api<RefundInfo>(restaurantPath(`/bills/${encodeURIComponent(billId)}/refunds`), { method: 'POST', body, headers: { 'idempotency-key': key } });
