import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RestaurantSettings } from '../../../shared/restaurant-settings';
import type { DiningTable } from '../../../shared/tables-contract';
import { api, apiRequest } from '../../api/http';
import { getUserSession } from '../auth/session-storage';

const restaurantId = () => getUserSession()?.restaurantId ?? '';
const restaurantUrl = () => `/api/restaurants/${encodeURIComponent(restaurantId())}`;
const settingsUrl = () => `${restaurantUrl()}/settings/general`;
/** The same key as the settings screen's: a 'settings.general' event refreshes both. */
const SETTINGS_KEY = () => ['settings', 'general', restaurantId()];

export const useTables = () =>
  useQuery({ queryKey: ['tables', restaurantId()], queryFn: () => api<DiningTable[]>(`${restaurantUrl()}/tables`) });

function useGeneralSettings<T>(select: (settings: RestaurantSettings) => T) {
  return useQuery({
    queryKey: SETTINGS_KEY(),
    queryFn: async () => {
      const { data, headers } = await apiRequest<RestaurantSettings>(settingsUrl());
      return { value: data, etag: headers.get('etag') };
    },
    select: (doc) => select(doc.value),
  });
}

export const usePublicMenuSettings = () => useGeneralSettings((s) => s.publicMenu);
export const useRestaurantName = () => useGeneralSettings((s) => s.profile.name).data ?? '';

/** The base of every customer link: the restaurant's own domain, or the address this app is opened at. */
export function useMenuBase(): string {
  const settings = usePublicMenuSettings();
  return settings.data?.baseUrl || window.location.origin;
}

/**
 * Changes only the public-menu part of the general settings: reads the current document with its
 * ETag and writes it back with If-Match, so a concurrent save elsewhere is refused, never lost.
 */
export function useSavePublicMenu() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: Partial<RestaurantSettings['publicMenu']>) => {
      const { data, headers } = await apiRequest<RestaurantSettings>(settingsUrl());
      const etag = headers.get('etag');
      const saved = await apiRequest<RestaurantSettings>(settingsUrl(), {
        method: 'PUT',
        body: { ...data, publicMenu: { ...data.publicMenu, ...change } },
        headers: etag ? { 'if-match': etag } : {},
      });
      return { value: saved.data, etag: saved.headers.get('etag') };
    },
    onSuccess: (doc) => queryClient.setQueryData(SETTINGS_KEY(), doc),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['settings', 'general'] }),
  });
}
