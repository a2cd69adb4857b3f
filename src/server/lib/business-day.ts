import { sql, type SQL } from 'drizzle-orm';

/**
 * A period's bounds as instants: business days in the restaurant's time zone, starting at its
 * day start hour (05:00 puts a 02:00 sale on the previous day). `from` / `to` are dates
 * (YYYY-MM-DD, both included; a missing one is today's business day). Used by the kitchen history and
 * Kapalı Hesaplar.
 */
export function periodBounds(query: { from?: string; to?: string }, timeZone: string, startHour: number): { from: SQL; to: SQL } {
  const today = sql`((now() at time zone ${timeZone}) - make_interval(hours => ${startHour}))::date`;
  const day = (d: string | undefined) => (d ? sql`${d}::date` : today);
  const start = (d: SQL) => sql`((${d} + make_interval(hours => ${startHour}))::timestamp at time zone ${timeZone})`;
  return { from: start(day(query.from)), to: start(sql`(${day(query.to)} + 1)`) };
}
