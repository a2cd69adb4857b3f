import { isoDate, isoDateTime } from './dates';

/*
 * Dates are bounded to the years 2000–2100 (dates.ts), for an instant both as written and in UTC:
 * "2100-12-31T23:00:00-12:00" is written in 2100 but is 2101 in UTC, and "2000-01-01T00:30:00+14:00"
 * is 1999 in UTC. Either one, stored or shifted by a business day, leaves the years the database and
 * the reports are tested with.
 */
const instant = isoDateTime('Geçersiz zaman');

it.each(['2100-12-31T23:00:00-12:00', '2000-01-01T00:30:00+14:00'])('refuses %s, inside the years as written but not in UTC', (at) => {
  const parsed = instant.safeParse(at);
  expect(parsed.success).toBe(false);
  expect(parsed.error?.issues[0].message).toBe('Tarih 2000 ile 2100 yılları arasında olmalı');
});

it.each(['2100-12-31T11:00:00-12:00', '2000-01-01T14:00:00+14:00', '2026-03-29T03:00:00+03:00'])('takes %s, inside the years both ways', (at) => {
  expect(instant.safeParse(at).success).toBe(true);
});

it('takes the first and last day of the years and refuses the days around them', () => {
  expect(['2000-01-01', '2100-12-31'].map((d) => isoDate.safeParse(d).success)).toEqual([true, true]);
  expect(['1999-12-31', '2101-01-01'].map((d) => isoDate.safeParse(d).success)).toEqual([false, false]);
});
