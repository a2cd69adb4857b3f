import { describe, expect, it } from 'vitest';
import { businessDay, businessDayBounds } from './calendar';

/*
 * Business-day bounds on the days summer time starts and ends, in time zones west of UTC (a
 * restaurant abroad, or a server's own zone in the tests). There the wall clock is behind UTC, so
 * the offset at a first guess of the instant (the wall time read as UTC) is the offset of the
 * evening before: only the second pass of startOf lands on the right hour. East of UTC (Berlin,
 * calendar.test.ts) one pass happens to be enough, which hides a missing second pass.
 */
const NY = 'America/New_York';
const LA = 'America/Los_Angeles';
const HOUR = 3_600_000;

describe('business-day bounds on a DST day west of UTC', () => {
  it('New York, summer time starts (8 March 2026, 02:00 EST → 03:00 EDT): the day before runs 23 hours, 05:00 EST to 05:00 EDT', () => {
    const { from, to } = businessDayBounds('2026-03-07', NY, 5);
    expect(from).toEqual(new Date('2026-03-07T10:00:00Z')); // 05:00 EST (UTC−5)
    expect(to).toEqual(new Date('2026-03-08T09:00:00Z')); // 05:00 EDT (UTC−4)
    expect(to.getTime() - from.getTime()).toBe(23 * HOUR);
    expect(businessDayBounds('2026-03-08', NY, 5).from).toEqual(to);
  });

  it('New York, summer time ends (1 November 2026, 02:00 EDT → 01:00 EST): the day before runs 25 hours', () => {
    const { from, to } = businessDayBounds('2026-10-31', NY, 5);
    expect(from).toEqual(new Date('2026-10-31T09:00:00Z')); // 05:00 EDT
    expect(to).toEqual(new Date('2026-11-01T10:00:00Z')); // 05:00 EST
    expect(to.getTime() - from.getTime()).toBe(25 * HOUR);
  });

  it('Los Angeles, both changes, with the day starting at midnight', () => {
    expect(businessDayBounds('2026-03-08', LA, 0)).toEqual({ from: new Date('2026-03-08T08:00:00Z'), to: new Date('2026-03-09T07:00:00Z') });
    expect(businessDayBounds('2026-11-01', LA, 0)).toEqual({ from: new Date('2026-11-01T07:00:00Z'), to: new Date('2026-11-02T08:00:00Z') });
  });

  it.each([
    [NY, 0],
    [NY, 5],
    [NY, 6],
    [LA, 4],
    [LA, 5],
  ])('%s, day from %i:00: agrees with businessDay on every half hour of both change weeks', (zone, startHour) => {
    for (const weekStart of [Date.UTC(2026, 2, 5), Date.UTC(2026, 9, 29)]) {
      for (let q = 0; q < 2 * 24 * 7; q++) {
        const at = new Date(weekStart + q * 30 * 60_000);
        const day = businessDay(at, zone, startHour);
        const { from, to } = businessDayBounds(day, zone, startHour);
        expect(at >= from && at < to, `${at.toISOString()} in ${day}`).toBe(true);
      }
    }
  });
});

describe('a day that starts in the hour the clocks skip or repeat', () => {
  const zone = 'America/New_York';
  it('starts at the end of the gap when its start hour is skipped, and every instant agrees with businessDay', () => {
    // 2026-03-08: 02:00 EST → 03:00 EDT (07:00Z); a day starting at 02:00 starts at 07:00Z
    const { from, to } = businessDayBounds('2026-03-08', zone, 2);
    expect(from.toISOString()).toBe('2026-03-08T07:00:00.000Z');
    expect(to.toISOString()).toBe('2026-03-09T06:00:00.000Z');
    for (let at = from.getTime() - 3 * 3_600_000; at < to.getTime() + 3 * 3_600_000; at += 15 * 60_000) {
      const inside = at >= from.getTime() && at < to.getTime();
      expect(businessDay(new Date(at), zone, 2) === '2026-03-08', new Date(at).toISOString()).toBe(inside);
    }
  });

  it('starts at the first showing when its start hour is shown twice', () => {
    // 2026-11-01: 02:00 EDT → 01:00 EST (06:00Z); 01:00 is shown at 05:00Z and again at 06:00Z
    const { from } = businessDayBounds('2026-11-01', zone, 1);
    expect(from.toISOString()).toBe('2026-11-01T05:00:00.000Z');
    for (let at = from.getTime() - 2 * 3_600_000; at < from.getTime() + 3 * 3_600_000; at += 15 * 60_000) {
      expect(businessDay(new Date(at), zone, 1) === '2026-11-01', new Date(at).toISOString()).toBe(at >= from.getTime());
    }
  });
});
