import { csvDisposition, csvMoney, csvPercent } from './sales-csv';

describe('CSV cells for Excel in Turkish', () => {
  it('writes TL with a decimal comma and no grouping, negatives with a minus', () => {
    expect(csvMoney(123_450)).toBe('1234,50');
    expect(csvMoney(5)).toBe('0,05');
    expect(csvMoney(0)).toBe('0,00');
    expect(csvMoney(-1_005)).toBe('-10,05');
    expect(csvMoney(12_345_678_901)).toBe('123456789,01');
  });

  it('writes a share as a percent with one decimal and a comma', () => {
    expect(csvPercent(0.125)).toBe('12,5');
    expect(csvPercent(1)).toBe('100,0');
    expect(csvPercent(0)).toBe('0,0');
  });

  it('names the file safely in ASCII and in Turkish (RFC 5987)', () => {
    expect(csvDisposition('byWaiter', '2026-11-01', '2026-11-30')).toBe(
      `attachment; filename="satis-raporu-garsonlar-2026-11-01_2026-11-30.csv"; filename*=UTF-8''${encodeURIComponent('Satış Raporu - Garsonlar 2026-11-01_2026-11-30.csv')}`,
    );
    expect(csvDisposition('byHour', '2026-11-01', '2026-11-01')).toMatch(/filename="satis-raporu-saat-ve-gune-gore-2026-11-01_2026-11-01\.csv"/);
  });
});
