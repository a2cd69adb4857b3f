import { queryOptions, useQuery } from '@tanstack/react-query';
import { businessDay, DEFAULT_DAY_START_HOUR } from '../../../../shared/domain/calendar';
import type { OpenDayInfo } from '../../../../shared/day-close-contract';
import { api } from '../../../api/http';
import { queryKeys } from '../../../api/query-keys';
import { currentRestaurantId, hasRestaurant, restaurantPath } from '../../../api/restaurant';
import { useGeneralSettings, useRestaurantTimeZone } from '../../settings/api';

/**
 * The business day open now, as the server counts it: the clock's business day, or the day after
 * today's Gün Sonu (a bill closed after it belongs to tomorrow). The live event 'days' refreshes it.
 */
export const openDayQuery = () =>
  queryOptions({
    queryKey: queryKeys.openDay(currentRestaurantId()),
    queryFn: () => api<OpenDayInfo>(restaurantPath('/days/open')),
    enabled: hasRestaurant,
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });

/**
 * The restaurant's calendar as its Ayarlar say — its time zone, the hour its day starts — and the
 * business day open now, the day every screen's "Bugün" means (never the device's calendar): the
 * server's answer, or the clock's business day until it has come.
 */
export function useBusinessCalendar() {
  const timeZone = useRestaurantTimeZone();
  const dayStartHour = useGeneralSettings((s) => s.businessDayStartHour).data ?? DEFAULT_DAY_START_HOUR;
  const openDay = useQuery(openDayQuery()).data?.day;
  const clockDay = businessDay(new Date(), timeZone, dayStartHour);
  return { timeZone, dayStartHour, today: openDay && openDay > clockDay ? openDay : clockDay };
}
