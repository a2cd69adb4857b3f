import { z } from 'zod';

/**
 * How a bill is paid: one list, one spelling, one label each, for the bill, the owner's Ayarlar,
 * Gün Sonu, the reports and the courier. Stored settings written before this list was the only one
 * said 'mealCard' (migration 0024 rewrote them; restaurant-settings.service.ts still reads one).
 */
export const PAYMENT_METHODS = ['cash', 'card', 'meal_card', 'online', 'account'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Nakit',
  card: 'Kredi Kartı',
  meal_card: 'Yemek Kartı',
  online: 'Online',
  account: 'Cari',
};

export const paymentMethod = z.enum(PAYMENT_METHODS);

/** The meal-card brands a restaurant may accept (Ayarlar); Yemek Kartı needs one of them. */
export const MEAL_CARD_BRANDS = ['Multinet', 'Pluxee', 'Edenred Ticket', 'Setcard', 'Metropol'] as const;

/** The spelling the settings document used before: read as today's. */
export const fromStoredPaymentMethod = (method: string): string => (method === 'mealCard' ? 'meal_card' : method);
