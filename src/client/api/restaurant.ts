import { useQuery } from '@tanstack/react-query';
import type { AdminMenu } from '../../shared/menu-contract';
import type { RestaurantSettings } from '../../shared/restaurant-settings';
import type { DiningTable, Section } from '../../shared/tables-contract';
import { api, apiRequest } from './http';
import { queryKeys } from './query-keys';
import { getUserSession } from './session';

/**
 * The signed-in person's restaurant and the reads every feature shares (settings, menu, tables).
 * Features build their URLs and read shared data here, never through another feature's files.
 */
export const currentRestaurantId = () => getUserSession()?.restaurantId ?? '';

/** `/api/restaurants/<id><path>` for the signed-in person's restaurant. */
export const restaurantPath = (path = '') => `/api/restaurants/${encodeURIComponent(currentRestaurantId())}${path}`;

/**
 * The owner's general settings (Ayarlar), as a document with its ETag; `select` picks what a
 * screen needs. The owner's settings form shares the key, so a 'settings.general' event refreshes all.
 */
export function useGeneralSettings<T>(select: (settings: RestaurantSettings) => T) {
  return useQuery({
    queryKey: queryKeys.generalSettings(currentRestaurantId()),
    queryFn: async () => {
      const { data, headers } = await apiRequest<RestaurantSettings>(restaurantPath('/settings/general'));
      return { value: data, etag: headers.get('etag') };
    },
    select: (doc) => select(doc.value),
  });
}

/** The menu as staff screens read it (categories, items with stations and option groups). */
export const useMenu = () => useQuery({ queryKey: queryKeys.menu(currentRestaurantId()), queryFn: () => api<AdminMenu>(restaurantPath('/menu')) });

export const useTables = () =>
  useQuery({ queryKey: queryKeys.tables(currentRestaurantId()), queryFn: () => api<DiningTable[]>(restaurantPath('/tables')) });

export const useSections = (restaurantId: string | undefined) =>
  useQuery({
    queryKey: queryKeys.sections(restaurantId),
    enabled: Boolean(restaurantId),
    queryFn: () => api<Section[]>(`/api/restaurants/${encodeURIComponent(restaurantId!)}/sections`),
  });
