/**
 * The periods of the Reçete Raporu, in business days (YYYY-MM-DD). Calendar arithmetic on the date
 * alone (UTC), so the browser's time zone never moves a day: `today` is already the restaurant's
 * business day (Ayarlar's time zone and day start).
 */
export const PERIODS = [
  { value: 'today', label: 'Bugün' },
  { value: 'yesterday', label: 'Dün' },
  { value: 'week', label: 'Bu hafta' },
  { value: 'month', label: 'Bu ay' },
  { value: 'last-month', label: 'Geçen ay' },
  { value: 'custom', label: 'Tarih aralığı' },
] as const;
export type PeriodKey = (typeof PERIODS)[number]['value'];

const pad = (n: number) => String(n).padStart(2, '0');
const fmt = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const parse = (day: string) => new Date(`${day}T00:00:00Z`);

/** The first and last business day of a preset period (the week starts on Monday). */
export function periodRange(key: Exclude<PeriodKey, 'custom'>, today: string): { from: string; to: string } {
  const d = parse(today);
  switch (key) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      d.setUTCDate(d.getUTCDate() - 1);
      return { from: fmt(d), to: fmt(d) };
    }
    case 'week': {
      const monday = new Date(d);
      monday.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
      return { from: fmt(monday), to: today };
    }
    case 'month':
      return { from: `${today.slice(0, 8)}01`, to: today };
    case 'last-month': {
      const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1));
      const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 0));
      return { from: fmt(first), to: fmt(last) };
    }
  }
}
