import { formatTL } from '../../shared/domain/money';

/**
 * What an open ticket's row or table says about its payment, in words (never colour alone):
 * a reopened bill that is fully paid reads "✓ Ödendi · 0,00 TL kalan"; nothing before a payment.
 */
export function paymentHint(total: number | null, remaining: number | null | undefined): string | null {
  if (total === null || total <= 0 || remaining === null || remaining === undefined) return null;
  if (remaining === 0) return `✓ Ödendi · ${formatTL(0)} kalan`;
  if (remaining < total) return `Kısmen ödendi · ${formatTL(remaining)} kalan`;
  return null;
}

/** The short form a small floor tile has room for. */
export const isPaid = (total: number | null, remaining: number | null | undefined) => total !== null && total > 0 && remaining === 0;
