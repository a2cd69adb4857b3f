import { z } from 'zod';

/**
 * Every piece of free text a person types into Sofra (names, descriptions, notes, settings) goes
 * through one of these two builders, so the same characters are refused everywhere:
 * - `\u0000` and other control characters: PostgreSQL cannot store NUL in text or jsonb (a 500),
 *   and the rest are invisible junk on a receipt or kitchen ticket;
 * - unpaired UTF-16 surrogates (`\ud800`): not valid Unicode, refused by jsonb and turned into �
 *   elsewhere;
 * - bidi overrides (U+202A–U+202E, U+2066–U+2069) anywhere — names, notes, labels, reasons,
 *   addresses, settings: they make "Çay" or "acısız" display as something else on the kitchen
 *   screen, a slip and in the audit log (the "Trojan Source" trick). Right-to-left text itself
 *   (Arabic, Hebrew) needs none of them.
 * Multi-line text (descriptions, addresses, notes, receipt footer) may hold tab and line breaks.
 */

export type TextKind = 'name' | 'multiline';

// C0 and C1 control characters; tab, line feed and carriage return are allowed in multi-line text.
const CONTROL_IN_NAME = /[\u0000-\u001f\u007f-\u009f]/;
const CONTROL_IN_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const BIDI_OVERRIDE = /[\u202a-\u202e\u2066-\u2069]/;
// U+2028/U+2029 break a line in some viewers and JavaScript source: no place in a one-line field.
const LINE_SEPARATOR = /[\u2028\u2029]/;
// Characters that draw nothing (zero-width space and joiners, word joiner, soft hyphen, the Hangul
// fillers, Mongolian vowel separator, combining grapheme joiner) are trimmed like spaces at both ends,
// so a name made only of them is empty; inside a word (an emoji's joiner) they stay.
const INVISIBLE = '\\s\\u200b-\\u200d\\u2060\\u00ad\\u115f\\u1160\\u3164\\uffa0\\u180e\\u034f';
const INVISIBLE_EDGES = new RegExp(`^[${INVISIBLE}]+|[${INVISIBLE}]+$`, 'g');

/** Trimmed of spaces and of characters that draw nothing, at both ends. */
export const trimInvisible = (value: string) => value.replace(INVISIBLE_EDGES, '');

/** What is wrong with a text's characters, in Turkish, or null when nothing is. */
export function textProblem(value: string, kind: TextKind, label: string): string | null {
  if ((kind === 'name' ? CONTROL_IN_NAME : CONTROL_IN_MULTILINE).test(value) || (kind === 'name' && LINE_SEPARATOR.test(value))) {
    return kind === 'name'
      ? `${label} kontrol karakteri ya da satır sonu içeremez`
      : `${label} kontrol karakteri içeremez (yalnızca sekme ve satır sonu olabilir)`;
  }
  if (LONE_SURROGATE.test(value)) return `${label} geçersiz bir karakter içeriyor (bozuk Unicode)`;
  if (BIDI_OVERRIDE.test(value)) return `${label} yazı yönünü değiştiren görünmez karakter içeremez`;
  return null;
}

interface TextOptions {
  max: number;
  /** at least this many characters after trimming (0 = may be empty) */
  min?: number;
  /** names: inner runs of spaces become one ("  Ezogelin   Çorbası " → "Ezogelin Çorbası") */
  collapseSpaces?: boolean;
}

/** The character check alone, for a schema that needs its own shape (an icon, a query field). */
export const refuseBadCharacters =
  (kind: TextKind, label: string) =>
  (value: string, ctx: z.core.$RefinementCtx<string>) => {
    const problem = textProblem(value, kind, label);
    // `continue: false`: the length checks after it would only add noise to this message.
    if (problem) ctx.addIssue({ code: 'custom', message: problem, continue: false });
  };

function build(kind: TextKind, label: string, { max, min = 0, collapseSpaces = false }: TextOptions) {
  return z
    .string({ error: (i) => (i.input === undefined ? `${label} gerekli` : `${label} metin olmalı`) })
    .superRefine(refuseBadCharacters(kind, label))
    .overwrite((s) => (collapseSpaces ? trimInvisible(s).replace(/\s+/g, ' ') : trimInvisible(s)))
    .min(min, min === 1 ? `${label} boş olamaz` : `${label} en az ${min} karakter olmalı`)
    .max(max, `${label} en fazla ${max} karakter olabilir`);
}

/** A one-line name or label: no control characters (not even tab or line break), no bidi overrides. */
export const nameText = (label: string, options: TextOptions) => build('name', label, options);

/** Free text that may span lines (tab and line breaks allowed, bidi overrides not), trimmed at both ends. */
export const multilineText = (label: string, options: TextOptions) => build('multiline', label, options);
