import { z } from 'zod';

/**
 * Turkish phone numbers, the one rule for every screen and the server (a Gel-Al or Paket Servis
 * customer's number; the waiter calls it, the courier rings it).
 *
 * Accepted as typed: "0532 123 45 67", "+90 532 123 4567", "+90 (0532) …", "0090 532…", "90 532…",
 * "5321234567", with spaces, dashes, dots, slashes or parentheses anywhere ("(0532) 123-45-67").
 * What remains is the 10-digit national number, which must be a mobile (5xx), a landline (area
 * codes 2xx, 3xx, 4xx) or a nationwide 850 number. Anything else — letters, a digit too many or too few, a
 * country other than Türkiye — is refused, never trimmed into something that looks right.
 *
 * Stored in one canonical form, E.164: "+905321234567" (what a `tel:` link, an SMS gateway or a
 * delivery platform expects), and shown the Turkish way: "0 532 123 45 67".
 */

export const PHONE_MESSAGES = {
  invalid: 'Geçerli bir telefon numarası girin (ör. 0532 123 45 67)',
  notText: 'Telefon metin olmalı',
} as const;

/** Separators people type inside a number; they carry no meaning. */
const SEPARATORS = /[\s\-.()/\u00a0]/g;
/** mobile 5xx, landline 2xx–4xx, nationwide 850; then seven digits */
const NATIONAL = /^(?:[2-5]\d{2}|850)\d{7}$/;
/** nobody types a phone number this long; refused before any work is done on it */
const MAX_TYPED = 40;

/** The canonical "+90XXXXXXXXXX" of a Turkish number as typed, or null when it is not one. */
export function normalizeTurkishPhone(typed: string): string | null {
  if (typed.length > MAX_TYPED) return null;
  let digits = typed.replace(SEPARATORS, '');
  if (digits.startsWith('+')) {
    if (!digits.startsWith('+90')) return null;
    digits = digits.slice(3);
  } else if (digits.startsWith('0090')) digits = digits.slice(4);
  else if (digits.length === 12 && digits.startsWith('90')) digits = digits.slice(2);
  // the trunk 0, also where people keep it after the country code ("+90 (0532) …")
  if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return NATIONAL.test(digits) ? `+90${digits}` : null;
}

/**
 * "0 532 123 45 67" for a stored number (any form `normalizeTurkishPhone` reads). A value that is
 * not a Turkish number (typed before this rule existed) is shown as it was stored.
 */
export function formatTurkishPhone(stored: string): string {
  const canonical = normalizeTurkishPhone(stored);
  if (!canonical) return stored;
  const n = canonical.slice(3);
  return `0 ${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6, 8)} ${n.slice(8)}`;
}

const isBlank = (s: string) => s.replace(SEPARATORS, '') === '';

/** A phone number that must be given: blank → `requiredMessage`; otherwise its canonical form. */
export const turkishPhone = (requiredMessage: string) =>
  z
    .string({ error: (i) => (i.input === undefined || i.input === null ? requiredMessage : PHONE_MESSAGES.notText) })
    .transform((typed, ctx) => {
      if (isBlank(typed)) {
        ctx.addIssue({ code: 'custom', message: requiredMessage });
        return z.NEVER;
      }
      const canonical = normalizeTurkishPhone(typed);
      if (!canonical) {
        ctx.addIssue({ code: 'custom', message: PHONE_MESSAGES.invalid });
        return z.NEVER;
      }
      return canonical;
    });

/** A phone number that may be left out (absent, null or blank → undefined); when given it must be valid. */
export const optionalTurkishPhone = z
  .string({ error: PHONE_MESSAGES.notText })
  .nullish()
  .transform((typed, ctx) => {
    if (typed === undefined || typed === null || isBlank(typed)) return undefined;
    const canonical = normalizeTurkishPhone(typed);
    if (!canonical) {
      ctx.addIssue({ code: 'custom', message: PHONE_MESSAGES.invalid });
      return z.NEVER;
    }
    return canonical;
  });
