import fc from 'fast-check';
import {
  BILL_BOUNDS,
  BILL_MESSAGES,
  BOUND_MESSAGES,
  BillMathError,
  allocate,
  boundsProblem,
  mulDivRound,
  computeBill,
  splitEqually,
  splitLine,
  vatContained,
  type BillInput,
  type BillLine,
} from './bill-math';
import type { Discount } from './ticket-contract';

const line = (over: Partial<BillLine> = {}): BillLine => ({ unitPrice: 10_000, quantity: 1, status: 'sent', isComp: false, discount: null, vatRate: 10, ...over });
const amount = (value: number): Discount => ({ type: 'amount', value, label: 'İndirim' });
const percent = (value: number): Discount => ({ type: 'percent', value, label: 'İndirim' });

describe('a bill', () => {
  it('charges every line that is not cancelled and shows İkram and cancelled lines apart', () => {
    const bill = computeBill({
      lines: [line({ quantity: 2 }), line({ unitPrice: 5_000, isComp: true }), line({ unitPrice: 3_000, status: 'cancelled' })],
    });
    expect(bill).toMatchObject({ subtotal: 25_000, comps: 5_000, cancelled: 3_000, discounts: 0, total: 20_000 });
    expect(bill.lines.map((l) => l.due)).toEqual([20_000, 0, 0]);
  });

  it('takes a line discount off its line and a ticket discount off what is left, spread for VAT', () => {
    const bill = computeBill({
      lines: [line({ discount: percent(10) }), line({ unitPrice: 20_000, vatRate: 20 })],
      discount: amount(2_900),
    });
    expect(bill.lineDiscounts).toBe(1_000);
    expect(bill.ticketDiscount).toBe(2_900);
    // 9.000 and 20.000 share 2.900: 900 and 2.000
    expect(bill.lines.map((l) => l.ticketDiscount)).toEqual([900, 2_000]);
    expect(bill.total).toBe(26_100);
    expect(bill.vatByRate).toEqual([
      { rate: 10, amount: 8_100, vat: 736 },
      { rate: 20, amount: 18_000, vat: 3_000 },
    ]);
    expect(bill.vat).toBe(3_736);
  });

  it('rounds the VAT an amount contains half up, per rate', () => {
    // 17.100 at 10 % contains 1.554,545…; 25.000 at 20 % contains 4.166,67…; 1.010 at 1 % contains 10
    expect(vatContained(17_100, 10)).toBe(1_555);
    expect(vatContained(25_000, 20)).toBe(4_167);
    expect(vatContained(1_010, 1)).toBe(10);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.constantFrom(1, 10, 20), (a, rate) => {
        expect(Math.abs(vatContained(a, rate) - (a * rate) / (100 + rate))).toBeLessThanOrEqual(0.5);
      }),
    );
  });

  it('adds the service charge (decimals allowed) on what is left after discounts', () => {
    const bill = computeBill({ lines: [line({ quantity: 3 })], discount: percent(50), serviceChargePercent: 12.5 });
    expect(bill.serviceCharge).toBe(1_875);
    expect(bill.total).toBe(15_000 + 1_875);
  });

  it('counts payments, what remains, change and tips apart from sales', () => {
    const bill = computeBill({ lines: [line({ quantity: 3 })], payments: [{ amount: 10_000, tip: 500 }, { amount: 5_000, change: 2_000 }] });
    expect(bill).toMatchObject({ total: 30_000, paid: 15_000, remaining: 15_000, change: 2_000, tips: 500 });
  });

  it('refuses a discount over the total, over a line, or over 100 %', () => {
    expect(() => computeBill({ lines: [line()], discount: amount(10_001) })).toThrow(BILL_MESSAGES.ticketDiscountOver);
    expect(() => computeBill({ lines: [line({ discount: amount(10_001) })] })).toThrow(BILL_MESSAGES.lineDiscountOver);
    expect(() => computeBill({ lines: [line({ discount: percent(101) })] })).toThrow(BILL_MESSAGES.percentOver);
    expect(() => computeBill({ lines: [line()], discount: amount(-1) })).toThrow(BillMathError);
    // a ticket discount may take everything, but not more
    expect(computeBill({ lines: [line()], discount: amount(10_000) }).total).toBe(0);
    expect(() => computeBill({ lines: [line({ isComp: true })], discount: amount(1) })).toThrow(BILL_MESSAGES.ticketDiscountOver);
  });
});

