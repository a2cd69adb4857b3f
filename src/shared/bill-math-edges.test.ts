import { describe, expect, it } from 'vitest';
import { BILL_MESSAGES, PeriodVat, computeBill, computeTotals, mulDivRound, splitEqually, splitLine, vatContained, type BillLine } from './bill-math';
import type { Discount } from './ticket-contract';

/*
 * The unusual but real cases of the bill maths (bill-math.ts) the property tests walk only by
 * chance: an İkram or cancelled line that still carries a discount, a rate whose lines all cost
 * nothing, a bill paid over its total, a service charge outside 0–100 %, a period's VAT summed bill
 * by bill with İade lines taken off.
 */
const line = (over: Partial<BillLine> = {}): BillLine => ({ unitPrice: 10_000, quantity: 1, status: 'sent', isComp: false, discount: null, vatRate: 10, ...over });
const amount = (value: number): Discount => ({ type: 'amount', value, label: 'İndirim' });
const percent = (value: number): Discount => ({ type: 'percent', value, label: 'İndirim' });

describe('a bill with lines that cost nothing', () => {
  it('ignores the discount of an İkram line, even one larger than the line, and charges nothing for it', () => {
    const bill = computeBill({ lines: [line({ isComp: true, discount: amount(50_000) }), line({ unitPrice: 4_000 })] });
    expect(bill.lines[0]).toMatchObject({ comp: 10_000, lineDiscount: 0, due: 0 });
    expect(bill).toMatchObject({ subtotal: 14_000, comps: 10_000, lineDiscounts: 0, discounts: 0, total: 4_000 });
  });

  it('ignores the discount of a cancelled line and counts its gross as cancelled, not as İkram', () => {
    const bill = computeBill({ lines: [line({ status: 'cancelled', isComp: true, discount: amount(50_000) }), line({ unitPrice: 4_000 })] });
    expect(bill.lines[0]).toMatchObject({ isCancelled: true, comp: 0, lineDiscount: 0, due: 0 });
    expect(bill).toMatchObject({ subtotal: 4_000, cancelled: 10_000, comps: 0, total: 4_000 });
  });

  it('leaves out of the VAT table a rate whose lines are all İkram, cancelled or discounted to nothing', () => {
    const bill = computeBill({
      lines: [
        line({ vatRate: 1, isComp: true }),
        line({ vatRate: 20, status: 'cancelled' }),
        line({ vatRate: 20, discount: percent(100) }),
        line({ unitPrice: 11_000, vatRate: 10 }),
      ],
    });
    expect(bill.vatByRate).toEqual([{ rate: 10, amount: 11_000, vat: 1_000 }]);
    expect(bill.vat).toBe(1_000);
  });

  it('gives a line that costs nothing no share of the ticket discount nor of the service charge', () => {
    const bill = computeBill({ lines: [line({ isComp: true }), line({ unitPrice: 20_000 })], discount: amount(1_000), serviceChargePercent: 10 });
    expect(bill.lines[0]).toMatchObject({ ticketDiscount: 0, serviceCharge: 0, due: 0 });
    expect(bill.lines[1]).toMatchObject({ ticketDiscount: 1_000, serviceCharge: 1_900, due: 20_900 });
  });
});

describe('payments and the service charge', () => {
  it('never shows a negative remainder when more was paid than the total', () => {
    const bill = computeBill({ lines: [line()], payments: [{ amount: 6_000 }, { amount: 6_000 }] });
    expect(bill).toMatchObject({ total: 10_000, paid: 12_000, remaining: 0 });
  });

  it('takes a service charge of exactly 0 % and 100 %, and refuses one below 0, above 100 or not a number', () => {
    expect(computeBill({ lines: [line()], serviceChargePercent: 0 }).serviceCharge).toBe(0);
    expect(computeBill({ lines: [line()], serviceChargePercent: 100 }).total).toBe(20_000);
    for (const bad of [-0.01, -10, 100.01, 150, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => computeBill({ lines: [line()], serviceChargePercent: bad })).toThrow(BILL_MESSAGES.serviceChargeRange);
    }
  });

  it('rounds a percent discount half up to the kuruş', () => {
    // 10 % of 5 kuruş is 0,5 kuruş: one kuruş; 10 % of 4 kuruş is 0,4: nothing
    expect(computeBill({ lines: [line({ unitPrice: 5, discount: percent(10) })] }).lineDiscounts).toBe(1);
    expect(computeBill({ lines: [line({ unitPrice: 4, discount: percent(10) })] }).lineDiscounts).toBe(0);
    expect(mulDivRound(1, 1, 2)).toBe(1);
    expect(mulDivRound(1, 1, 3)).toBe(0);
  });

  it('keeps the subtotal and total of computeTotals those of the whole bill', () => {
    expect(computeTotals([line({ quantity: 2 }), line({ status: 'cancelled' }), line({ isComp: true })])).toEqual({ subtotal: 30_000, total: 20_000 });
  });
});

