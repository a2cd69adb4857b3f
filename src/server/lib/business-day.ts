import { businessPeriodBounds } from '../../shared/domain/calendar';

/**
 * A period's bounds as instants: business days in the restaurant's time zone, starting at its
 * day start hour (05:00 puts a 02:00 sale on the previous day). `from` / `to` are dates
 * (YYYY-MM-DD, both included; a missing one is today's business day). Used by the kitchen history and
 * Kapalı Hesaplar; the rule itself is src/shared/domain/calendar.ts, the one the screens use too.
 */
export function periodBounds(query: { from?: string; to?: string }, timeZone: string, startHour: number, now: Date = new Date()): { from: Date; to: Date } {
  const { from, to } = businessPeriodBounds(query, timeZone, startHour, now);
  // PostgreSQL reads four-digit years only (the days 0001-01-01 and 9999-12-31 reach past them)
  return { from: new Date(Math.max(from.getTime(), FIRST.getTime())), to: new Date(Math.min(to.getTime(), LAST.getTime())) };
}

const FIRST = new Date('0001-01-01T00:00:00.000Z');
const LAST = new Date('9999-12-31T23:59:59.999Z');
