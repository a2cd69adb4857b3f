import { describe, expect, it } from 'vitest';
import { quickCash } from './payment-logic';

/*
 * A bill of exactly a banknote or a round sum (50, 100, 200, 500 TL) is paid with that note: the
 * exact-amount button already offers it, so the suggestions above it start strictly higher. Shown
 * twice, the row loses a useful sum (at most four are shown) and two buttons say the same thing.
 */
describe('quick cash for exactly 50 / 100 / 200 / 500 TL', () => {
  it.each([5_000, 10_000, 20_000, 50_000, 100_000])('shows %i kuruş once, as the exact amount, and only larger sums after it', (amount) => {
    const buttons = quickCash(amount);
    expect(buttons[0]).toEqual({ value: amount, isExact: true });
    expect(buttons.filter((b) => b.value === amount)).toHaveLength(1);
    expect(new Set(buttons.map((b) => b.value)).size).toBe(buttons.length);
    const rest = buttons.slice(1);
    expect(rest.length).toBeGreaterThan(0);
    expect(rest.every((b) => !b.isExact && b.value > amount)).toBe(true);
    // smallest first
    expect(rest.map((b) => b.value)).toEqual([...rest.map((b) => b.value)].sort((a, b) => a - b));
  });

  it('50 TL is followed by the next notes and round sums: 100, 200, 500 and 1.000 TL', () => {
    expect(quickCash(5_000).map((b) => b.value)).toEqual([5_000, 10_000, 20_000, 50_000, 100_000]);
  });
});
