import { formatTL } from '../../shared/domain/money';
import type { TicketLine } from '../../shared/ticket-contract';

/**
 * The marks a line carries, in words (colour is never the only signal): İptal and İkram with their
 * reasons, the line's İndirim, Ödendi. The owner's Hesap and Kapalı Hesaplar and the waiter's
 * adisyon show the same words.
 */
export function lineMarks(l: Pick<TicketLine, 'status' | 'cancelReason' | 'isComp' | 'compReason' | 'discount' | 'paymentId'>): string[] {
  const marks: string[] = [];
  if (l.status === 'cancelled') marks.push(l.cancelReason ? `İptal: ${l.cancelReason}` : 'İptal');
  if (l.isComp) marks.push(l.compReason ? `İkram: ${l.compReason}` : 'İkram');
  if (l.discount) marks.push(`İndirim: ${l.discount.label || 'İndirim'} (${l.discount.type === 'percent' ? `%${l.discount.value}` : formatTL(l.discount.value)})`);
  if (l.paymentId) marks.push('Ödendi');
  return marks;
}
