import { describe, expect, it } from 'vitest';
import { PHONE_MESSAGES, normalizeTurkishPhone, optionalTurkishPhone, turkishPhone } from './phone';

/*
 * The limits of the phone rule (phone.ts): what a person types is read up to 40 characters, spaces
 * included; the country code without "+" is taken only where it leaves ten digits; a blank number
 * is "missing", never "invalid".
 */
describe('a typed Turkish phone number', () => {
  it('is read up to 40 characters as typed, and refused at 41 before any work', () => {
    const typed = '0532 123 45 67';
    expect(normalizeTurkishPhone(typed.padEnd(40, ' '))).toBe('+905321234567');
    expect(normalizeTurkishPhone(typed.padEnd(41, ' '))).toBeNull();
  });

  it('takes "90" as the country code only when ten digits follow it', () => {
    // 905321234567 is twelve digits: 90 + a mobile; 9053212345 is ten digits: no such national number
    expect(normalizeTurkishPhone('905321234567')).toBe('+905321234567');
    expect(normalizeTurkishPhone('9053212345')).toBeNull();
  });

  it('keeps a nationwide 850 number and refuses its neighbours 849 and 851', () => {
    expect(normalizeTurkishPhone('0850 222 33 44')).toBe('+908502223344');
    expect(normalizeTurkishPhone('0849 222 33 44')).toBeNull();
    expect(normalizeTurkishPhone('0851 222 33 44')).toBeNull();
  });

  it('says "missing" for a number made only of separators, "invalid" for a wrong one', () => {
    const required = turkishPhone('Telefon gerekli');
    expect(required.safeParse(' ( ) - ').error?.issues[0].message).toBe('Telefon gerekli');
    expect(required.safeParse('0532').error?.issues[0].message).toBe(PHONE_MESSAGES.invalid);
    expect(optionalTurkishPhone.parse(' - ')).toBeUndefined();
    expect(optionalTurkishPhone.parse(null)).toBeUndefined();
    expect(optionalTurkishPhone.safeParse('0532').error?.issues[0].message).toBe(PHONE_MESSAGES.invalid);
  });
});
