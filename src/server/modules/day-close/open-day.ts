import { and, desc, eq } from 'drizzle-orm';
import { addDays, businessDay } from '../../../shared/domain/calendar';
import type { Db } from '../../db/client';
import { dayCloses } from '../../db/schema';
import { getRestaurantSettings } from '../settings';

/** The restaurant's last closed Gün Sonu (newest number), if any. */
export async function lastDayClose(db: Db, restaurantId: string) {
  const [row] = await db
    .select()
    .from(dayCloses)
    .where(eq(dayCloses.restaurantId, restaurantId))
    .orderBy(desc(dayCloses.number))
    .limit(1);
  return row;
}

/** The business day of a closed Gün Sonu for this restaurant, if that day is closed. */
export async function isDayClosed(db: Db, restaurantId: string, day: string): Promise<boolean> {
  const [row] = await db
    .select({ id: dayCloses.id })
    .from(dayCloses)
    .where(and(eq(dayCloses.restaurantId, restaurantId), eq(dayCloses.businessDay, day)))
    .limit(1);
  return Boolean(row);
}

/**
 * The business day that is open now — the day a bill closing, an İade or a Kasa entry belongs to:
 * the business day of the server's clock (Ayarlar's time zone and day-start hour), or the day after
 * the last Gün Sonu when the owner has already closed today (a bill closed at 23:50 after a Gün Sonu
 * at 23:45 belongs to tomorrow, so a closed day never changes).
 */
export async function openBusinessDay(db: Db, restaurantId: string, now: Date = new Date()): Promise<string> {
  const { value: settings } = await getRestaurantSettings(db, restaurantId);
  const clockDay = businessDay(now, settings.timeZone, settings.businessDayStartHour);
  const last = await lastDayClose(db, restaurantId);
  if (!last) return clockDay;
  const afterLast = addDays(last.businessDay, 1);
  return afterLast > clockDay ? afterLast : clockDay;
}
