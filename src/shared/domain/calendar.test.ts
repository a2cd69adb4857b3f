import { businessDay, businessDayBounds, businessPeriodBounds, formatDateTime } from './calendar';

/*
 * The business day with a fixed clock, in a process whose own time zone is far from the
 * restaurant's: the rule must read the restaurant's wall clock, never the host's.
 */
const hostTimeZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/Los_Angeles';
});
afterAll(() => {
  process.env.TZ = hostTimeZone;
});

const IST = 'Europe/Istanbul';

describe('businessDay', () => {
  it('puts 04:59 Istanbul time on the day before and 05:00 on the new day', () => {
    // Istanbul is UTC+3 all year
    expect(new Date('2026-11-25T01:59:00Z').getTimezoneOffset()).toBe(480); // the host really is elsewhere
    expect(businessDay(new Date('2026-11-25T01:59:59Z'), IST, 5)).toBe('2026-11-24');
    expect(businessDay(new Date('2026-11-25T02:00:00Z'), IST, 5)).toBe('2026-11-25');
  });

  it('follows the day start hour: 0 is the calendar day, 23:30 belongs to its own day', () => {
    expect(businessDay(new Date('2026-11-24T22:30:00Z'), IST, 0)).toBe('2026-11-25');
    expect(businessDay(new Date('2026-11-24T22:30:00Z'), IST, 5)).toBe('2026-11-24');
    expect(businessDay(new Date('2026-11-25T20:30:00Z'), IST, 5)).toBe('2026-11-25');
  });

  it('crosses months and years', () => {
    expect(businessDay(new Date('2027-01-01T00:30:00Z'), IST, 5)).toBe('2026-12-31');
    expect(businessDay(new Date('2026-03-01T01:00:00Z'), IST, 5)).toBe('2026-02-28');
  });

  it('reads a restaurant time zone with summer time (Berlin) on both sides of the change', () => {
    // 29 March 2026: Berlin moves from UTC+1 to UTC+2 at 02:00
    expect(businessDay(new Date('2026-03-29T03:59:00Z'), 'Europe/Berlin', 6)).toBe('2026-03-28'); // 05:59 CEST
    expect(businessDay(new Date('2026-03-29T04:00:00Z'), 'Europe/Berlin', 6)).toBe('2026-03-29'); // 06:00 CEST
  });
});

describe('businessDayBounds', () => {
  it('runs from the day start hour to the next day start hour, as instants', () => {
    expect(businessDayBounds('2026-11-24', IST, 5)).toEqual({ from: new Date('2026-11-24T02:00:00Z'), to: new Date('2026-11-25T02:00:00Z') });
    expect(businessDayBounds('2026-12-31', IST, 0)).toEqual({ from: new Date('2026-12-30T21:00:00Z'), to: new Date('2026-12-31T21:00:00Z') });
  });

  it('is 23 hours long on the day summer time starts', () => {
    const { from, to } = businessDayBounds('2026-03-28', 'Europe/Berlin', 6);
    expect(from).toEqual(new Date('2026-03-28T05:00:00Z'));
    expect(to).toEqual(new Date('2026-03-29T04:00:00Z'));
  });

  it('agrees with businessDay on every hour of a week', () => {
    for (let h = 0; h < 24 * 7; h++) {
      const at = new Date(Date.UTC(2026, 10, 20, h, 17));
      const day = businessDay(at, IST, 5);
      const { from, to } = businessDayBounds(day, IST, 5);
      expect(at >= from && at < to).toBe(true);
    }
  });
});

describe('businessPeriodBounds', () => {
  it('takes today from the clock it is given when a day is left out', () => {
    const at0459 = new Date('2026-11-25T01:59:00Z');
    expect(businessPeriodBounds({}, IST, 5, at0459)).toEqual(businessDayBounds('2026-11-24', IST, 5));
    const at0500 = new Date('2026-11-25T02:00:00Z');
    expect(businessPeriodBounds({}, IST, 5, at0500)).toEqual(businessDayBounds('2026-11-25', IST, 5));
    expect(businessPeriodBounds({ from: '2026-11-20', to: '2026-11-21' }, IST, 5, at0500)).toEqual({
      from: new Date('2026-11-20T02:00:00Z'),
      to: new Date('2026-11-22T02:00:00Z'),
    });
  });
});

describe('far days', () => {
  it('reads the years 1 and 9999 as they are (not as 1901)', () => {
    expect(businessDayBounds('0001-01-01', 'UTC', 5).from.toISOString()).toBe('0001-01-01T05:00:00.000Z');
    expect(businessDayBounds('9999-12-31', 'UTC', 0).to.getUTCFullYear()).toBe(10000);
    expect(businessDay(new Date('0001-06-01T12:00:00Z'), 'UTC', 5)).toBe('0001-06-01');
  });
});

describe('formatDateTime', () => {
  it("writes a moment on the restaurant's clock, whatever the device's zone", () => {
    const at = '2026-11-27T18:40:00Z';
    expect(formatDateTime(at, IST)).toBe('27.11.2026 21:40');
    expect(formatDateTime(new Date(at), 'America/New_York')).toBe('27.11.2026 13:40');
    // the same zone twice reuses its formatter and still reads each moment
    expect(formatDateTime('2026-11-28T00:05:00Z', IST)).toBe('28.11.2026 03:05');
  });
});
