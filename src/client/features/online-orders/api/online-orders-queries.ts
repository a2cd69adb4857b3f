import { queryOptions } from '@tanstack/react-query';
import type { CustomerHistoryInfo, IntegrationSecretInfo, OnlineOrderInfo, PlatformConnectionInfo } from '../../../../shared/online-orders-contract';
import { api } from '../../../api/http';
import { queryKeys } from '../../../api/query-keys';
import { currentRestaurantId, hasRestaurant, restaurantPath } from '../../../api/restaurant';

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
