import { describe, expect, it } from 'vitest';
import { multilineText, nameText, textProblem } from './text';
import { newLine, openTicketRequest } from './ticket-contract';

describe('shared text fields', () => {
  const name = nameText('Ad', { min: 1, max: 20, collapseSpaces: true });
  const notes = multilineText('Not', { max: 50 });

  it.each([
    ['NUL', 'Çay\u0000'],
    ['another control character', 'Çay\u0007'],
    ['a C1 control character', 'Çay\u0085'],
    ['a tab', 'Çay\tSimit'],
    ['a line break', 'Çay\nSimit'],
  ])('refuses %s in a name', (_what, value) => {
    expect(name.safeParse(value).success).toBe(false);
  });

  it.each(['\ud800', 'a\udc00', '\udbff\u0041'])('refuses the unpaired surrogate in %j, in names and in multi-line text', (value) => {
    expect(textProblem(value, 'name', 'Ad')).toMatch(/geçersiz bir karakter/);
    expect(notes.safeParse(value).success).toBe(false);
  });

  it.each(['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'])(
    'refuses the bidi control U+%s in a name',
    (ch) => {
      expect(name.safeParse(`Çay${ch}Simit`).success).toBe(false);
    },
  );

  it.each(['\u202a', '\u202e', '\u2066', '\u2069'])('refuses the bidi control U+%s in multi-line text too (notes, addresses, reasons)', (ch) => {
    expect(notes.safeParse(`acısız${ch}bol limon`).success).toBe(false);
    expect(notes.safeParse(`acısız${ch}bol limon`).error?.issues[0].message).toBe('Not yazı yönünü değiştiren görünmez karakter içeremez');
  });

  it.each([
    ['zero-width spaces', '\u200b\u200b'],
    ['a byte-order mark', '\ufeff'],
    ['the Hangul filler', '\u3164\u3164'],
    ['a word joiner and a soft hyphen among spaces', ' \u2060 \u00ad '],
  ])('refuses a required name made only of %s as empty', (_what, value) => {
    expect(name.safeParse(value).error?.issues[0].message).toBe('Ad boş olamaz');
    expect(notes.parse(value)).toBe('');
  });

  it('trims characters that draw nothing at the ends, keeps an emoji’s joiner inside', () => {
    expect(name.parse('\u200bÇay\u3164')).toBe('Çay');
    expect(name.parse('Aile 👨\u200d👩\u200d👧')).toBe('Aile 👨\u200d👩\u200d👧');
  });

  it.each(['\u2028', '\u2029'])('refuses the line separator %j in a one-line name', (ch) => {
    expect(name.safeParse(`Çay${ch}Simit`).error?.issues[0].message).toBe('Ad kontrol karakteri ya da satır sonu içeremez');
  });

  it('keeps Turkish letters, emoji (paired surrogates) and collapses runs of spaces in names', () => {
    expect(name.parse('  Şiş   Köfte 🍢 ')).toBe('Şiş Köfte 🍢');
  });

  it('allows tabs and line breaks in multi-line text but no other control character', () => {
    expect(notes.parse(' Az\tpişmiş\r\nsoğansız ')).toBe('Az\tpişmiş\r\nsoğansız');
    expect(notes.safeParse('Az\u0000pişmiş').success).toBe(false);
    expect(notes.safeParse('Az\u001bpişmiş').success).toBe(false);
  });

  it('gives Turkish messages naming the field', () => {
    const result = name.safeParse('Çay\u0000');
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Ad kontrol karakteri ya da satır sonu içeremez']);
  });

  it('guards the ticket contract: customer name, address and line note', () => {
    const customer = { name: 'Ayşe', phone: '0555 111 22 33', address: 'Kadıköy' };
    expect(openTicketRequest.safeParse({ type: 'takeaway', customer }).success).toBe(true);
    expect(openTicketRequest.safeParse({ type: 'takeaway', customer: { ...customer, name: 'Ay\u0000şe' } }).success).toBe(false);
    expect(openTicketRequest.safeParse({ type: 'delivery', customer: { ...customer, address: 'Kadıköy\ud800' } }).success).toBe(false);
    expect(newLine.safeParse({ menuItemId: 'x', quantity: 1, note: 'acısız\u0000' }).success).toBe(false);
    expect(newLine.safeParse({ menuItemId: 'x', quantity: 1, note: 'acısız\nbol limon' }).success).toBe(true);
  });
});
