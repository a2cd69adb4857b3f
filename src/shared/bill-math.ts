import { formatTL } from './domain/money';
import type { Discount, LineStatus } from './ticket-contract';

/**
 * Bill maths, in integer kuruş: the one module the server (the authority), the screens and the
 * receipts use. Pure and deterministic; property-tested (bill-math.test.ts).
 *
 * Turkish prices include VAT, so the VAT of a bill is what its amounts *contain*: per rate,
 * round(amount × rate / (100 + rate)). The order of work on a ticket:
 *   1. a line costs unitPrice × quantity (gross); cancelled lines cost nothing;
 *   2. İkram (comp) lines are shown but not charged;
 *   3. a line discount (amount or percent) comes off its line;
 *   4. the ticket discount comes off what is left, spread over the lines pro rata (so the VAT of
 *      each rate is right);
 *   5. the service charge (a percent of what is left) is spread the same way;
 *   6. each line's `due` is what it costs now; the dues add up to the total to the kuruş.
 * Every spreading uses the largest remainder with ties to the earlier line, so the same ticket
 * always gives the same kuruş.
 */
export interface BillLine {
  unitPrice: number;
  quantity: number;
  status: LineStatus;
  isComp: boolean;
  discount: Discount | null;
  vatRate: number;
}

export interface BillPayment {
  /** the part of the bill this payment settles */
  amount: number;
  tip?: number;
  change?: number;
}

export interface BillInput {
  lines: readonly BillLine[];
  discount?: Discount | null;
  /** may carry decimals (12.5 %); worked in hundredths of a percent */
  serviceChargePercent?: number;
  payments?: readonly BillPayment[];
}

export interface LineBill {
  gross: number;
  isCancelled: boolean;
  /** the gross of an İkram line */
  comp: number;
  lineDiscount: number;
  /** this line's part of the ticket discount */
  ticketDiscount: number;
  /** this line's part of the service charge */
  serviceCharge: number;
  /** what this line costs on the bill: gross − comp − discounts + service charge */
  due: number;
}

export interface VatOfRate {
  rate: number;
  /** the amount charged at this rate (VAT included) */
  amount: number;
  /** the VAT that amount contains */
  vat: number;
}

export interface Bill {
  /** what the lines that are not cancelled cost, before İkram and discounts */
  subtotal: number;
  /** the gross of cancelled lines (shown, not charged) */
  cancelled: number;
  /** İkram: the gross of complimentary lines (shown, not charged) */
  comps: number;
  lineDiscounts: number;
  ticketDiscount: number;
  /** lineDiscounts + ticketDiscount */
  discounts: number;
  serviceCharge: number;
  /** what the guest pays: subtotal − comps − discounts + serviceCharge */
  total: number;
  /** per VAT rate, ascending; the VATs add up to `vat` */
  vatByRate: VatOfRate[];
  vat: number;
  paid: number;
  /** total − paid, never below 0 */
  remaining: number;
  change: number;
  tips: number;
  lines: LineBill[];
}

/** A rule of the bill broken by the input (an over-total discount, a bad split): Turkish message. */
export class BillMathError extends Error {}

export const BILL_MESSAGES = {
  negative: 'Tutar negatif olamaz',
  percentOver: 'İndirim yüzdesi 0 ile 100 arasında olmalı',
  lineDiscountOver: 'İndirim satır tutarını aşamaz',
  ticketDiscountOver: 'İndirim hesap tutarını aşamaz',
  serviceChargeRange: 'Servis ücreti 0 ile 100 arasında olmalı',
  shares: 'Hesap 2 ile 999 kişi arasında bölünebilir',
  quantity: 'Bölünecek adet satırın adedinden az olmalı',
} as const;

export const SPLIT_LIMITS = { min: 2, max: 999 } as const;

