import { z } from 'zod';

export const MIN_PASSWORD_LENGTH = 8;

// The most used passwords, including Turkish favourites; compared case-insensitively.
const COMMON_PASSWORDS = new Set([
  '12345678', '123456789', '1234567890', '12341234', '11111111', '00000000', '87654321', '11223344',
  '12121212', '123123123', '1q2w3e4r', '1qaz2wsx', 'qwertyui', 'qwerty123', 'qwerty12', 'asdfghjk',
  'zxcvbnm1', 'password', 'password1', 'password123', 'passw0rd', 'iloveyou', 'sunshine', 'princess',
  'football', 'baseball', 'welcome1', 'abc12345', 'abcd1234', 'aaaaaaaa', 'asdasd123', 'qweasdzxc',
  'sifre123', 'şifre123', 'sifre1234', 'parola123', 'parola12', 'galatasaray', 'fenerbahce',
  'fenerbahçe', 'besiktas', 'beşiktaş', 'trabzonspor', 'istanbul', 'ankara06', 'izmir35', 'türkiye',
  'turkiye1', 'restoran', 'lokanta1', 'garson123', 'mutfak123', 'demo1234', 'admin123', 'administrator',
  'letmein1', 'changeme', 'master12', 'superman', 'batman12',
]);

/** Why a password is too weak (Turkish), or null when it is acceptable. */
export function passwordWeakness(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `Şifre en az ${MIN_PASSWORD_LENGTH} karakter olmalı`;
  if (COMMON_PASSWORDS.has(password.toLocaleLowerCase('tr-TR'))) return 'Bu şifre çok yaygın; tahmin edilmesi zor bir şifre seçin';
  if (/^(.)\1+$/.test(password)) return 'Şifre tek bir karakterin tekrarı olamaz';
  return null;
}

export const newPassword = z
  .string()
  .max(200, 'Şifre en fazla 200 karakter olabilir')
  .superRefine((value, ctx) => {
    const weakness = passwordWeakness(value);
    if (weakness) ctx.addIssue({ code: 'custom', message: weakness });
  });
