import { businessDay, DEFAULT_DAY_START_HOUR, DEFAULT_TIME_ZONE } from '../../shared/business-day';
import { useGeneralSettings } from './restaurant';

/**
 * The restaurant's calendar as its Ayarlar say — its time zone, the hour its day starts — and the
 * business day it is now, the day the server counts as today (never the device's calendar). A new
 * restaurant's defaults until the settings have loaded.
 */
export function useBusinessCalendar() {
  const timeZone = useGeneralSettings((s) => s.timeZone).data ?? DEFAULT_TIME_ZONE;
  const dayStartHour = useGeneralSettings((s) => s.businessDayStartHour).data ?? DEFAULT_DAY_START_HOUR;
  return { timeZone, dayStartHour, today: businessDay(new Date(), timeZone, dayStartHour) };
}
