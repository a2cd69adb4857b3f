import { describe, expect, it } from 'vitest';
import { multilineText, nameText, textProblem, trimInvisible } from './text';

/*
 * The edges of the one text rule (text.ts): the first and last character of each refused range, the
 * line separators a multi-line text may hold, and the messages for text too short, too long or not
 * text at all.
 */
const name = nameText('Ad', { min: 1, max: 10, collapseSpaces: true });
const code = nameText('Kod', { min: 3, max: 5 });
const notes = multilineText('Not', { max: 20 });

describe('the control characters of a multi-line text', () => {
  it.each([
    ['U+0008 (just below tab)', '\u0008'],
    ['U+000B (vertical tab)', '\u000b'],
    ['U+000C (form feed)', '\u000c'],
    ['U+000E (just above carriage return)', '\u000e'],
    ['U+001F', '\u001f'],
    ['U+007F (delete)', '\u007f'],
    ['U+009F (the last C1 control)', '\u009f'],
  ])('refuses %s', (_what, ch) => {
    expect(textProblem(`Az${ch}pişmiş`, 'multiline', 'Not')).toBe('Not kontrol karakteri içeremez (yalnızca sekme ve satır sonu olabilir)');
  });

  it('takes U+00A0 (no-break space) and U+00A1, just past the C1 controls, in names and notes', () => {
    expect(textProblem('Çay\u00a0Simit\u00a1', 'name', 'Ad')).toBeNull();
    expect(textProblem('Çay\u00a0Simit\u00a1', 'multiline', 'Not')).toBeNull();
  });

  it('lets the line separators U+2028 and U+2029 stay in multi-line text (only one-line names refuse them)', () => {
    expect(textProblem('bir\u2028iki\u2029üç', 'multiline', 'Not')).toBeNull();
    expect(notes.parse('bir\u2028iki')).toBe('bir\u2028iki');
  });

  it('takes U+2065 and U+202F, just beside the refused bidi controls', () => {
    expect(textProblem('a\u2065b\u202fc', 'name', 'Ad')).toBeNull();
    expect(textProblem('a\u2065b\u202fc', 'multiline', 'Not')).toBeNull();
  });
});

describe('trimming and lengths', () => {
  it('trims the Mongolian vowel separator, the combining grapheme joiner and the halfwidth Hangul filler at the ends', () => {
    expect(trimInvisible('\u180e\u034fÇay\uffa0\u115f\u1160')).toBe('Çay');
    expect(trimInvisible('Ç\u034fay')).toBe('Ç\u034fay');
  });

  it('keeps the inner spaces of a multi-line text and of a name that does not collapse them', () => {
    expect(notes.parse('  az   pişmiş  ')).toBe('az   pişmiş');
    expect(code.parse(' A  B ')).toBe('A  B');
  });

  it('counts the length after trimming, and says how many characters are needed or allowed', () => {
    expect(name.parse('  ' + 'a'.repeat(10) + '  ')).toBe('a'.repeat(10));
    expect(name.safeParse('a'.repeat(11)).error?.issues[0].message).toBe('Ad en fazla 10 karakter olabilir');
    expect(code.safeParse(' ab ').error?.issues[0].message).toBe('Kod en az 3 karakter olmalı');
    expect(code.parse('abc')).toBe('abc');
  });

  it('names a missing field as required and a number as not text', () => {
    expect(name.safeParse(undefined).error?.issues[0].message).toBe('Ad gerekli');
    expect(name.safeParse(12).error?.issues[0].message).toBe('Ad metin olmalı');
  });
});
