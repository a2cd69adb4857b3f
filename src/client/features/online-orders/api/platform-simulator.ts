import { queryOptions } from '@tanstack/react-query';
import type { OnlineOrderSimulatorInfo, SimulateOnlineOrderRequest, SimulatedOnlineOrderResult } from '../../../../shared/online-orders-contract';
import { api } from '../../../api/http';
import { queryKeys } from '../../../api/query-keys';
import { currentRestaurantId, hasRestaurant, restaurantPath } from '../../../api/restaurant';

/** Ayarlar > Deneme Siparişleri: shown only where the restaurant has demo data (the server decides). */
export const onlineOrderSimulatorQuery = () =>
  queryOptions({
    queryKey: queryKeys.onlineOrderSimulator(currentRestaurantId()),
    queryFn: () => api<OnlineOrderSimulatorInfo>(restaurantPath('/online-orders/simulate')),
    enabled: hasRestaurant,
    staleTime: 60_000,
  });

/** One realistic sample order through the real intake; it rings on every owner screen like a real one. */
export const simulateOnlineOrder = (body: SimulateOnlineOrderRequest) =>
  api<SimulatedOnlineOrderResult>(restaurantPath('/online-orders/simulate'), { method: 'POST', body });
