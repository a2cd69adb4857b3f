import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OnlineOrdersWaitingInfo } from '../../../../shared/online-orders-contract';
import { api } from '../../../api/http';
import { queryKeys } from '../../../api/query-keys';
import { currentRestaurantId, hasRestaurant, restaurantPath } from '../../../api/restaurant';

/**
 * How many online orders wait for the owner's answer, and since when: all the kitchen screen may
 * know of the inbox (it rings when Ayarlar says so). The live event 'online-orders' refreshes it;
 * the minute poll only catches an event that was missed.
 */
export const onlineOrdersWaitingQuery = () =>
  queryOptions({
    queryKey: queryKeys.onlineOrdersWaiting(currentRestaurantId()),
    queryFn: () => api<OnlineOrdersWaitingInfo>(restaurantPath('/online-orders/waiting')),
    enabled: hasRestaurant,
    refetchInterval: 60_000,
  });

/** The count, asked only while `enabled` (the owner's setting is on). */
export const useOnlineOrdersWaiting = (enabled: boolean) => useQuery({ ...onlineOrdersWaitingQuery(), enabled: () => enabled && hasRestaurant() });
