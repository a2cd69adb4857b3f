import { queryOptions } from '@tanstack/react-query';
import type { AcceptOnlineOrderRequest, AcceptOnlineOrderResult, CustomerHistoryInfo, IntegrationSecretInfo, MapPlatformProductRequest, MapPlatformProductResult, OnlineOrderInfo, PausePlatformRequest, PhoneOrderRequest, PlatformConnectionInfo, PlatformConnectionInput, RejectOnlineOrderRequest } from '../../shared/online-orders-contract';
import type { DeliveryPlatform } from '../../shared/domain/channels';
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
    // An answer a few seconds old is not asked again when a screen mounts or the window regains
    // focus: the start-up's read (app/route-preload.ts) then serves the inbox it was made for,
    // instead of 200 orders fetched twice. Live events and answers still refresh it at once.
    staleTime: 5_000,
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
export const handOverOnlineOrder = (orderId: string) => api<OnlineOrderInfo>(restaurantPath(`/online-orders/${encodeURIComponent(orderId)}/handover`), { method: 'POST' });
export const rotateSofraSecret = () => api<{ secret: string }>(restaurantPath('/integrations/sofra/secret'), { method: 'POST' });

/**
 * The delivery platforms' connections (Ayarlar > Yemek Platformları; the inbox's Yoğunuz). The
 * outbox sends a Yoğunuz after the answer, with no live event of its own: while the last one is
 * still on its way the list is asked again, so its outcome (sent, or failing) shows by itself.
 */
export const platformConnectionsQuery = () =>
  queryOptions({
    queryKey: queryKeys.platformConnections(currentRestaurantId()),
    queryFn: () => api<PlatformConnectionInfo[]>(restaurantPath('/integrations/platforms')),
    enabled: hasRestaurant,
    refetchInterval: (query) => (query.state.data?.some(isPauseUnsettled) ? 5000 : false),
  });

/** A Yoğunuz whose time is not over and whose call has not gone through (or given up) yet. */
const isPauseUnsettled = (c: PlatformConnectionInfo) =>
  c.lastPause !== null &&
  (c.lastPause.status === 'pending' || c.lastPause.status === 'failing') &&
  Date.parse(c.lastPause.requestedAt) + c.lastPause.minutes * 60_000 > Date.now();

export const savePlatformConnection = (platform: DeliveryPlatform, body: PlatformConnectionInput) =>
  api<PlatformConnectionInfo>(restaurantPath(`/integrations/platforms/${platform}`), { method: 'PUT', body });
/** Eşleştir: the platform's product code → a Sofra dish; the waiting orders with that code get it. */
export const mapPlatformProduct = (platform: DeliveryPlatform, code: string, body: MapPlatformProductRequest) =>
  api<MapPlatformProductResult>(restaurantPath(`/integrations/platforms/${platform}/products/${encodeURIComponent(code)}`), { method: 'PUT', body });
/** Yoğunuz: the platform stops sending orders for `minutes` (sent through the outbox). */
export const pausePlatform = (platform: DeliveryPlatform, body: PausePlatformRequest) =>
  api<void>(restaurantPath(`/integrations/platforms/${platform}/pause`), { method: 'POST', body });
