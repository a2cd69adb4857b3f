import { describe, expect, it } from 'vitest';
import { CHAIN_MESSAGES } from './verify';

describe('CHAIN_MESSAGES', () => {
  it('names one missing audit row alone and a run of them as a range, with Turkish digit grouping', () => {
    expect(CHAIN_MESSAGES.seqGap(7, 7)).toBe('7. satır yok: kayıt silinmiş');
    expect(CHAIN_MESSAGES.seqGap(7, 8)).toBe('7–8. satırlar yok: kayıtlar silinmiş');
    expect(CHAIN_MESSAGES.seqGap(1200, 1350)).toBe('1.200–1.350. satırlar yok: kayıtlar silinmiş');
  });

  it('names one missing bill number alone and a run of them as a range', () => {
    expect(CHAIN_MESSAGES.billNumberGap(12, 12)).toBe('Hesap No 12 yok: hesap silinmiş');
    expect(CHAIN_MESSAGES.billNumberGap(12, 14)).toBe('Hesap No 12–14 yok: hesaplar silinmiş');
  });

  it('puts the counter first and the last bill second when they disagree', () => {
    expect(CHAIN_MESSAGES.billCounterMismatch(1005, 998)).toBe('Hesap numarası sayacı 1.005, son hesap ise No 998: sayaç uygulamanın dışından değiştirilmiş');
  });
});
