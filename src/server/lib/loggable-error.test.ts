import { describe, expect, it } from 'vitest';
import { loggableError } from './loggable-error';

describe('loggableError', () => {
  it('cuts the parameters off a thrown string and redacts anything that is neither string nor Error', () => {
    expect(loggableError('Failed query: insert into staff\nparams: secret-hash')).toBe('Failed query: insert into staff');
    expect(loggableError({ password: 'x' })).toBe('[redacted: not an Error]');
  });

  it('keeps named string and numeric fields but not the failing row detail', () => {
    const err = Object.assign(new Error('duplicate key\nparams: 1,hash'), { code: '23505', statusCode: 409, detail: 'Failing row contains (hash)' });
    const safe = loggableError(err) as Record<string, unknown> & Error;
    expect(safe.message).toBe('duplicate key');
    expect(safe.code).toBe('23505');
    expect(safe.statusCode).toBe(409);
    expect(safe.detail).toBeUndefined();
  });
});
