import { COURIER_PAYMENT_LABELS, type AssignmentInfo } from '../../../shared/couriers-contract';
import { formatTL } from '../../../shared/domain/money';

const DOOR_LABELS = { cash: 'nakit', card: 'kart', meal_card: 'yemek kartı' } as const;

/**
 * What an order's door means for the courier's cash, as Kurye Takibi shows it: what was taken, or
 * what is to take and how the customer said they pay, saying when a delivery fee is inside that
 * amount (the fee is a line of the bill, so it is in what the bill leaves to pay).
 */
export function doorMoneyText(order: Pick<AssignmentInfo, 'collectedMethod' | 'collectedKurus' | 'remaining' | 'doorPayment' | 'deliveryFee'>) {
  if (order.collectedMethod) return `${COURIER_PAYMENT_LABELS[order.collectedMethod]} ${formatTL(order.collectedKurus)} alındı`;
  if (order.remaining <= 0) return order.doorPayment?.method === 'online' ? 'Online ödendi' : 'Ödenmiş';
  const method = order.doorPayment && order.doorPayment.method !== 'online' ? ` (${DOOR_LABELS[order.doorPayment.method]})` : '';
  const fee = order.deliveryFee > 0 ? ` (teslimat ücreti ${formatTL(order.deliveryFee)} dahil)` : '';
  return `Kapıda alınacak${method}: ${formatTL(order.remaining)}${fee}`;
}

/** The cash still to come in from the courier's orders not yet paid: what they should carry back. */
export const cashToCollect = (orders: readonly Pick<AssignmentInfo, 'collectedMethod' | 'remaining' | 'doorPayment' | 'isTicketOpen'>[]) =>
  orders.filter((o) => !o.collectedMethod && o.isTicketOpen && o.doorPayment?.method === 'cash').reduce((sum, o) => sum + o.remaining, 0);
