import { describe, expect, it } from 'vitest';
import { isRealDate, isoDate, isoDateTime } from './dates';

/*
 * The dates a request may send (dates.ts): days that exist, in the years 2000–2100, and instants
 * that carry their offset. The message says which rule was broken.
 */
const instant = isoDateTime('Geçersiz zaman');
const messageOf = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues[0].message;

describe('a business day', () => {
  it('exists: 29 February of a leap year only, no day 31 of a 30-day month, no year 0000', () => {
    expect(isRealDate('2024-02-29')).toBe(true);
    expect(isRealDate('2026-02-29')).toBe(false);
    expect(isRealDate('2000-02-29')).toBe(true);
    expect(isRealDate('2100-02-29')).toBe(false);
    expect(isRealDate('2026-04-31')).toBe(false);
    expect(isRealDate('2026-13-01')).toBe(false);
    expect(isRealDate('0000-01-01')).toBe(false);
  });

  it('says which rule a day breaks: its shape, its existence, its year', () => {
    expect(messageOf(isoDate.safeParse('2026-1-05'))).toBe('Tarih YYYY-AA-GG biçiminde olmalı');
    expect(messageOf(isoDate.safeParse('2026-11-28T00:00'))).toBe('Tarih YYYY-AA-GG biçiminde olmalı');
    expect(messageOf(isoDate.safeParse('2026-02-30'))).toBe('Geçersiz tarih');
    expect(messageOf(isoDate.safeParse('1999-06-15'))).toBe('Tarih 2000 ile 2100 yılları arasında olmalı');
    expect(isoDate.parse('2026-11-28')).toBe('2026-11-28');
  });
});

describe('an instant', () => {
  it('takes UTC (Z) and an offset, and refuses one with no zone at all', () => {
    expect(instant.safeParse('2026-11-28T09:00:00Z').success).toBe(true);
    expect(instant.safeParse('2026-11-28T12:00:00+03:00').success).toBe(true);
    expect(messageOf(instant.safeParse('2026-11-28T12:00:00'))).toBe('Geçersiz zaman');
    expect(messageOf(instant.safeParse('28.11.2026 12:00'))).toBe('Geçersiz zaman');
  });

  it('refuses a year outside 2000–2100 as written, even when UTC is inside', () => {
    // written in 1999, 2000 in UTC; written in 2101, 2100 in UTC
    expect(messageOf(instant.safeParse('1999-12-31T23:00:00-02:00'))).toBe('Tarih 2000 ile 2100 yılları arasında olmalı');
    expect(messageOf(instant.safeParse('2101-01-01T01:00:00+03:00'))).toBe('Tarih 2000 ile 2100 yılları arasında olmalı');
  });

  it('takes the first and last instants of the years in UTC', () => {
    expect(instant.safeParse('2000-01-01T00:00:00Z').success).toBe(true);
    expect(instant.safeParse('2100-12-31T23:59:59Z').success).toBe(true);
    expect(instant.safeParse('1999-12-31T23:59:59Z').success).toBe(false);
    expect(instant.safeParse('2101-01-01T00:00:00Z').success).toBe(false);
  });
});