/**
 * The largest amounts a bill may hold, in kuruş, so that nothing overflows anywhere: a line's unit
 * price (item + add-ons) and its gross (unit × quantity, quantity at most 999) fit the database's
 * 32-bit integer columns (at most 21.474.836,47 TL) with room to spare, and a ticket's gross
 * (every line, cancelled ones too) keeps every total, a 100 % service charge included, and any sum
 * of bills a report adds up far inside JavaScript's exact integers (2^53 kuruş ≈ 90 trillion TL).
 */
export const BILL_BOUNDS = {
  /** one line: 10.000.000 TL */
  line: 1_000_000_000,
  /** one ticket's lines together: 100.000.000 TL */
  ticket: 10_000_000_000,
} as const;

export const BOUND_MESSAGES = {
  line: `Bir satırın tutarı en fazla ${formatTL(BILL_BOUNDS.line)} olabilir`,
  ticket: `Bir adisyonun tutarı en fazla ${formatTL(BILL_BOUNDS.ticket)} olabilir`,
} as const;

/**
 * What breaks the bounds, in Turkish, or null: a line whose unit price or gross is over the line
 * bound, or lines whose gross together is over the ticket bound. Commands check it before they
 * store a line or change a ticket's lines.
 */
export function boundsProblem(lines: readonly Pick<BillLine, 'unitPrice' | 'quantity'>[]): string | null {
  let sum = 0;
  for (const l of lines) {
    const gross = l.unitPrice * l.quantity;
    if (l.unitPrice > BILL_BOUNDS.line || gross > BILL_BOUNDS.line) return BOUND_MESSAGES.line;
    sum += gross;
  }
  return sum > BILL_BOUNDS.ticket ? BOUND_MESSAGES.ticket : null;
}

const isWhole = (n: number) => Number.isSafeInteger(n) && n >= 0;
const assertWhole = (n: number) => {
  if (!isWhole(n)) throw new BillMathError(BILL_MESSAGES.negative);
};

const isExact = (n: number) => n <= Number.MAX_SAFE_INTEGER;

/** a × b / c rounded half up, for non-negative integers; exact however large the product. */
export function mulDivRound(a: number, b: number, c: number): number {
  if (isExact(a * b * 2 + c)) return Math.floor((a * b * 2 + c) / (c * 2));
  return Number((BigInt(a) * BigInt(b) * 2n + BigInt(c)) / (BigInt(c) * 2n));
}

/**
 * Spreads `amount` over `weights` in proportion: whole kuruş that add up to `amount` exactly,
 * each within one kuruş of its exact share (largest remainder; ties go to the earlier weight).
 * All-zero weights take nothing (then `amount` must be 0).
 */
export function allocate(amount: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum === 0 || amount === 0) return weights.map(() => 0);
  // amount × weight passes 2^53 on large bills (100 million TL spread over a 10 million TL line)
  if (!isExact(amount * Math.max(...weights))) return allocateExactly(amount, weights, sum);
  const parts = weights.map((w) => Math.floor((amount * w) / sum));
  let left = amount - parts.reduce((s, p) => s + p, 0);
  const order = weights
    .map((w, i) => ({ i, rest: (amount * w) % sum }))
    .filter((x) => weights[x.i] > 0)
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) parts[order[k].i]++;
  return parts;
}

/** allocate() in BigInt: the same parts, for products past 2^53. */
function allocateExactly(amount: number, weights: readonly number[], sum: number): number[] {
  const a = BigInt(amount);
  const total = BigInt(sum);
  const parts = weights.map((w) => (a * BigInt(w)) / total);
  let left = a - parts.reduce((s, p) => s + p, 0n);
  const order = weights
    .map((w, i) => ({ i, rest: (a * BigInt(w)) % total }))
    .filter((x) => weights[x.i] > 0)
    .sort((x, y) => (y.rest > x.rest ? 1 : y.rest < x.rest ? -1 : x.i - y.i));
  for (let k = 0; left > 0n; k = (k + 1) % order.length, left--) parts[order[k].i]++;
  return parts.map(Number);
}

