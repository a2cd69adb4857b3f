import { describe, expect, it } from 'vitest';
import { PHONE_MESSAGES, formatTurkishPhone, normalizeTurkishPhone, optionalTurkishPhone, turkishPhone } from './phone';
import './zod-turkish';

describe('normalizeTurkishPhone', () => {
  it.each([
    ['0532 123 45 67', '+905321234567'],
    ['+90 532 123 4567', '+905321234567'],
    ['5321234567', '+905321234567'],
    ['05321234567', '+905321234567'],
    ['(0532) 123-45-67', '+905321234567'],
    ['0532-123-45-67', '+905321234567'],
    ['0532.123.45.67', '+905321234567'],
    ['+90 (532) 123 45 67', '+905321234567'],
    ['+90 (0532) 123 45 67', '+905321234567'],
    ['0090 532 123 45 67', '+905321234567'],
    ['90 532 123 45 67', '+905321234567'],
    ['  0532 123 45 67  ', '+905321234567'],
    ['+905321234567', '+905321234567'],
    // landlines: İstanbul (Avrupa / Anadolu), Ankara, İzmir; and a nationwide 850 number
    ['0212 555 12 34', '+902125551234'],
    ['(216) 444 55 66', '+902164445566'],
    ['0 312 123 45 67', '+903121234567'],
    ['0232 123 45 67', '+902321234567'],
    ['0850 222 33 44', '+908502223344'],
  ])('reads %j as %s', (typed, canonical) => {
    expect(normalizeTurkishPhone(typed)).toBe(canonical);
  });

  it.each([
    'abc-not-a-phone',
    '',
    '0532 123 45 6', // a digit short
    '0532 123 45 678', // a digit too many
    '532 123 45 678', // a digit too many without the trunk 0
    '+90 532 123 45 678',
    '0090 532 123 45 678',
    '90 532 123 45 678',
    '+90 0532 123 45 678',
    '532 123 45 6a',
    '+1 212 555 1234', // not Türkiye
    '+44 20 7946 0958',
    '0123 456 78 90', // no area code starts with 1
    '0632 123 45 67', // nor with 6
    '0800 123 45 67', // toll-free numbers are not a customer's phone
    '444 1 234', // a call-centre number
    '0532 123 45 67 dahili 12',
    '05321234567'.repeat(4),
    '+90+5321234567',
  ])('refuses %j', (typed) => {
    expect(normalizeTurkishPhone(typed)).toBeNull();
  });
});

describe('formatTurkishPhone', () => {
  it('shows a stored number the Turkish way, mobiles and landlines alike', () => {
    expect(formatTurkishPhone('+905321234567')).toBe('0 532 123 45 67');
    expect(formatTurkishPhone('+902125551234')).toBe('0 212 555 12 34');
    expect(formatTurkishPhone('0532 555 12 34')).toBe('0 532 555 12 34'); // stored before the rule
  });

  it('shows a value that is not a Turkish number as it was stored, never a made-up number', () => {
    expect(formatTurkishPhone('dahili 12')).toBe('dahili 12');
  });

  it('formats every number it reads back to itself (the canonical form is stable)', () => {
    for (const typed of ['0532 123 45 67', '+90 212 555 1234', '8502223344']) {
      const canonical = normalizeTurkishPhone(typed)!;
      expect(normalizeTurkishPhone(formatTurkishPhone(canonical))).toBe(canonical);
      expect(normalizeTurkishPhone(canonical)).toBe(canonical);
    }
  });
});

describe('the phone schemas', () => {
  const required = turkishPhone('Paket serviste telefon zorunludur');
  const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message);

  it('a required number: canonical when valid, the Turkish message when missing, blank or wrong', () => {
    expect(required.parse('0532 123 45 67')).toBe('+905321234567');
    expect(messages(required.safeParse(undefined))).toEqual(['Paket serviste telefon zorunludur']);
    expect(messages(required.safeParse('  - '))).toEqual(['Paket serviste telefon zorunludur']);
    expect(messages(required.safeParse('abc-not-a-phone'))).toEqual([PHONE_MESSAGES.invalid]);
    expect(messages(required.safeParse(5321234567))).toEqual([PHONE_MESSAGES.notText]);
    expect(PHONE_MESSAGES.invalid).toBe('Geçerli bir telefon numarası girin (ör. 0532 123 45 67)');
  });

  it('an optional number: absent, null or blank is no number; a given one must be valid', () => {
    expect(optionalTurkishPhone.parse(undefined)).toBeUndefined();
    expect(optionalTurkishPhone.parse(null)).toBeUndefined();
    expect(optionalTurkishPhone.parse('   ')).toBeUndefined();
    expect(optionalTurkishPhone.parse('+90 532 123 4567')).toBe('+905321234567');
    expect(messages(optionalTurkishPhone.safeParse('abc-not-a-phone'))).toEqual([PHONE_MESSAGES.invalid]);
  });
});