describe('splitting', () => {
  it('splits equally with the remainder kuruş on the last shares', () => {
    expect(splitEqually(10_003, 4)).toEqual([2_500, 2_501, 2_501, 2_501]);
    expect(splitEqually(100, 3)).toEqual([33, 33, 34]);
  });

  it('refuses 0, 1 and 1000 shares', () => {
    for (const n of [0, 1, 1000, 2.5, -3]) expect(() => splitEqually(1_000, n)).toThrow(BILL_MESSAGES.shares);
  });

  it('takes part of a line off with its share of an amount discount', () => {
    const [kept, part] = splitLine(line({ quantity: 3, discount: amount(1_000) }), 1);
    expect(kept).toMatchObject({ quantity: 2, discount: { value: 667 } });
    expect(part).toMatchObject({ quantity: 1, discount: { value: 333 } });
    expect(() => splitLine(line({ quantity: 3 }), 3)).toThrow(BILL_MESSAGES.quantity);
  });
});

// ------------------------------------------------------------------ properties

const discountArb = (max: number) =>
  fc.oneof(
    fc.constant(null),
    fc.record({ type: fc.constant('percent' as const), value: fc.integer({ min: 0, max: 100 }), label: fc.constant('İndirim') }),
    fc.record({ type: fc.constant('amount' as const), value: fc.integer({ min: 0, max }), label: fc.constant('İndirim') }),
  );

const lineArb = fc
  .record({
    unitPrice: fc.integer({ min: 0, max: 500_000 }),
    quantity: fc.integer({ min: 1, max: 12 }),
    status: fc.constantFrom('pending', 'sent', 'preparing', 'ready', 'served', 'cancelled' as const),
    isComp: fc.boolean(),
    vatRate: fc.constantFrom(1, 10, 20),
    discountFraction: fc.double({ min: 0, max: 1, noNaN: true }),
    discountPercent: fc.option(fc.integer({ min: 0, max: 100 })),
  })
  .map(({ discountFraction, discountPercent, ...l }): BillLine => {
    const gross = l.unitPrice * l.quantity;
    const discount =
      discountPercent !== null ? percent(discountPercent) : discountFraction < 0.5 ? null : amount(Math.floor(gross * (discountFraction - 0.5) * 2));
    return { ...l, discount };
  });

/** A valid ticket: its ticket discount never exceeds what the lines leave. */
const ticketArb = fc
  .record({
    lines: fc.array(lineArb, { minLength: 1, maxLength: 25 }),
    discount: discountArb(10_000_000),
    serviceChargePercent: fc.constantFrom(0, 5, 10, 12.5, 25),
  })
  .map((t): BillInput => {
    const withoutTicketDiscount = computeBill({ lines: t.lines }).total;
    const discount = t.discount?.type === 'amount' ? { ...t.discount, value: t.discount.value % (withoutTicketDiscount + 1) } : t.discount;
    return { ...t, discount };
  });

/** Pays a bill the way a table does: some lines by choosing them, the rest split equally. */
function payLinesThenSplit(input: BillInput, chosen: number[], shares: number) {
  const bill = computeBill(input);
  const chosenSet = new Set(chosen.filter((i) => i < input.lines.length));
  const payments = [...chosenSet].map((i) => ({ amount: bill.lines[i].due }));
  const remaining = computeBill({ ...input, payments }).remaining;
  for (const share of splitEqually(remaining, shares)) payments.push({ amount: share });
  return computeBill({ ...input, payments });
}

