import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DiningTable, Section } from '../../../../shared/tables-contract';
import { api } from '../../../api/http';
import { queryKeys } from '../../../api/query-keys';
import { currentRestaurantId, hasRestaurant, restaurantPath } from '../../../api/restaurant';

/** The tables and the sections by themselves (QR Menü's table cards, a waiter's own section in Ayarlar). */
export const tablesQuery = () =>
  queryOptions({ queryKey: queryKeys.tables(currentRestaurantId()), queryFn: () => api<DiningTable[]>(restaurantPath('/tables')), enabled: hasRestaurant });
export const useTables = () => useQuery(tablesQuery());

export const sectionsQuery = (restaurantId: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.sections(restaurantId),
    enabled: Boolean(restaurantId),
    queryFn: () => api<Section[]>(`/api/restaurants/${encodeURIComponent(restaurantId!)}/sections`),
  });
export const useSections = (restaurantId: string | undefined) => useQuery(sectionsQuery(restaurantId));
