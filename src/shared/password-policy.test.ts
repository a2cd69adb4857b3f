import { describe, expect, it } from 'vitest';
import { MIN_PASSWORD_LENGTH, newPassword, passwordWeakness } from './password-policy';

describe('password policy', () => {
  it('asks for at least 8 characters', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(8);
  });

  it.each(['Kx9!a', 'Kx9!ab', 'Kx9!abc'])('refuses %s (5 to 7 characters) as too short', (password) => {
    expect(passwordWeakness(password)).toBe('Şifre en az 8 karakter olmalı');
    expect(newPassword.safeParse(password).success).toBe(false);
  });

  it('accepts an 8-character password that is not common', () => {
    expect(passwordWeakness('Kx9!abcd')).toBeNull();
    expect(newPassword.safeParse('Kx9!abcd').success).toBe(true);
  });
});

describe('password policy beyond the length', () => {
  it.each(['galatasaray', 'GALATASARAY', 'Şifre123', 'BEŞİKTAŞ', 'Password1'])('refuses the common %s whatever its case', (password) => {
    expect(passwordWeakness(password)).toBe('Bu şifre çok yaygın; tahmin edilmesi zor bir şifre seçin');
  });

  it('refuses one character said over and over, even when it is not on the common list', () => {
    expect(passwordWeakness('zzzzzzzz')).toBe('Şifre tek bir karakterin tekrarı olamaz');
    expect(passwordWeakness('zzzzzzzy')).toBeNull();
  });

  it('takes 200 characters and refuses 201 with a Turkish message', () => {
    expect(newPassword.safeParse(`Kx9!${'a'.repeat(195)}b`).success).toBe(true);
    const long = newPassword.safeParse(`Kx9!${'a'.repeat(196)}b`);
    expect(long.success).toBe(false);
    expect(long.error?.issues[0].message).toBe('Şifre en fazla 200 karakter olabilir');
  });

  it('passes the weakness on as the schema message', () => {
    const weak = newPassword.safeParse('sifre123');
    expect(weak.error?.issues.map((i) => i.message)).toEqual(['Bu şifre çok yaygın; tahmin edilmesi zor bir şifre seçin']);
  });
});
