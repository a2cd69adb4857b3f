import { z } from 'zod';

/**
 * The years Sofra takes in any date a request sends. Outside them a date is a typo or an attack: the
 * year 0001 with a +14:00 offset, or 9999-12-31 plus one business day, is no instant PostgreSQL or
 * JavaScript can hold, and used to end in a 500.
 */
export const DATE_YEARS = { min: 2000, max: 2100 } as const;
const YEARS_MESSAGE = `Tarih ${DATE_YEARS.min} ile ${DATE_YEARS.max} yılları arasında olmalı`;
const inYears = (year: number) => year >= DATE_YEARS.min && year <= DATE_YEARS.max;

/** A calendar day that exists: 2024-02-29 is one, 2024-02-30 and the year 0000 are not. */
export function isRealDate(d: string): boolean {
  if (d.startsWith('0000')) return false;
  const at = new Date(`${d}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(d);
}

/** A business day in a query (YYYY-MM-DD): Kapalı Hesaplar, the reports, the kitchen history. */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Tarih YYYY-AA-GG biçiminde olmalı')
  .refine(isRealDate, 'Geçersiz tarih')
  .refine((d) => inYears(Number(d.slice(0, 4))), YEARS_MESSAGE);

/** An instant with its UTC offset (ISO 8601), inside DATE_YEARS both as written and in UTC. */
export const isoDateTime = (error: string) =>
  z.iso
    .datetime({ offset: true, error })
    .refine((s) => inYears(Number(s.slice(0, 4))) && inYears(new Date(s).getUTCFullYear()), YEARS_MESSAGE);
