import { OUTLIER, isOutlierShare, salesReportQuery } from './reports-contract';
import { presetRange, previousPeriod, weekdayOf } from './domain/calendar';
import { NET_SALES_DEFINITION, netSales } from './sales-definitions';

describe('report periods', () => {
  it('presets name business days: a week starts on Monday, last month is the whole calendar month', () => {
    // Wednesday 25 November 2026
    expect(presetRange('today', '2026-11-25')).toEqual({ from: '2026-11-25', to: '2026-11-25' });
    expect(presetRange('yesterday', '2026-11-25')).toEqual({ from: '2026-11-24', to: '2026-11-24' });
    expect(presetRange('thisWeek', '2026-11-25')).toEqual({ from: '2026-11-23', to: '2026-11-25' });
    expect(presetRange('thisWeek', '2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(presetRange('thisMonth', '2026-11-25')).toEqual({ from: '2026-11-01', to: '2026-11-25' });
    expect(presetRange('lastMonth', '2026-03-10')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetRange('lastMonth', '2026-01-05')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(weekdayOf('2026-11-29')).toBe(7);
  });

  it('the previous equal period is as many days just before', () => {
    expect(previousPeriod('2026-11-01', '2026-11-30')).toEqual({ from: '2026-10-02', to: '2026-10-31' });
    expect(previousPeriod('2024-03-01', '2024-03-01')).toEqual({ from: '2024-02-29', to: '2024-02-29' });
  });

  it('refuses from after to, over 366 days and days that do not exist, in Turkish, one message each', () => {
    const issues = (q: object) => salesReportQuery.safeParse(q).error?.issues.map((i) => i.message) ?? [];
    expect(issues({ from: '2026-03-02', to: '2026-03-01' })).toEqual(['Başlangıç tarihi bitişten sonra olamaz']);
    expect(issues({ from: '2024-01-01', to: '2024-12-31' })).toEqual([]);
    expect(issues({ from: '2024-01-01', to: '2025-01-01' })).toEqual(['Bir rapor en fazla 366 günü kapsayabilir']);
    expect(issues({ from: '2026-02-30', to: '2026-03-01' })).toEqual(['Geçersiz tarih']);
  });
});

describe('definitions', () => {
  it('net sales = gross − İndirim − İkram + service charge − İade, defined in one Turkish sentence', () => {
    expect(netSales({ gross: 100_000, discounts: 5_000, comps: 2_000, serviceCharge: 9_300, refunds: 1_000 })).toBe(101_300);
    expect(NET_SALES_DEFINITION).toMatch(/^Net satış: .*bahşiş dahil değildir\.$/);
  });

  it('"far above the median" needs both twice the median and at least 5 %', () => {
    expect(OUTLIER).toEqual({ factor: 2, minShare: 0.05 });
    expect(isOutlierShare(0.11, 0.05)).toBe(true);
    expect(isOutlierShare(0.09, 0.05)).toBe(false);
    expect(isOutlierShare(0.04, 0)).toBe(false);
    expect(isOutlierShare(0.06, 0)).toBe(true);
  });
});