/** What a discount takes off `base`; refuses a percent over 100 and an amount over `base`. */
export function discountAmount(d: Discount | null | undefined, base: number, overMessage: string): number {
  if (!d) return 0;
  assertWhole(d.value);
  if (d.type === 'percent') {
    if (d.value > 100) throw new BillMathError(BILL_MESSAGES.percentOver);
    return mulDivRound(base, d.value, 100);
  }
  if (d.value > base) throw new BillMathError(overMessage);
  return d.value;
}

/** Service charge percent → hundredths of a percent (12.5 → 1250). */
export function serviceChargeBasisPoints(percent: number | undefined): number {
  const bp = Math.round((percent ?? 0) * 100);
  if (!Number.isFinite(bp) || bp < 0 || bp > 10_000) throw new BillMathError(BILL_MESSAGES.serviceChargeRange);
  return bp;
}

/** A line's price before adjustments: unit price × quantity. */
export const lineGross = (line: Pick<BillLine, 'unitPrice' | 'quantity'>) => line.unitPrice * line.quantity;

/** The VAT an amount that includes it contains, at `rate` %. */
export const vatContained = (amount: number, rate: number) => mulDivRound(amount, rate, 100 + rate);

/**
 * A period's VAT by rate as its receipts show it: each bill's VAT as worked on the bill (and printed
 * on it), less each İade line's VAT as worked on the line, summed — never worked again on the summed
 * amounts, which would round once where the receipts rounded each. Gün Sonu adds through this;
 * Satış Raporları's stored sums follow the same rule bill by bill (modules/reports/sales-figures.ts),
 * and one-figure.routes.test.ts holds the two to the kuruş.
 */
export class PeriodVat {
  private readonly byRate = new Map<number, { amount: number; vat: number }>();
  bill(bill: Pick<Bill, 'vatByRate'>) {
    for (const v of bill.vatByRate) this.add(v.rate, v.amount, v.vat);
  }
  refundLine(rate: number, amount: number) {
    this.add(rate, -amount, -vatContained(amount, rate));
  }
  private add(rate: number, amount: number, vat: number) {
    const r = this.byRate.get(rate) ?? { amount: 0, vat: 0 };
    this.byRate.set(rate, { amount: r.amount + amount, vat: r.vat + vat });
  }
  /** Rates with money, lowest first: the base (without VAT) and the VAT. */
  rows(): { rate: number; base: number; tax: number }[] {
    return [...this.byRate]
      .filter(([, r]) => r.amount !== 0 || r.vat !== 0)
      .sort(([a], [b]) => a - b)
      .map(([rate, r]) => ({ rate, base: r.amount - r.vat, tax: r.vat }));
  }
}

