import { COURIER_PAYMENT_LABELS, type AssignmentInfo } from '../../../shared/couriers-contract';
import { formatTL } from '../../../shared/domain/money';

const DOOR_LABELS = { cash: 'nakit', card: 'kart', meal_card: 'yemek kartı' } as const;

/**
 * What an order's door means for the courier's cash, as Kurye Takibi shows it: what was taken, or
 * what is to take and how the customer said they pay, with the delivery fee the customer pays on
 * top of the bill (kept apart from it).
 */
export function doorMoneyText(order: Pick<AssignmentInfo, 'collectedMethod' | 'collectedKurus' | 'remaining' | 'doorPayment' | 'deliveryFee'>) {
  const fee = order.deliveryFee > 0 ? ` + teslimat ücreti ${formatTL(order.deliveryFee)}` : '';
  if (order.collectedMethod) return `${COURIER_PAYMENT_LABELS[order.collectedMethod]} ${formatTL(order.collectedKurus)} alındı${fee}`;
  if (order.remaining <= 0) return order.doorPayment?.method === 'online' ? `Online ödendi${fee}` : `Ödenmiş${fee}`;
  const method = order.doorPayment && order.doorPayment.method !== 'online' ? ` (${DOOR_LABELS[order.doorPayment.method]})` : '';
  return `Kapıda alınacak${method}: ${formatTL(order.remaining)}${fee}`;
}

/** The cash still to come in from the courier's orders not yet paid: what they should carry back. */
export const cashToCollect = (orders: readonly Pick<AssignmentInfo, 'collectedMethod' | 'remaining' | 'doorPayment' | 'deliveryFee' | 'isTicketOpen'>[]) =>
  orders
    .filter((o) => !o.collectedMethod && o.isTicketOpen && o.doorPayment?.method === 'cash')
    .reduce((sum, o) => sum + o.remaining + o.deliveryFee, 0);
