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
