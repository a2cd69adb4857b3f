import type { DayCloseReport } from '../../../../shared/day-close-contract';
import { formatTL } from '../../../../shared/domain/money';
import { dayRows } from './day-print';

// The printed Gün Sonu shows the report's own payments and VAT, never figures of its own: the report
// agrees with Satış Raporları and its CSV to the kuruş (one-figure.routes.test.ts on the server).
it('prints each method’s amount and each VAT rate’s base and tax exactly as the report gives them', () => {
  const zero = { gross: 0, discounts: 0, comps: 0, cancellations: 0, cancellationCount: 0, serviceCharge: 0, refunds: 0, net: 0, tips: 0, bills: 0, guests: 0, averageBill: 0 };
  const cash = { openingFloatSource: 'none', openingFloat: 0, cashSales: 0, cashIn: 0, cashOut: 0, cashRefunds: 0, expected: 0, counted: null, difference: null };
  const report = {
    summary: { ...zero, vat: [{ rate: 10, base: 33_681, tax: 3_369 }, { rate: 20, base: 83_334, tax: 16_666 }] },
    cash,
    payments: [{ method: 'card', brand: null, amount: 92_850, count: 3 }, { method: 'cash', brand: null, amount: 19_000, count: 2 }],
    movements: [],
    refunds: [],
    openTickets: [],
  } as unknown as DayCloseReport;
  const rows = dayRows(report);
  expect(rows.vat).toEqual([
    ['KDV %10', `Matrah ${formatTL(33_681)} · KDV ${formatTL(3_369)}`],
    ['KDV %20', `Matrah ${formatTL(83_334)} · KDV ${formatTL(16_666)}`],
  ]);
  expect(rows.payments).toEqual([
    ['Kredi Kartı (3)', formatTL(92_850)],
    ['Nakit (2)', formatTL(19_000)],
  ]);
});