describe('splitting a line or a bill', () => {
  it('keeps a percent discount on both parts of a line', () => {
    const [kept, part] = splitLine(line({ quantity: 4, discount: percent(25) }), 1);
    expect(kept).toMatchObject({ quantity: 3, discount: percent(25) });
    expect(part).toMatchObject({ quantity: 1, discount: percent(25) });
  });

  it('leaves no zero discount on a part whose share of an amount discount is nothing', () => {
    // 1 kuruş over 2 + 1 units: the larger share keeps it
    const [kept, part] = splitLine(line({ quantity: 3, discount: amount(1) }), 1);
    expect(kept.discount).toEqual(amount(1));
    expect(part.discount).toBeNull();
    const [kept2, part2] = splitLine(line({ quantity: 3, discount: amount(1) }), 2);
    expect(kept2.discount).toBeNull();
    expect(part2.discount).toEqual(amount(1));
  });

  it('refuses to take off no unit, part of a unit, or the whole line', () => {
    for (const q of [0, -1, 1.5, 3]) expect(() => splitLine(line({ quantity: 3 }), q)).toThrow(BILL_MESSAGES.quantity);
  });

  it('splits nothing into shares of nothing, takes 999 shares and refuses a negative amount', () => {
    expect(splitEqually(0, 3)).toEqual([0, 0, 0]);
    expect(splitEqually(999, 999)).toEqual(Array.from({ length: 999 }, () => 1));
    expect(() => splitEqually(-1, 2)).toThrow(BILL_MESSAGES.negative);
  });
});

describe("a period's VAT", () => {
  it("sums each bill's VAT as printed, never works it again on the summed amount", () => {
    const vat = new PeriodVat();
    // 1,05 TL at 10 % contains 0,0954… → 10 kuruş on each receipt; 2,10 TL worked again would be 19
    const small = computeBill({ lines: [line({ unitPrice: 105 })] });
    expect(small.vatByRate).toEqual([{ rate: 10, amount: 105, vat: 10 }]);
    vat.bill(small);
    vat.bill(small);
    expect(vatContained(210, 10)).toBe(19);
    expect(vat.rows()).toEqual([{ rate: 10, base: 190, tax: 20 }]);
  });

  it('takes an İade line off its own rate, sorts the rates and leaves out a rate given back in full', () => {
    const vat = new PeriodVat();
    vat.bill({ vatByRate: [{ rate: 20, amount: 12_000, vat: 2_000 }, { rate: 10, amount: 11_000, vat: 1_000 }] });
    vat.bill({ vatByRate: [{ rate: 1, amount: 10_100, vat: 100 }, { rate: 10, amount: 5_500, vat: 500 }] });
    vat.refundLine(20, 12_000);
    vat.refundLine(10, 5_500);
    expect(vat.rows()).toEqual([
      { rate: 1, base: 10_000, tax: 100 },
      { rate: 10, base: 10_000, tax: 1_000 },
    ]);
  });

  it('keeps a rate whose amounts cancel out but whose VAT does not (two receipts rounded up, one İade of both)', () => {
    const vat = new PeriodVat();
    vat.bill({ vatByRate: [{ rate: 10, amount: 105, vat: 10 }] });
    vat.bill({ vatByRate: [{ rate: 10, amount: 105, vat: 10 }] });
    vat.refundLine(10, 210);
    expect(vat.rows()).toEqual([{ rate: 10, base: -1, tax: 1 }]);
  });
});
