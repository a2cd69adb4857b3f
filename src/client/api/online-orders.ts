import { queryOptions } from '@tanstack/react-query';
import type {
  AcceptOnlineOrderRequest,
  AcceptOnlineOrderResult,
  CustomerHistoryInfo,
  IntegrationSecretInfo,
  OnlineOrderInfo,
  PhoneOrderRequest,
  RejectOnlineOrderRequest,
} from '../../shared/online-orders-contract';
import { api } from './http';
import { queryKeys } from './query-keys';
import { currentRestaurantId, hasRestaurant, restaurantPath } from './restaurant';

/**
 * Online Sipariş Takibi (owner): the inbox, answered orders of the last day included; the screen
 * filters by status itself, so a tap on a filter never waits for the network. The live event
 * 'online-orders' refreshes it; the minute poll only catches an order whose event was missed.
 */
export const onlineOrdersQuery = () =>
  queryOptions({
    queryKey: queryKeys.onlineOrders(currentRestaurantId()),
    queryFn: () => api<OnlineOrderInfo[]>(restaurantPath('/online-orders')),
    enabled: hasRestaurant,
    refetchInterval: 60_000,
  });

/** The secret of the restaurant's own order channel (Ayarlar > Kendi Kanalımız). */
export const sofraSecretQuery = () =>
  queryOptions({
    queryKey: queryKeys.sofraSecret(currentRestaurantId()),
    queryFn: () => api<IntegrationSecretInfo>(restaurantPath('/integrations/sofra/secret')),
    enabled: hasRestaurant,
  });

/** Telefon Siparişi: the names and addresses a number gave before; asked only for a valid number (canonical "+90..."). */
export const customerHistoryQuery = (phone: string | null) =>
  queryOptions({
    queryKey: queryKeys.onlineCustomer(currentRestaurantId(), phone ?? ''),
    queryFn: () => api<CustomerHistoryInfo>(restaurantPath(`/online-orders/customers?phone=${encodeURIComponent(phone ?? '')}`)),
    enabled: () => hasRestaurant() && phone !== null,
  });

export const takePhoneOrder = (body: PhoneOrderRequest) => api<AcceptOnlineOrderResult>(restaurantPath('/online-orders/phone'), { method: 'POST', body });
export const acceptOnlineOrder = (orderId: string, body: AcceptOnlineOrderRequest) =>
  api<AcceptOnlineOrderResult>(restaurantPath(`/online-orders/${encodeURIComponent(orderId)}/accept`), { method: 'POST', body });
export const rejectOnlineOrder = (orderId: string, body: RejectOnlineOrderRequest) =>
  api<OnlineOrderInfo>(restaurantPath(`/online-orders/${encodeURIComponent(orderId)}/reject`), { method: 'POST', body });
export const rotateSofraSecret = () => api<{ secret: string }>(restaurantPath('/integrations/sofra/secret'), { method: 'POST' });
