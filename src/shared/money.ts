/**
 * Money is integer kuruş everywhere (1 TL = 100 kuruş); these helpers format only at the edge.
 * Turkish grouping: 1.250,50
 */
const tr2 = new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatAmount(kurus: number): string {
  return tr2.format(kurus / 100);
}

/** Receipts: "TL with 2 decimals" (spec section 9). */
export function formatTL(kurus: number): string {
  return `${formatAmount(kurus)} TL`;
}

/** Public menu: "price followed by ₺" (spec section 2). */
export function formatLira(kurus: number): string {
  return `${formatAmount(kurus)} ₺`;
}
