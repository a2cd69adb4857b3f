/**
 * "Net satış" defined once (issue 23): the sales report (Satış Raporları) and the Gün Sonu report
 * both call netSales() and print NET_SALES_DEFINITION under the figure. Integer kuruş.
 *
 * Cancelled lines (İptal) are never in gross: computeBill's subtotal leaves them out, so they are not
 * subtracted here. Tips (bahşiş) are the staff's, apart from sales. An İade (refund) is taken off in
 * the business day it was recorded, never the day of the bill.
 */
export interface SalesFigures {
  /** Brüt satış: what the lines that are not cancelled cost, before İkram and İndirim */
  gross: number;
  /** İndirim: line and bill discounts */
  discounts: number;
  /** İkram: the gross of complimentary lines */
  comps: number;
  /** Servis ücreti */
  serviceCharge: number;
  /** İade: what went back to guests (positive) */
  refunds: number;
}

/** Net satış = brüt − İndirim − İkram + servis ücreti − İade. */
export function netSales(f: SalesFigures): number {
  return f.gross - f.discounts - f.comps + f.serviceCharge - f.refunds;
}

export const NET_SALES_LABEL = 'Net Satış';

/** The one-sentence definition printed under the net sales figure. */
export const NET_SALES_DEFINITION =
  'Net satış: iptal edilmeyen ürünlerin brüt tutarından indirimler ve ikramlar düşülüp servis ücreti eklendikten, dönemde yapılan iadeler çıkarıldıktan sonra kalan tutardır; bahşiş dahil değildir.';
