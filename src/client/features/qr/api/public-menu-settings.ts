import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RestaurantSettings } from '../../../../shared/restaurant-settings';
import { apiRequest } from '../../../api/http';
import { queryKeys } from '../../../api/query-keys';
import { restaurantPath } from '../../../api/restaurant';
import { generalSettingsQuery, useGeneralSettings } from '../../settings/api';

const settingsUrl = () => restaurantPath('/settings/general');

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
    onSuccess: (doc) => queryClient.setQueryData(generalSettingsQuery().queryKey, doc),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.generalSettings() }),
  });
}