describe('bill properties', () => {
  it('line dues add up to the total, and no line is negative', () => {
    fc.assert(
      fc.property(ticketArb, (input) => {
        const bill = computeBill(input);
        expect(bill.lines.reduce((s, l) => s + l.due, 0)).toBe(bill.total);
        for (const l of bill.lines) {
          expect(l.due).toBeGreaterThanOrEqual(0);
          expect(Number.isInteger(l.due)).toBe(true);
        }
        expect(bill.total).toBe(bill.subtotal - bill.comps - bill.discounts + bill.serviceCharge);
        expect(bill.total).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 400 },
    );
  });

  it('the VAT of each rate adds up to the VAT total, and the rates cover the total', () => {
    fc.assert(
      fc.property(ticketArb, (input) => {
        const bill = computeBill(input);
        expect(bill.vatByRate.reduce((s, r) => s + r.vat, 0)).toBe(bill.vat);
        expect(bill.vatByRate.reduce((s, r) => s + r.amount, 0)).toBe(bill.total);
        for (const r of bill.vatByRate) expect(r.vat).toBe(vatContained(r.amount, r.rate));
      }),
      { numRuns: 400 },
    );
  });

  it('paying chosen lines and splitting the rest pays exactly what is due, to the kuruş', () => {
    fc.assert(
      fc.property(ticketArb, fc.array(fc.nat(24), { maxLength: 10 }), fc.integer({ min: 2, max: 999 }), (input, chosen, shares) => {
        const bill = payLinesThenSplit(input, chosen, shares);
        expect(bill.paid).toBe(bill.total);
        expect(bill.remaining).toBe(0);
      }),
      { numRuns: 300 },
    );
  });

  it('equal shares add up and differ by at most one kuruş', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 2, max: 999 }), (total, n) => {
        const shares = splitEqually(total, n);
        expect(shares).toHaveLength(n);
        expect(shares.reduce((s, x) => s + x, 0)).toBe(total);
        expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
        // the larger shares are the last ones
        expect([...shares].sort((a, b) => a - b)).toEqual(shares);
      }),
    );
  });

  it('taking part of a line off never changes what the line costs before the ticket discount', () => {
    fc.assert(
      fc.property(lineArb.filter((l) => l.quantity > 1 && l.discount?.type !== 'percent'), fc.nat(), (l, k) => {
        const q = 1 + (k % (l.quantity - 1));
        const whole = computeBill({ lines: [l] }).total;
        expect(computeBill({ lines: splitLine(l, q) }).total).toBe(whole);
      }),
    );
  });

  it('an over-total ticket discount is refused, never a negative total', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 10 }), fc.integer({ min: 1, max: 1_000_000 }), (lines, over) => {
        const max = computeBill({ lines }).total;
        expect(() => computeBill({ lines, discount: amount(max + over) })).toThrow(BILL_MESSAGES.ticketDiscountOver);
      }),
    );
  });

  it('allocation adds up exactly and stays within one kuruş of the exact share', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 30 }), fc.nat(10_000_000), (weights, a) => {
        const sum = weights.reduce((s, w) => s + w, 0);
        const amountToSpread = sum === 0 ? 0 : a % (sum + 1);
        const parts = allocate(amountToSpread, weights);
        expect(parts.reduce((s, p) => s + p, 0)).toBe(amountToSpread);
        parts.forEach((p, i) => {
          expect(p).toBeLessThanOrEqual(weights[i]);
          if (sum > 0) expect(Math.abs(p - (amountToSpread * weights[i]) / sum)).toBeLessThan(1);
        });
      }),
    );
  });
});

