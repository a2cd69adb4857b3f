import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminMenu } from '../../../../shared/menu-contract';
import { api } from '../../../api/http';
import { queryKeys } from '../../../api/query-keys';
import { currentRestaurantId, hasRestaurant, restaurantPath } from '../../../api/restaurant';

/** The menu as staff screens read it (categories, items with stations and option groups). */
export const menuQuery = () =>
  queryOptions({ queryKey: queryKeys.menu(currentRestaurantId()), queryFn: () => api<AdminMenu>(restaurantPath('/menu')), enabled: hasRestaurant });
export const useMenu = () => useQuery(menuQuery());
