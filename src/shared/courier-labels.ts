/**
 * Kurye Takibi's words, apart from the contract so the courier's phone page (a tiny bundle without
 * the schema library) shows the very same ones as the owner's screen.
 */
export const ASSIGNMENT_STATUSES = ['assigned', 'picked_up', 'delivered'] as const;
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];
export const ASSIGNMENT_STATUS_LABELS: Record<AssignmentStatus, string> = {
  assigned: 'Kuryeye verildi',
  picked_up: 'Yolda',
  delivered: 'Teslim edildi',
};

/** What a courier may take at the door. */
export const COURIER_PAYMENT_METHODS = ['cash', 'card', 'meal_card'] as const;
export type CourierPaymentMethod = (typeof COURIER_PAYMENT_METHODS)[number];
export const COURIER_PAYMENT_LABELS: Record<CourierPaymentMethod, string> = { cash: 'Nakit', card: 'Kredi Kartı', meal_card: 'Yemek Kartı' };