describe('which line gets the odd kuruş', () => {
  /** Largest remainder in plain BigInt arithmetic: the rule `allocate` documents, written the slow way. */
  const reference = (amount: number, weights: number[]) => {
    const sum = BigInt(weights.reduce((s, w) => s + w, 0));
    if (sum === 0n) return weights.map(() => 0);
    const exact = weights.map((w, i) => ({ i, part: (BigInt(amount) * BigInt(w)) / sum, rest: (BigInt(amount) * BigInt(w)) % sum, w }));
    let left = BigInt(amount) - exact.reduce((s, e) => s + e.part, 0n);
    const byRest = exact.filter((e) => e.w > 0).sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
    for (let k = 0; left > 0n; k = (k + 1) % byRest.length, left--) byRest[k].part++;
    return exact.map((e) => Number(e.part));
  };

  it('goes to the largest remainder, a tie to the earlier line, never to a line that weighs nothing', () => {
    expect(allocate(1, [1, 1])).toEqual([1, 0]);
    expect(allocate(2, [1, 1, 1])).toEqual([1, 1, 0]);
    expect(allocate(1, [0, 1, 1])).toEqual([0, 1, 0]);
    expect(allocate(1, [1, 2])).toEqual([0, 1]);
    expect(allocate(2, [0, 0, 3])).toEqual([0, 0, 2]);
    // past 2^53 the BigInt path decides, by the same rule
    expect(allocate(2 * BILL_BOUNDS.ticket - 1, [BILL_BOUNDS.line, BILL_BOUNDS.line])).toEqual([BILL_BOUNDS.ticket, BILL_BOUNDS.ticket - 1]);
    expect(allocate(2 * BILL_BOUNDS.ticket - 1, [0, BILL_BOUNDS.line, BILL_BOUNDS.line])).toEqual([0, BILL_BOUNDS.ticket, BILL_BOUNDS.ticket - 1]);
  });

  it('follows that rule for any amount and weights, on the fast path and past 2^53 alike', () => {
    const weightsArb = fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 1, maxLength: 8 });
    fc.assert(
      fc.property(weightsArb, fc.nat(1000), (weights, amount) => {
        fc.pre(weights.some((w) => w > 0));
        expect(allocate(amount, weights)).toEqual(reference(amount, weights));
      }),
    );
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: BILL_BOUNDS.line }), { minLength: 1, maxLength: 8 }), fc.integer({ min: 0, max: 2 * BILL_BOUNDS.ticket }), (weights, amount) => {
        fc.pre(weights.some((w) => w > 0));
        expect(allocate(amount, weights)).toEqual(reference(amount, weights));
      }),
    );
  });
});

describe('bounds: the largest bills stay exact', () => {
  it('spreads amounts past 2^53 / weight exactly: parts add up and each is within a kuruş of its exact share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 * BILL_BOUNDS.ticket }),
        fc.array(fc.integer({ min: 0, max: BILL_BOUNDS.line }), { minLength: 1, maxLength: 12 }),
        (amount, weights) => {
          const sum = weights.reduce((s, w) => s + w, 0);
          fc.pre(sum > 0);
          const parts = allocate(amount, weights);
          expect(parts.reduce((s, p) => s + p, 0)).toBe(amount);
          parts.forEach((p, i) => {
            const exact = (BigInt(amount) * BigInt(weights[i])) / BigInt(sum);
            expect(BigInt(p) - exact >= 0n && BigInt(p) - exact <= 1n).toBe(true);
          });
        },
      ),
    );
  });

  it('rounds a × b / c half up exactly for products past 2^53', () => {
    expect(mulDivRound(2 * BILL_BOUNDS.ticket, 10_000, 10_000)).toBe(2 * BILL_BOUNDS.ticket);
    expect(mulDivRound(9_007_199_254_740_991, 3, 6)).toBe(4_503_599_627_370_496);
  });

  it('a ticket at the bounds with a 100 % service charge and any discount adds up to the kuruş', () => {
    const lines: BillLine[] = Array.from({ length: 10 }, (_, i) => ({ unitPrice: BILL_BOUNDS.line / 10, quantity: 10, status: 'served', isComp: false, discount: null, vatRate: i % 2 ? 20 : 10 }));
    expect(boundsProblem(lines)).toBeNull();
    const bill = computeBill({ lines, discount: { type: 'percent', value: 33, label: '' }, serviceChargePercent: 100 });
    expect(bill.lines.reduce((s, l) => s + l.due, 0)).toBe(bill.total);
    expect(bill.total).toBe((BILL_BOUNDS.ticket - 3_300_000_000) * 2);
    expect(Number.isSafeInteger(bill.vat)).toBe(true);
  });

  it('names the bound a line or a ticket breaks', () => {
    expect(boundsProblem([{ unitPrice: BILL_BOUNDS.line + 1, quantity: 1 }])).toBe(BOUND_MESSAGES.line);
    expect(boundsProblem([{ unitPrice: 100_000_000, quantity: 11 }])).toBe(BOUND_MESSAGES.line);
    expect(boundsProblem(Array.from({ length: 11 }, () => ({ unitPrice: BILL_BOUNDS.line, quantity: 1 })))).toBe(BOUND_MESSAGES.ticket);
    expect(BOUND_MESSAGES.line).toBe('Bir satırın tutarı en fazla 10.000.000,00 TL olabilir');
  });
});
