import Papa from 'papaparse';
import type { SalesReportResponse } from '../../../shared/reports-contract';
import { csvDisposition, csvMoney, csvPercent, salesCsv } from './sales-csv';

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

describe('Satış Raporları CSV and spreadsheet formulas', () => {
  const evil = '=HYPERLINK("http://example.com","x")';
  const report = {
    byItem: [{ name: evil, categoryName: '+cmd|x', quantity: 1, revenue: -500, share: 0.5, compQuantity: 0, cancelledQuantity: 0, refundQuantity: 0 }],
    byCategory: [{ name: '@SUM(1)', quantity: 1, revenue: 100, share: 1, compQuantity: 0, cancelledQuantity: 0 }],
    byWaiter: [{ name: evil, bills: 1, net: 100, average: 100, given: { discounts: 0, comps: 0, cancellations: 0 }, exceptionShare: 0, isOutlier: false }],
    exceptions: [{ at: '2026-11-27 21:00', label: 'İndirim', billNumber: 1, tableName: '-1+1', itemName: evil, quantity: 1, userName: '@x', approverName: null, reason: '=1', amount: -1_000 }],
    byCourier: [{ name: '+90 532 000 00 00', delivered: 1, cash: 0, card: 0, mealCard: 0, settled: 0, open: 0 }],
  } as unknown as SalesReportResponse;

  it.each(['byItem', 'byCategory', 'byWaiter', 'exceptions', 'byCourier'] as const)('%s writes every formula as text and keeps negative amounts numbers', (table) => {
    const [, row] = Papa.parse<string[]>(salesCsv(report, table, 'Europe/Istanbul').slice(1), { delimiter: ';' }).data;
    const formulaCells = row.filter((c) => /^[=+@]/.test(c) || /^-\d+[^\d,]/.test(c));
    expect(formulaCells).toEqual([]);
    expect(row.some((c) => c.startsWith("'"))).toBe(true);
    if (table === 'byItem') expect(row[3]).toBe('-5,00');
    if (table === 'exceptions') expect(row.at(-1)).toBe('-10,00');
  });
});

describe('Satış Raporları CSV rows people read', () => {
  const report = {
    from: '2026-11-01',
    to: '2026-11-30',
    byDay: [
      { day: '2026-11-26', bills: 3, guests: 6, gross: 100_000, discounts: 1_000, comps: 0, serviceCharge: 0, refunds: 0, net: 99_000, tips: 500 },
      { day: '2026-11-27', bills: 2, guests: 4, gross: 50_050, discounts: 0, comps: 2_000, serviceCharge: 0, refunds: -1_000, net: 47_050, tips: 0 },
    ],
    byWaiter: [
      { name: 'Ayşe', bills: 3, net: 99_000, average: 33_000, given: { discounts: 1_000, comps: 0, cancellations: 0 }, exceptionShare: 0.01, isOutlier: false },
      { name: 'Mehmet', bills: 2, net: 47_050, average: 23_525, given: { discounts: 0, comps: 2_000, cancellations: 0 }, exceptionShare: 0.04, isOutlier: false },
    ],
    exceptions: [{ at: '2026-11-27T18:05:00.000Z', label: 'İkram', billNumber: 7, tableName: 'Salon 1', itemName: 'Çay', quantity: 2, userName: 'Ayşe', approverName: null, reason: 'Doğum günü', amount: 2_000 }],
  } as unknown as SalesReportResponse;
  const rowsOf = (table: 'byDay' | 'byWaiter' | 'exceptions') => Papa.parse<string[]>(salesCsv(report, table, 'Europe/Istanbul').slice(1), { delimiter: ';', skipEmptyLines: true }).data;

  it('writes days and times the Turkish way, times in the restaurant’s zone', () => {
    expect(rowsOf('byDay')[1][0]).toBe('26.11.2026');
    expect(rowsOf('exceptions')[1][0]).toBe('27.11.2026 21:05');
  });

  it('ends every table with a Toplam row of its money and counts; averages and shares stay empty', () => {
    expect(rowsOf('byDay').at(-1)).toEqual(['Toplam', '5', '10', '1500,50', '10,00', '20,00', '0,00', '-10,00', '1460,50', '5,00']);
    const total = rowsOf('byWaiter').at(-1)!;
    expect(total.slice(0, 4)).toEqual(['Toplam', '5', '1460,50', '']);
    expect(total.at(-2)).toBe('');
    expect(rowsOf('exceptions').at(-1)).toEqual(['Toplam', '', '', '', '', '2', '', '', '', '20,00']);
  });
});
