import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_USER_PREFERENCES, type UserPreferences } from '../../../../shared/staff-contract';
import { queryKeys } from '../../../api/query-keys';
import { fetchDocument } from '../../../api/use-document-form';

export const PREFERENCES_URL = '/api/me/preferences';
/** 'me.preferences' events (the same person's other screen saved) refresh it everywhere. */
export const PREFERENCES_KEY = queryKeys.preferences();

/**
 * One shape for every screen: the Ayarlar form (useDocumentForm) needs the ETag, so a screen that
 * only reads the preferences keeps it too (a cached copy without it sent the next save without If-Match).
 */
export const preferencesQuery = () =>
  queryOptions({ queryKey: PREFERENCES_KEY, queryFn: () => fetchDocument<UserPreferences>(PREFERENCES_URL) });

/** The signed-in person's own view settings, for screens that apply them (font size, sound, section, ...). */
export function usePreferences(): UserPreferences {
  const { data } = useQuery(preferencesQuery());
  return data?.value ?? DEFAULT_USER_PREFERENCES;
}
