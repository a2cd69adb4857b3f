import { queryOptions } from '@tanstack/react-query';
import type {
  CashMovementInfo,
  CashMovementRequest,
  ClosedDaySummary,
  DayCloseReport,
  DayCloseRequest,
} from '../../../../shared/day-close-contract';
import { api } from '../../../api/http';
import { newIdempotencyKey } from '../../../api/idempotency-key';
import { queryKeys } from '../../../api/query-keys';
import { currentRestaurantId, hasRestaurant, restaurantPath } from '../../../api/restaurant';

/** Gün Sonu (owner): the day to close as it stands, the closed days, one report, the open day's Kasa movements. */
export const dayPreviewQuery = () =>
  queryOptions({
    queryKey: queryKeys.dayPreview(currentRestaurantId()),
    queryFn: () => api<DayCloseReport>(restaurantPath('/days/current')),
    enabled: hasRestaurant,
  });

export const closedDaysQuery = () =>
  queryOptions({
    queryKey: queryKeys.dayList(currentRestaurantId()),
    queryFn: () => api<ClosedDaySummary[]>(restaurantPath('/days')),
    enabled: hasRestaurant,
  });

export const dayReportQuery = (number: number | null) =>
  queryOptions({
    queryKey: queryKeys.dayReport(currentRestaurantId(), number ?? 0),
    queryFn: () => api<DayCloseReport>(restaurantPath(`/days/${number}`)),
    enabled: () => hasRestaurant() && number !== null,
    // a closed report never changes
    staleTime: Infinity,
  });

export const cashMovementsQuery = () =>
  queryOptions({
    queryKey: queryKeys.cashMovements(currentRestaurantId()),
    queryFn: () => api<CashMovementInfo[]>(restaurantPath('/cash-movements')),
    enabled: hasRestaurant,
  });

const keyed = () => ({ 'idempotency-key': newIdempotencyKey() });

/** One Idempotency-Key per confirmed close: a retried tap gets the same report, never a second close. */
export const closeDay = (body: DayCloseRequest, key: string = newIdempotencyKey()) =>
  api<DayCloseReport>(restaurantPath('/days/close'), { method: 'POST', body, headers: { 'idempotency-key': key } });
export const addCashMovement = (body: CashMovementRequest) =>
  api<CashMovementInfo>(restaurantPath('/cash-movements'), { method: 'POST', body, headers: keyed() });
