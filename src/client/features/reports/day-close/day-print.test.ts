import { countTotal } from './cash-count-helper';
import type { DayCloseReport } from '../../../../shared/day-close-contract';
import { dayRows, differenceText } from './day-print';

it('says the cash difference with its sign and a word, never by colour alone', () => {
  expect(differenceText(1_000)).toBe('+10,00 TL Fazla');
  expect(differenceText(-550)).toBe('−5,50 TL Eksik');
  expect(differenceText(0)).toBe('0,00 TL Fark yok');
});

it('the note-and-coin helper adds up every denomination and ignores what is not a whole count', () => {
  expect(countTotal({ 20_000: '2', 10_000: '1', 5_000: '1', 100: '3', 50: '1', 25: '2', 5: '1' })).toBe(40_000 + 10_000 + 5_000 + 300 + 50 + 50 + 5);
  expect(countTotal({ 20_000: '1,5', 1_000: '-2', 500: 'abc', 10: '' })).toBe(0);
});

it('names carried Gel-Al and Paket Servis adisyons by their type, not "Adisyon"', () => {
  const zero = { gross: 0, discounts: 0, comps: 0, cancellations: 0, cancellationCount: 0, serviceCharge: 0, refunds: 0, net: 0, tips: 0, bills: 0, guests: 0, averageBill: 0, vat: [] };
  const cash = { openingFloatSource: 'none', openingFloat: 0, cashSales: 0, cashIn: 0, cashOut: 0, cashRefunds: 0, expected: 0, counted: null, difference: null };
  const ticket = (number: number, type: string, tableName: string | null) => ({ id: String(number), number, type, tableName, waiterName: 'Ayşe Demir', total: 40_000, openedAt: '', billNumber: null });
  const report = {
    summary: zero,
    cash,
    payments: [],
    movements: [],
    refunds: [],
    openTickets: [ticket(4, 'table', 'Salon 1'), ticket(9, 'takeaway', null), ticket(13, 'delivery', null)],
  } as unknown as DayCloseReport;
  expect(dayRows(report).carried.map((row) => row[0])).toEqual(['Salon 1 #4 · Ayşe Demir', 'Gel-Al #9 · Ayşe Demir', 'Paket Servis #13 · Ayşe Demir']);
});
