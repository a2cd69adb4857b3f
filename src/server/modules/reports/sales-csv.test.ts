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
    const [, row] = Papa.parse<string[]>(salesCsv(report, table).slice(1), { delimiter: ';' }).data;
    const formulaCells = row.filter((c) => /^[=+@]/.test(c) || /^-\d+[^\d,]/.test(c));
    expect(formulaCells).toEqual([]);
    expect(row.some((c) => c.startsWith("'"))).toBe(true);
    if (table === 'byItem') expect(row[3]).toBe('-5,00');
    if (table === 'exceptions') expect(row.at(-1)).toBe('-10,00');
  });
});
