import { useQuery } from '@tanstack/react-query';
import { DEFAULT_USER_PREFERENCES, type UserPreferences } from '../../shared/staff-contract';
import { api } from './http';
import { queryKeys } from './query-keys';

export const PREFERENCES_URL = '/api/me/preferences';
/** 'me.preferences' events (the same person's other screen saved) refresh it everywhere. */
export const PREFERENCES_KEY = queryKeys.preferences();

/** The signed-in person's own view settings, for screens that apply them (font size, sound, section, ...). */
export function usePreferences(): UserPreferences {
  const { data } = useQuery({
    queryKey: PREFERENCES_KEY,
    queryFn: async () => ({ value: await api<UserPreferences>(PREFERENCES_URL), etag: null }),
  });
  return data?.value ?? DEFAULT_USER_PREFERENCES;
}
