import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DiningTable, Section } from '../../shared/tables-contract';
import { tr } from '../i18n/tr';
import { api } from './http';
import { queryKeys } from './query-keys';
import { getUserSession } from './session';

/**
 * The signed-in person's restaurant and the reads every feature shares (settings, menu, tables).
 * Features build their URLs and read shared data here, never through another feature's files.
 */
export const currentRestaurantId = () => getUserSession()?.restaurantId ?? '';

/**
 * Whether someone is signed in at a restaurant. Every restaurant read has it as `enabled`, a
 * function so that it is asked again at each fetch: a screen still mounted when Çıkış Yap clears
 * the session (the kitchen display's refetch, a live event's invalidation) then asks nothing.
 */
export const hasRestaurant = () => currentRestaurantId() !== '';

/**
 * `/api/restaurants/<id><path>` for the signed-in person's restaurant. Without one it throws
 * instead of building `/api/restaurants//…`, a request no server can answer meaningfully.
 */
export const restaurantPath = (path = '') => {
  const restaurantId = currentRestaurantId();
  if (!restaurantId) throw new Error(`${tr.session.ended} ${tr.session.signInAgain}`);
  return `/api/restaurants/${encodeURIComponent(restaurantId)}${path}`;
};

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
