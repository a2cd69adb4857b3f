import { useQuery } from '@tanstack/react-query';
import { DEFAULT_USER_PREFERENCES, type UserPreferences } from '../../../shared/staff-contract';
import { api } from '../../api/http';

export const PREFERENCES_URL = '/api/me/preferences';
/** 'me.preferences' events (the same person's other screen saved) refresh it everywhere. */
export const PREFERENCES_KEY = ['me', 'preferences'] as const;

/** The signed-in user's view settings, for screens that apply them (font size, sound, ...). */
export function usePreferences(): UserPreferences {
  const { data } = useQuery({
    queryKey: PREFERENCES_KEY,
    queryFn: async () => ({ value: await api<UserPreferences>(PREFERENCES_URL), etag: null }),
  });
  return data?.value ?? DEFAULT_USER_PREFERENCES;
}

export interface Section {
  id: string;
  name: string;
  tableCount: number;
}
export const useSections = (restaurantId: string | undefined) =>
  useQuery({
    queryKey: ['sections', restaurantId],
    enabled: Boolean(restaurantId),
    queryFn: () => api<Section[]>(`/api/restaurants/${encodeURIComponent(restaurantId!)}/sections`),
  });
