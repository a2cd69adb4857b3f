/**
 * The business day: the one rule the server (Kapalı Hesaplar, the kitchen history) and the screens
 * use. A restaurant's day runs from its day start hour (Ayarlar, 05:00 by default) to the same hour
 * the next day, on the wall clock of its time zone (Ayarlar) — never the server's or the browser's
 * time zone — so a bill closed at 02:00 belongs to the evening before. Days are named YYYY-MM-DD.
 */

/** Date.UTC for any year: Date.UTC itself reads the years 0–99 as 1900–1999. */
function utcMs(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(hour, minute, second, 0);
  return d.getTime();
}

/** Wall-clock parts of an instant in a time zone. */
function wallClock(at: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/** How far the time zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(at: number, timeZone: string) {
  const w = wallClock(at, timeZone);
  // the wall clock has whole seconds: compare it with the instant's whole second
  return utcMs(w.year, w.month, w.day, w.hour, w.minute, w.second) - Math.floor(at / 1000) * 1000;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
/** A calendar day (UTC arithmetic on the date alone) moved by `days`. */
export function addDays(day: string, days: number): string {
  const [y, m, dd] = day.split('-').map(Number);
  const d = new Date(utcMs(y, m, dd));
  d.setUTCDate(d.getUTCDate() + days);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** A new restaurant's calendar (Ayarlar): Türkiye's time, and a day that starts at 05:00. */
export const DEFAULT_TIME_ZONE = 'Europe/Istanbul';
export const DEFAULT_DAY_START_HOUR = 5;

/** The business day an instant belongs to: before the day start hour it is still the day before. */
export function businessDay(at: Date, timeZone: string, dayStartHour: number): string {
  const w = wallClock(at.getTime(), timeZone);
  const calendarDay = `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
  return w.hour < dayStartHour ? addDays(calendarDay, -1) : calendarDay;
}

const DAY_MS = 86_400_000;

/**
 * The first instant the wall clock of `timeZone` shows `hour`:00 on `day` — the first instant
 * businessDay puts in that day. An hour shown twice (clocks going back) starts at its first showing;
 * a skipped hour (clocks going forward) at the end of the gap, the first instant past it.
 */
function startOf(day: string, hour: number, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  const wall = utcMs(y, m, d, hour);
  // the offsets in force a day either side: on a change day they differ, and the hour falls under one of them
  const before = wall - offsetAt(wall - DAY_MS, timeZone);
  const after = wall - offsetAt(wall + DAY_MS, timeZone);
  const shows = (at: number) => {
    const w = wallClock(at, timeZone);
    return w.day === d && w.hour === hour && w.minute === 0;
  };
  const showing = [before, after].filter(shows);
  // none shows it: the hour was skipped, and `before` (the old offset's reading) is where the gap ends
  return new Date(showing.length ? Math.min(...showing) : before);
}

/** A business day as instants: from its start (included) to the next day's start (excluded). */
export function businessDayBounds(day: string, timeZone: string, dayStartHour: number): { from: Date; to: Date } {
  return { from: startOf(day, dayStartHour, timeZone), to: startOf(addDays(day, 1), dayStartHour, timeZone) };
}

/**
 * A period of business days as instants: `from` / `to` are days (both included); a missing one is
 * the business day of `now`.
 */
export function businessPeriodBounds(
  period: { from?: string; to?: string },
  timeZone: string,
  dayStartHour: number,
  now: Date = new Date(),
): { from: Date; to: Date } {
  const today = businessDay(now, timeZone, dayStartHour);
  return {
    from: businessDayBounds(period.from ?? today, timeZone, dayStartHour).from,
    to: businessDayBounds(period.to ?? today, timeZone, dayStartHour).to,
  };
}

/** A calendar day as Turkish screens and prints write it: 2026-11-27 → 27.11.2026. */
export const trDay = (day: string) => day.split('-').reverse().join('.');

// ------------------------------------------------------------------ ranges of days and period presets

/** Days from `from` to `to`, both included (calendar arithmetic on the dates alone). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}
/** ISO weekday of a day: 1 = Pazartesi … 7 = Pazar. */
export function weekdayOf(day: string): number {
  const w = new Date(`${day}T00:00:00Z`).getUTCDay();
  return w === 0 ? 7 : w;
}

/** The period before `from`..`to` with as many days: what ± % compares with. */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const n = daysInRange(from, to);
  return { from: addDays(from, -n), to: addDays(from, -1) };
}

// ------------------------------------------------------------------ period presets

export const PERIOD_PRESETS = ['today', 'yesterday', 'thisWeek', 'thisMonth', 'lastMonth', 'custom'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];
export const PERIOD_PRESET_LABELS: Record<PeriodPreset, string> = {
  today: 'Bugün',
  yesterday: 'Dün',
  thisWeek: 'Bu hafta',
  thisMonth: 'Bu ay',
  lastMonth: 'Geçen ay',
  custom: 'Özel aralık',
};

/**
 * The days of a preset, given today's business day (the server's answer or businessDay() in the
 * browser with Ayarlar's time zone and day start). Weeks start on Monday. `custom` is today alone
 * (the picker then lets the owner move both ends).
 */
export function presetRange(preset: PeriodPreset, today: string): { from: string; to: string } {
  const monthStart = `${today.slice(0, 8)}01`;
  switch (preset) {
    case 'yesterday': {
      const y = addDays(today, -1);
      return { from: y, to: y };
    }
    case 'thisWeek':
      return { from: addDays(today, 1 - weekdayOf(today)), to: today };
    case 'thisMonth':
      return { from: monthStart, to: today };
    case 'lastMonth': {
      const lastDay = addDays(monthStart, -1);
      return { from: `${lastDay.slice(0, 8)}01`, to: lastDay };
    }
    default:
      return { from: today, to: today };
  }
}

// ------------------------------------------------------------------ instants on the restaurant's clock

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * "28.11.2026 21:40": an instant on the restaurant's wall clock (Ayarlar' time zone, never the
 * device's), as slips, lists and printed reports show it. One formatter per zone: lists format
 * hundreds of rows.
 */
export function formatDateTime(at: Date | string, timeZone: string): string {
  let format = dateTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('tr-TR', { dateStyle: 'short', timeStyle: 'short', timeZone });
    dateTimeFormats.set(timeZone, format);
  }
  return format.format(typeof at === 'string' ? new Date(at) : at);
}
