import type { Discount, LineStatus } from './ticket-contract';

/**
 * Bill maths, in integer kuruş: the one module the server (the authority), the screens and the
 * receipts use. Pure and deterministic; property-tested.
 */
export interface BillLine {
  unitPrice: number;
  quantity: number;
  status: LineStatus;
  isComp: boolean;
  discount: Discount | null;
  vatRate: number;
}

/** A line's price before adjustments: unit price × quantity. */
export const lineGross = (line: Pick<BillLine, 'unitPrice' | 'quantity'>) => line.unitPrice * line.quantity;

const isCharged = (line: BillLine) => line.status !== 'cancelled';

/** Subtotal = what every line that is not cancelled costs; total = what the guest pays. */
export function computeTotals(lines: readonly BillLine[]) {
  const charged = lines.filter(isCharged);
  const subtotal = charged.reduce((sum, l) => sum + lineGross(l), 0);
  const comps = charged.filter((l) => l.isComp).reduce((sum, l) => sum + lineGross(l), 0);
  return { subtotal, total: subtotal - comps };
}
