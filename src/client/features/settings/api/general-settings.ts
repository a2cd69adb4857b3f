import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_TIME_ZONE } from '../../../../shared/domain/calendar';
import type { RestaurantSettings } from '../../../../shared/restaurant-settings';
import { queryKeys } from '../../../api/query-keys';
import { currentRestaurantId } from '../../../api/restaurant';
import { fetchDocument } from '../../../api/use-document-form';

/** The general settings document's URL (GET and PUT). */
export const generalSettingsUrl = (restaurantId: string) =>
  `/api/restaurants/${encodeURIComponent(restaurantId)}/settings/general`;

/**
 * The owner's general settings (Ayarlar), as a document with its ETag: the settings form edits it
 * (useDocumentForm), other screens `select` what they need; one key, one shape for all of them, so
 * a 'settings.general' event refreshes all.
 */
export const generalSettingsQuery = (restaurantId: string = currentRestaurantId()) =>
  queryOptions({
    queryKey: queryKeys.generalSettings(restaurantId),
    queryFn: () => fetchDocument<RestaurantSettings>(generalSettingsUrl(restaurantId)),
    enabled: restaurantId !== '',
  });

export function useGeneralSettings<T>(select: (settings: RestaurantSettings) => T) {
  return useQuery({ ...generalSettingsQuery(), select: (doc) => select(doc.value) });
}

/** The restaurant's time zone (Ayarlar): every moment on a screen is on its clock, not the device's. */
export const useRestaurantTimeZone = () => useGeneralSettings((s) => s.timeZone).data ?? DEFAULT_TIME_ZONE;
