import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FIX_FIELDS_MESSAGE, fieldErrorsFrom, fieldErrorsFromIssues, messageFor } from './field-errors';
import { ApiError } from './http';

describe('field errors', () => {
  it('names each failing field by its schema path, keeping the first message per field', () => {
    const schema = z.object({
      profile: z.object({ taxNumber: z.string().regex(/^\d{10}$/, 'Vergi numarası 10 haneli olmalı') }),
      margins: z.object({ top: z.string().min(1, 'Boş olamaz').regex(/^\d+$/, 'Sayı girin') }),
    });
    const result = schema.safeParse({ profile: { taxNumber: '12ab' }, margins: { top: '' } });
    expect(result.success).toBe(false);
    expect(fieldErrorsFromIssues(result.error!.issues)).toEqual({
      'profile.taxNumber': 'Vergi numarası 10 haneli olmalı',
      'margins.top': 'Boş olamaz',
    });
  });

  it('reads the fields of a refused request and never shows their paths in the sentence', () => {
    const err = new ApiError(400, 'Geçersiz istek: fontSize: Sayısal bir değer girin', { fontSize: 'Sayısal bir değer girin' });
    expect(fieldErrorsFrom(err)).toEqual({ fontSize: 'Sayısal bir değer girin' });
    expect(messageFor(err)).toBe(FIX_FIELDS_MESSAGE);
    expect(messageFor(err)).not.toContain('fontSize');
  });

  it('keeps the server sentence for a refusal that names no field', () => {
    const err = new ApiError(409, 'Bu kayıt siz düzenlerken başka biri tarafından değiştirildi.');
    expect(fieldErrorsFrom(err)).toEqual({});
    expect(messageFor(err)).toBe('Bu kayıt siz düzenlerken başka biri tarafından değiştirildi.');
  });
});
