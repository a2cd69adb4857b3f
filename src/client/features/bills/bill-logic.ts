import { formatTL, readTurkishMoney } from '../../../shared/domain/money';
import type { Discount, Ticket, TicketLine } from '../../../shared/ticket-contract';
import type { PaymentMethod } from '../../../shared/domain/payment-methods';
import { TICKET_TYPE_LABELS } from '../../../shared/ticket-contract';

/** "Masa 5", "Gel-Al · Ayşe": where a bill belongs, as its header names it. */
export function billWhere(t: Pick<Ticket, 'type' | 'tableName' | 'customer'>): string {
  if (t.type === 'table') return t.tableName ?? TICKET_TYPE_LABELS.table;
  return t.customer?.name ? `${TICKET_TYPE_LABELS[t.type]} · ${t.customer.name}` : TICKET_TYPE_LABELS[t.type];
}

/** The marks a line carries on the bill, in words: shared with the waiter's adisyon (components/line-marks). */
export { lineMarks } from '../../components/line-marks';

/** The reasons a line's dialog offers: İkram its own list (Müdavim, Doğum günü…), İptal the cancellation reasons. */
export function reasonsFor(kind: 'comp' | 'cancel', settings: { cancellationReasons: readonly string[]; compReasons: readonly string[] } | undefined): readonly string[] {
  if (!settings) return [];
  return kind === 'cancel' ? settings.cancellationReasons : settings.compReasons;
}

/** Lines the money actions apply to: sent to the kitchen, not cancelled, not paid. */
export const canAdjust = (l: TicketLine) => l.status !== 'pending' && l.status !== 'cancelled' && l.paymentId === null;

/** Lines a guest can pay by choosing them: something due and not paid yet. */
export const payableLines = (t: Ticket) => t.lines.filter((l) => l.status !== 'cancelled' && l.paymentId === null && l.due > 0);

export type DiscountForm = { type: 'amount' | 'percent'; value: string; label: string };
export type Reading<T> = { ok: true; value: T } | { ok: false; errors: Record<string, string> };

/** The discount form as the API's discount: an amount typed in TL (kuruş sent) or a whole percentage. */
export function readDiscount(form: DiscountForm): Reading<Discount> {
  const label = form.label.trim() || 'İndirim';
  if (form.type === 'percent') {
    const n = Number(form.value.trim().replace(',', '.'));
    if (!Number.isInteger(n) || n < 1 || n > 100) return { ok: false, errors: { value: 'Yüzde 1 ile 100 arasında tam sayı olmalı' } };
    return { ok: true, value: { type: 'percent', value: n, label } };
  }
  const money = readTurkishMoney(form.value, 'İndirim');
  if (!money.ok) return { ok: false, errors: { value: money.error } };
  if (money.kurus < 1) return { ok: false, errors: { value: 'İndirim sıfırdan büyük olmalı' } };
  return { ok: true, value: { type: 'amount', value: money.kurus, label } };
}

export interface PaymentForm {
  method: PaymentMethod;
  amount: string;
  given: string;
  tip: string;
  brand: string;
  customerName: string;
}

/** Reads an optional amount: empty is 0. */
function optionalMoney(text: string, label: string): { ok: true; kurus: number } | { ok: false; error: string } {
  if (text.trim() === '') return { ok: true, kurus: 0 };
  return readTurkishMoney(text, label);
}

/** What the cash given leaves as change for an amount (never negative). */
export function cashChange(amount: number, given: number): number {
  return Math.max(0, given - amount);
}

/**
 * The payment form as the API's payment (amount mode). Cash may be given above the amount (the
 * change); other methods may not pay more than remains — the server refuses it too.
 */
export function readPayment(form: PaymentForm, remaining: number): Reading<{ method: PaymentMethod; amount: number; given?: number; tip?: number; brand?: string; customerName?: string }> {
  const errors: Record<string, string> = {};
  const amount = readTurkishMoney(form.amount, 'Tutar');
  if (!amount.ok) errors.amount = amount.error;
  else if (amount.kurus < 1) errors.amount = 'Tutar sıfırdan büyük olmalı';
  else if (amount.kurus > remaining) errors.amount = `Kalan tutar ${formatTL(remaining)}; fazlası alınamaz`;
  const tip = optionalMoney(form.tip, 'Bahşiş');
  if (!tip.ok) errors.tip = tip.error;
  const given = form.method === 'cash' ? optionalMoney(form.given, 'Verilen tutar') : ({ ok: true, kurus: 0 } as const);
  if (!given.ok) errors.given = given.error;
  // says what is missing; the waiter takes it as a part payment only on purpose (Kısmi ödeme olarak al)
  else if (amount.ok && given.kurus > 0 && given.kurus < amount.kurus) errors.given = `${formatTL(amount.kurus - given.kurus)} eksik`;
  if (form.method === 'meal_card' && !form.brand) errors.brand = 'Yemek kartı markası seçin';
  if (form.method === 'account' && !form.customerName.trim()) errors.customerName = 'Cari ödemede müşteri adı gerekli';
  if (Object.keys(errors).length > 0 || !amount.ok || !tip.ok || !given.ok) return { ok: false, errors };
  return {
    ok: true,
    value: {
      method: form.method,
      amount: amount.kurus,
      ...(given.kurus > 0 ? { given: given.kurus } : {}),
      ...(tip.kurus > 0 ? { tip: tip.kurus } : {}),
      ...(form.method === 'meal_card' ? { brand: form.brand } : {}),
      ...(form.method === 'account' ? { customerName: form.customerName.trim() } : {}),
    },
  };
}

