import { describe, expect, it } from 'vitest';
import { EMPTY_TOTALS, type Payment, type Ticket } from '../../../shared/ticket-contract';
import { cashShortfall, newSplit, payButtonLabel, quickCash, shareLabel, splitState, tipNote, typedAmount } from './payment-logic';

/*
 * The payment panel's rules (payment-logic.ts) in the cases a busy table makes: two guests paying
 * equal shares one after the other, every share paid, a tip typed before an amount, text that is
 * not an amount.
 */
const ticket = (total: number, payments: Payment[] = []): Pick<Ticket, 'payments' | 'totals'> => {
  const paid = payments.reduce((s, p) => s + p.amount, 0);
  return { payments, totals: { ...EMPTY_TOTALS, subtotal: total, total, paid, remaining: Math.max(0, total - paid) } };
};
const cash = (id: string, amount: number): Payment => ({
  id, method: 'cash', brand: null, amount, tip: 0, change: 0, customerName: null, lineIds: [], takenBy: null, takenByName: null, createdAt: '',
});

describe('Eşit Böl', () => {
  const plan = newSplit([3333, 3333, 3334], ticket(10000));

  it('remembers which payments the bill had before the split', () => {
    expect(newSplit([500, 500], ticket(1500, [cash('a', 500)]))).toEqual({ shares: [500, 500], before: ['a'] });
  });

  it('gives two payments of the same amount two different shares', () => {
    const state = splitState(plan, ticket(10000, [cash('p1', 3333), cash('p2', 3333)]));
    expect(state).toEqual({
      shares: [
        { amount: 3333, isPaid: true },
        { amount: 3333, isPaid: true },
        { amount: 3334, isPaid: false },
      ],
      next: 2,
      paidCount: 2,
    });
  });

  it('says there is no next share once every share is paid', () => {
    const state = splitState(plan, ticket(10000, [cash('p1', 3334), cash('p2', 3333), cash('p3', 3333)]));
    expect(state?.next).toBe(-1);
    expect(state?.paidCount).toBe(3);
    expect(state?.shares.every((s) => s.isPaid)).toBe(true);
  });

  it('drops the split when one share more is paid than there are shares of that amount', () => {
    expect(splitState(plan, ticket(10000, [cash('p1', 3334), cash('p2', 3334)]))).toBeNull();
  });

  it('has no split without a plan', () => {
    expect(splitState(null, ticket(10000))).toBeNull();
  });

  it('labels a share counted from one', () => {
    expect(shareLabel(0, 3)).toBe('Pay 1 / 3');
    expect(shareLabel(2, 3)).toBe('Pay 3 / 3');
  });
});

describe('the amounts on the payment panel', () => {
  it('reads a typed Turkish amount in kuruş, and anything else as nothing', () => {
    expect(typedAmount('1.250,50')).toBe(125_050);
    expect(typedAmount('45')).toBe(4_500);
    expect(typedAmount('')).toBe(0);
    expect(typedAmount('-5')).toBe(0);
    expect(typedAmount('on beş')).toBe(0);
  });

  it('shows no tip note and no amount on the pay button while no amount is typed, even with a tip', () => {
    expect(tipNote(0, 1_000)).toBeNull();
    expect(payButtonLabel('Kredi Kartı', 0, 1_000)).toBe('Kredi Kartı ile Öde');
  });

  it('says nothing is short while no amount is due', () => {
    expect(cashShortfall(0, 5_000)).toBeNull();
    expect(cashShortfall(0, 0)).toBeNull();
  });

  it('offers no quick cash for nothing due', () => {
    expect(quickCash(0)).toEqual([]);
    expect(quickCash(-100)).toEqual([]);
  });

  it('offers one kuruş above a round sum the next round sums, never the sum below it', () => {
    // 100,01 TL: 110, 150, 200 and 500 TL (100 TL would not cover it)
    expect(quickCash(10_001).map((c) => c.value)).toEqual([10_001, 11_000, 15_000, 20_000, 50_000]);
  });
});
