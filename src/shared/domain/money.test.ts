import { describe, expect, it } from 'vitest';
import { MAX_PRICE_KURUS, formatLira, formatMoneyInput, formatTL, parseTurkishMoney, readTurkishMoney } from './money';

describe('reading Turkish money', () => {
  it.each([
    ['1.250,50', 125050],
    ['1250', 125000],
    ['1250,5', 125050],
    ['1250,05', 125005],
    ['0,5', 50],
    ['0', 0],
    ['90', 9000],
    ['12,5 TL', 1250],
    ['12,50₺', 1250],
    [' 1.000.000 ', MAX_PRICE_KURUS],
    ['1.000.000,00', MAX_PRICE_KURUS],
    ['007', 700],
  ])('reads %j as %i kuruş', (text, kurus) => {
    expect(parseTurkishMoney(text)).toBe(kurus);
  });

  it.each([
    ['', 'Fiyat boş olamaz'],
    ['  ', 'Fiyat boş olamaz'],
    ['-5', 'Fiyat negatif olamaz'],
    ['-1.250,50', 'Fiyat negatif olamaz'],
    ['abc', 'Fiyat geçerli bir tutar değil (örnek: 1.250,50)'],
    ['12.5', 'Fiyat geçerli bir tutar değil (örnek: 1.250,50)'],
    ['1,250.50', 'Fiyat geçerli bir tutar değil (örnek: 1.250,50)'],
    ['12,,5', 'Fiyat geçerli bir tutar değil (örnek: 1.250,50)'],
    ['1e5', 'Fiyat geçerli bir tutar değil (örnek: 1.250,50)'],
    ['Infinity', 'Fiyat geçerli bir tutar değil (örnek: 1.250,50)'],
    ['12,505', 'Fiyat en fazla 2 kuruş basamağı içerebilir'],
    ['1.000.000,01', 'Fiyat en fazla 1.000.000,00 TL olabilir'],
    ['2000000', 'Fiyat en fazla 1.000.000,00 TL olabilir'],
    ['99999999999999999999999', 'Fiyat en fazla 1.000.000,00 TL olabilir'],
  ])('refuses %j: %s', (text, error) => {
    expect(readTurkishMoney(text)).toEqual({ ok: false, error });
    expect(() => parseTurkishMoney(text)).toThrow(error);
  });

  it('names the field in its message', () => {
    expect(readTurkishMoney('', 'Ek fiyat')).toEqual({ ok: false, error: 'Ek fiyat boş olamaz' });
  });

  it('round-trips through the editable form', () => {
    for (const kurus of [0, 5, 50, 9000, 125050, MAX_PRICE_KURUS]) {
      expect(parseTurkishMoney(formatMoneyInput(kurus))).toBe(kurus);
    }
  });

  it('formats receipts in TL and the public menu in ₺ with Turkish grouping', () => {
    expect(formatTL(125050)).toBe('1.250,50 TL');
    expect(formatLira(9000)).toBe('90,00 ₺');
  });
});
