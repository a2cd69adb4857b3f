import { formatTL, readTurkishMoney } from '../../../shared/domain/money';
import type { Ticket } from '../../../shared/ticket-contract';

/**
 * Eşit Böl: the shares the server cut from what remained, and the payments the bill already had
 * then. Which shares are paid is read from the payments made since, so a refetch, a payment's
 * answer or a live event never renumbers or recomputes them.
 */
export interface SplitPlan {
  shares: number[];
  /** ids of the payments made before the split */
  before: string[];
}

export interface SplitState {
  shares: { amount: number; isPaid: boolean }[];
  /** index of the first share still to pay; -1 when all are paid */
  next: number;
  paidCount: number;
}

export const newSplit = (shares: number[], t: Pick<Ticket, 'payments'>): SplitPlan => ({ shares, before: t.payments.map((p) => p.id) });

/**
 * The split as it stands: each payment made since it took the first unpaid share of its amount.
 * null when the bill no longer fits it (another amount was paid, a discount or a line changed what
 * remains): the waiter splits again.
 */
export function splitState(plan: SplitPlan | null, t: Pick<Ticket, 'payments' | 'totals'>): SplitState | null {
  if (!plan) return null;
  const isPaid = plan.shares.map(() => false);
  for (const p of t.payments) {
    if (plan.before.includes(p.id)) continue;
    const i = plan.shares.findIndex((amount, j) => !isPaid[j] && amount === p.amount);
    if (i < 0) return null;
    isPaid[i] = true;
  }
  const unpaid = plan.shares.reduce((sum, amount, i) => sum + (isPaid[i] ? 0 : amount), 0);
  if (unpaid !== t.totals.remaining) return null;
  const paidCount = isPaid.filter(Boolean).length;
  return { shares: plan.shares.map((amount, i) => ({ amount, isPaid: isPaid[i] })), next: isPaid.indexOf(false), paidCount };
}

/** "Pay 2 / 3": the share being paid, counted from one, of how many. */
export const shareLabel = (index: number, count: number) => `Pay ${index + 1} / ${count}`;

/** The amount typed, in kuruş (0 when it is not an amount): the pay button keeps showing it. */
export function typedAmount(text: string): number {
  const read = readTurkishMoney(text, 'Tutar');
  return read.ok ? read.kurus : 0;
}

/** What cash given below the amount leaves unpaid ("300,50 TL eksik"), or null. */
export function cashShortfall(amount: number, given: number): string | null {
  return given > 0 && amount > 0 && given < amount ? `${formatTL(amount - given)} eksik` : null;
}

/** Banknotes a guest hands over on their own (50, 100, 200 TL; 500 TL is also a round step below). */
export const CASH_NOTES = [5000, 10000, 20000] as const;
/** Round sums a guest hands over for a bill: the next 10, 50, 100 and 500 TL above it. */
const ROUND_STEPS = [1_000, 5_000, 10_000, 50_000] as const;
const QUICK_CASH_MAX = 4;

/**
 * Quick cash buttons: the exact amount, then what guests hand over for it, smallest first, at most
 * four (one row on a phone beside the exact amount, two at most): a single note that covers it and
 * the next round sums (847,50 TL → 850, 900, 1.000, 1.500 TL; 40 TL → 50, 100, 200, 500 TL).
 */
export function quickCash(amount: number): { value: number; isExact: boolean }[] {
  if (amount <= 0) return [];
  const nextRound = (step: number) => (Math.floor(amount / step) + 1) * step;
  const fiveHundreds = nextRound(50_000);
  const above = new Set<number>([
    ...CASH_NOTES.filter((n) => n > amount),
    ...ROUND_STEPS.map((step) => Math.ceil(amount / step) * step).filter((v) => v > amount),
    fiveHundreds,
    fiveHundreds + 50_000,
    fiveHundreds + 100_000,
  ]);
  const sums = [...above].sort((a, b) => a - b).slice(0, QUICK_CASH_MAX);
  return [{ value: amount, isExact: true }, ...sums.map((value) => ({ value, isExact: false }))];
}

/** "Kredi Kartı ile Öde · 110,00 TL": what the card is charged, the tip included (tipNote says so). */
export function payButtonLabel(method: string, amount: number, tip: number): string {
  return amount > 0 ? `${method} ile Öde · ${formatTL(amount + tip)}` : `${method} ile Öde`;
}

/** Under the pay button when there is a tip: "100,00 TL + 10,00 TL bahşiş", or null. */
export const tipNote = (amount: number, tip: number) => (amount > 0 && tip > 0 ? `${formatTL(amount)} + ${formatTL(tip)} bahşiş` : null);
