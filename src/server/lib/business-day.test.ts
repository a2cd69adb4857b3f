import { describe, expect, it } from 'vitest';
import { periodBounds } from './business-day';

describe('periodBounds', () => {
  it('turns a business day in Istanbul into the instants from its day start hour to the next', () => {
    const b = periodBounds({ from: '2026-11-27', to: '2026-11-27' }, 'Europe/Istanbul', 5);
    expect(b.from.toISOString()).toBe('2026-11-27T02:00:00.000Z');
    expect(b.to.getTime()).toBeGreaterThan(b.from.getTime());
    expect(b.to.getTime()).toBeLessThanOrEqual(new Date('2026-11-28T02:00:00.000Z').getTime());
    expect(b.to.getTime()).toBeGreaterThanOrEqual(new Date('2026-11-28T01:59:59.999Z').getTime());
  });

  it('uses today\'s business day for a missing end, counting 02:00 as the previous day', () => {
    const now = new Date('2026-11-28T23:00:00.000Z'); // 02:00 on 29 Nov in Istanbul
    const b = periodBounds({}, 'Europe/Istanbul', 5, now);
    expect(b.from.toISOString()).toBe('2026-11-28T02:00:00.000Z');
    const fromOnly = periodBounds({ from: '2026-11-01' }, 'Europe/Istanbul', 5, now);
    expect(fromOnly.from.toISOString()).toBe('2026-11-01T02:00:00.000Z');
    expect(fromOnly.to.getTime()).toBe(b.to.getTime());
  });

  it('clamps the first and last days to the four-digit years PostgreSQL reads', () => {
    // Tokyo's 0001-01-01 starts on 31 December of year 0 in UTC; New York's 9999-12-31 ends in year 10000
    const east = periodBounds({ from: '0001-01-01', to: '0001-01-02' }, 'Asia/Tokyo', 0);
    expect(east.from.toISOString()).toBe('0001-01-01T00:00:00.000Z');
    expect(east.to.getTime()).toBeLessThan(new Date('0001-01-03T00:00:00.000Z').getTime());
    const west = periodBounds({ from: '9999-12-30', to: '9999-12-31' }, 'America/New_York', 5);
    expect(west.to.toISOString()).toBe('9999-12-31T23:59:59.999Z');
    expect(west.from.getTime()).toBeGreaterThan(new Date('9999-12-30T00:00:00.000Z').getTime());
  });
});