/** The whole bill of a ticket. Throws BillMathError for an over-total discount. */
export function computeBill(input: BillInput): Bill {
  const lines = input.lines.map((l) => {
    assertWhole(l.unitPrice);
    assertWhole(l.quantity);
    const gross = lineGross(l);
    const isCancelled = l.status === 'cancelled';
    const comp = !isCancelled && l.isComp ? gross : 0;
    const lineDiscount = isCancelled || l.isComp ? 0 : discountAmount(l.discount, gross, BILL_MESSAGES.lineDiscountOver);
    return { gross, isCancelled, comp, lineDiscount, net: isCancelled ? 0 : gross - comp - lineDiscount };
  });
  const afterLines = lines.reduce((s, l) => s + l.net, 0);
  const ticketDiscount = discountAmount(input.discount, afterLines, BILL_MESSAGES.ticketDiscountOver);
  const ticketShares = allocate(ticketDiscount, lines.map((l) => l.net));
  const afterDiscount = afterLines - ticketDiscount;
  const serviceCharge = mulDivRound(afterDiscount, serviceChargeBasisPoints(input.serviceChargePercent), 10_000);
  const discounted = lines.map((l, i) => l.net - ticketShares[i]);
  const serviceShares = allocate(serviceCharge, discounted);

  const lineBills: LineBill[] = lines.map((l, i) => ({
    gross: l.gross,
    isCancelled: l.isCancelled,
    comp: l.comp,
    lineDiscount: l.lineDiscount,
    ticketDiscount: ticketShares[i],
    serviceCharge: serviceShares[i],
    due: discounted[i] + serviceShares[i],
  }));

  const byRate = new Map<number, number>();
  input.lines.forEach((l, i) => {
    if (lineBills[i].due === 0) return;
    byRate.set(l.vatRate, (byRate.get(l.vatRate) ?? 0) + lineBills[i].due);
  });
  const vatByRate = [...byRate]
    .sort(([a], [b]) => a - b)
    .map(([rate, amount]) => ({ rate, amount, vat: vatContained(amount, rate) }));

  const sum = (f: (l: LineBill) => number) => lineBills.reduce((s, l) => s + f(l), 0);
  const subtotal = sum((l) => (l.isCancelled ? 0 : l.gross));
  const total = sum((l) => l.due);
  const payments = input.payments ?? [];
  const paid = payments.reduce((s, p) => s + p.amount, 0);
  return {
    subtotal,
    cancelled: sum((l) => (l.isCancelled ? l.gross : 0)),
    comps: sum((l) => l.comp),
    lineDiscounts: sum((l) => l.lineDiscount),
    ticketDiscount,
    discounts: sum((l) => l.lineDiscount) + ticketDiscount,
    serviceCharge,
    total,
    vatByRate,
    vat: vatByRate.reduce((s, r) => s + r.vat, 0),
    paid,
    remaining: Math.max(0, total - paid),
    change: payments.reduce((s, p) => s + (p.change ?? 0), 0),
    tips: payments.reduce((s, p) => s + (p.tip ?? 0), 0),
    lines: lineBills,
  };
}

/** Subtotal (cancelled lines excluded) and total: kept for callers that need only these. */
export function computeTotals(lines: readonly BillLine[]) {
  const { subtotal, total } = computeBill({ lines });
  return { subtotal, total };
}

/**
 * "4 kişiye böl": `amount` in `shares` whole-kuruş parts that add up to it and differ by at most
 * one kuruş; the remainder kuruş go to the last shares. 2 to 999 shares.
 */
export function splitEqually(amount: number, shares: number): number[] {
  if (!Number.isInteger(shares) || shares < SPLIT_LIMITS.min || shares > SPLIT_LIMITS.max) throw new BillMathError(BILL_MESSAGES.shares);
  assertWhole(amount);
  const base = Math.floor(amount / shares);
  const extra = amount - base * shares;
  return Array.from({ length: shares }, (_, i) => base + (i >= shares - extra ? 1 : 0));
}

/**
 * Part of a line's quantity taken off as a line of its own (paying, comping or cancelling part
 * of it): `[kept, part]`. A percent discount stays on both; an amount discount is shared in
 * proportion to the quantities, so the two lines together cost what the one did.
 */
export function splitLine<L extends BillLine>(line: L, quantity: number): [L, L] {
  if (!Number.isInteger(quantity) || quantity < 1 || quantity >= line.quantity) throw new BillMathError(BILL_MESSAGES.quantity);
  const d = line.discount;
  let keptDiscount = d;
  let partDiscount = d;
  if (d && d.type === 'amount') {
    const [kept, part] = allocate(d.value, [line.quantity - quantity, quantity]);
    keptDiscount = kept > 0 ? { ...d, value: kept } : null;
    partDiscount = part > 0 ? { ...d, value: part } : null;
  }
  return [
    { ...line, quantity: line.quantity - quantity, discount: keptDiscount },
    { ...line, quantity, discount: partDiscount },
  ];
}
