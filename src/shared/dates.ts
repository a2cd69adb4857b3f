import { z } from 'zod';

/** A calendar day that exists: 2024-02-29 is one, 2024-02-30 and the year 0000 are not. */
export function isRealDate(d: string): boolean {
  if (d.startsWith('0000')) return false;
  const at = new Date(`${d}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(d);
}

/** A business day in a query (YYYY-MM-DD): Kapalı Hesaplar and the kitchen history. */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Tarih YYYY-AA-GG biçiminde olmalı')
  .refine(isRealDate, 'Geçersiz tarih');
