import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FloorResponse } from '../../../../shared/floor-contract';
import { api } from '../../../api/http';
import { queryKeys } from '../../../api/query-keys';
import { currentRestaurantId, hasRestaurant, restaurantPath } from '../../../api/restaurant';

/** The floor (sections in order, tables with their open ticket): the layout screen and the floor view draw it. */
export const floorQuery = () =>
  queryOptions({ queryKey: queryKeys.floor(currentRestaurantId()), queryFn: () => api<FloorResponse>(restaurantPath('/floor')), enabled: hasRestaurant });

export function useFloor() {
  return useQuery(floorQuery());
}
