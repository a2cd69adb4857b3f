import { queryOptions } from '@tanstack/react-query';
import type {
  AssignTicketsRequest,
  CourierBoardResponse,
  CourierInfo,
  CourierLinkRequest,
  CourierLinkResult,
  CourierSettlementResult,
  CreateCourierRequest,
  SettleCourierRequest,
  UpdateCourierRequest,
} from '../../../../shared/couriers-contract';
import { api } from '../../../api/http';
import { newIdempotencyKey } from '../../../api/idempotency-key';
import { queryKeys } from '../../../api/query-keys';
import { currentRestaurantId, hasRestaurant, restaurantPath } from '../../../api/restaurant';

/**
 * Kurye Takibi (owner): couriers with their last positions and this shift's orders, and the ready
 * Paket Servis orders to give them. Live 'couriers' events refresh it; the interval is a safety net
 * for a screen whose event stream is down, so a courier never stays "live" on a stale read.
 */
export const courierBoardQuery = () =>
  queryOptions({
    queryKey: queryKeys.courierBoard(currentRestaurantId()),
    queryFn: () => api<CourierBoardResponse>(restaurantPath('/couriers')),
    enabled: hasRestaurant,
    refetchInterval: 60_000,
  });

const keyed = () => ({ 'idempotency-key': newIdempotencyKey() });
const courierPath = (courierId: string, rest = '') => restaurantPath(`/couriers/${encodeURIComponent(courierId)}${rest}`);

export const createCourier = (body: CreateCourierRequest) => api<CourierInfo>(restaurantPath('/couriers'), { method: 'POST', body, headers: keyed() });
export const updateCourier = (courierId: string, body: UpdateCourierRequest) => api<CourierInfo>(courierPath(courierId), { method: 'PATCH', body });
export const createCourierLink = (courierId: string, body: CourierLinkRequest = {}) =>
  api<CourierLinkResult>(courierPath(courierId, '/link'), { method: 'POST', body, headers: keyed() });
export const revokeCourierLink = (courierId: string) => api<void>(courierPath(courierId, '/link'), { method: 'DELETE' });
export const assignToCourier = (courierId: string, body: AssignTicketsRequest) =>
  api<CourierInfo>(courierPath(courierId, '/assignments'), { method: 'POST', body, headers: keyed() });
/** One Idempotency-Key per confirmed settlement: a retried tap never settles twice. */
export const settleCourier = (courierId: string, body: SettleCourierRequest, key: string = newIdempotencyKey()) =>
  api<CourierSettlementResult>(courierPath(courierId, '/settlements'), { method: 'POST', body, headers: { 'idempotency-key': key } });

/** The courier page's full address for a link path ('/kurye/<token>'), on the address the app is opened at. */
export const courierPageUrl = (path: string) => `${window.location.origin}${path}`;
