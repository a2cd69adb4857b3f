import { z } from 'zod';
import tr from 'zod/v4/locales/tr.js';

/**
 * Zod's messages in Turkish for every schema without an explicit message; import once per entry.
 * Zod's own Turkish locale names types and bounds the English way ("beklenen object, alınan null",
 * "Çok büyük: beklenen int <=9007199254740991"), so the messages a client may be shown are written
 * here in full; anything not listed falls back to the locale.
 */

const TYPE_NAMES: Record<string, string> = {
  string: 'metin',
  number: 'sayı',
  int: 'tam sayı',
  bigint: 'tam sayı',
  boolean: 'true ya da false',
  object: 'nesne ({…})',
  array: 'liste ([…])',
  date: 'tarih',
};

const count = (n: number | bigint) => (typeof n === 'bigint' ? n.toString() : n.toLocaleString('tr-TR'));

/** The unit of a size limit: characters of a text, items of a list, nothing for a number. */
const unitOf = (origin: string) => (origin === 'string' ? ' karakter' : origin === 'array' || origin === 'set' || origin === 'map' ? ' öğe' : '');

export function turkishIssueMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return 'bu alan gerekli';
      const expected = TYPE_NAMES[issue.expected];
      return expected ? `Geçersiz değer: ${expected} olmalı` : 'Geçersiz değer';
    }
    case 'too_small': {
      const unit = unitOf(issue.origin);
      if (typeof issue.minimum === 'number' && issue.minimum <= -Number.MAX_SAFE_INTEGER) return 'Sayı çok küçük';
      if (issue.origin === 'array' && Number(issue.minimum) === 1) return 'En az bir öğe olmalı';
      return issue.inclusive === false ? `${count(issue.minimum)}${unit} değerinden büyük olmalı` : `En az ${count(issue.minimum)}${unit} olmalı`;
    }
    case 'too_big': {
      const unit = unitOf(issue.origin);
      // the safe-integer bound of every .int(): a number no one means
      if (typeof issue.maximum === 'number' && issue.maximum >= Number.MAX_SAFE_INTEGER) return 'Sayı çok büyük';
      return issue.inclusive === false ? `${count(issue.maximum)}${unit} değerinden küçük olmalı` : `En fazla ${count(issue.maximum)}${unit} olabilir`;
    }
    default:
      return undefined;
  }
}

z.config({ ...tr(), customError: turkishIssueMessage });
