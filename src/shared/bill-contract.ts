import { z } from 'zod';
import { SPLIT_LIMITS } from './bill-math';
import { isoDate } from './dates';
import { nameText } from './text';
import { pinApproval } from './pin-contract';
import { TICKET_LIMITS, TICKET_TYPES, discount, payment, ticket, ticketVersion } from './ticket-contract';
import { PAYMENT_METHODS } from './domain/payment-methods';

/**
 * The money side of a ticket (issue 11): İndirim, İkram, İptal, service charge, payments, closing,
 * and the owner's Kapalı Hesaplar. Money is integer kuruş.
 */

export const BILL_LIMITS = {
  reason: 200,
  customerName: TICKET_LIMITS.customerName,
  /** the most one payment may settle or hand over: 10.000.000 TL */
  amount: 1_000_000_000,
  /** closed bills one list answers at most */
  list: 2000,
  /** the largest bill number there can be (the database keeps it as a 32-bit integer) */
  billNumber: 2_147_483_647,
} as const;

/**
 * An owner's approval on the spot: a waiter without the right (Ayarlar → permissions) hands the
 * device to the owner, who types their email and password. The approver is recorded.
 */
export const passwordApproval = z.object({
  email: nameText('Onaylayan e-postası', { min: 1, max: 254 }),
  password: z.string().min(1, 'Onaylayan şifresi gerekli').max(1024),
});
/** Either email + password (any device) or, on a registered shared device, the owner's PIN. */
export const approval = z.union([passwordApproval, pinApproval]);
export type Approval = z.infer<typeof approval>;

const reason = nameText('Neden', { min: 1, max: BILL_LIMITS.reason, collapseSpaces: true });

const partQuantity = z
  .number({ error: 'Adet bir sayı olmalı' })
  .int('Adet tam sayı olmalı')
  .min(1, 'Adet en az 1 olmalı')
  .max(TICKET_LIMITS.quantity, `Adet en fazla ${TICKET_LIMITS.quantity} olabilir`);

const money = (label: string) =>
  z
    .number({ error: `${label} bir sayı olmalı (kuruş)` })
    .int(`${label} kuruş cinsinden tam sayı olmalı`)
    .min(0, `${label} negatif olamaz`)
    .max(BILL_LIMITS.amount, `${label} çok büyük`);

/** İndirim on the ticket (null removes it). */
export const ticketDiscountRequest = z.object({ version: ticketVersion, discount: discount.nullable(), approval: approval.optional() });
export type TicketDiscountRequest = z.infer<typeof ticketDiscountRequest>;

/** İndirim on a line (null removes it). */
export const lineDiscountRequest = ticketDiscountRequest;
export type LineDiscountRequest = TicketDiscountRequest;

/** İkram on a line, or part of its quantity; `isComp: false` takes the İkram back. */
export const compRequest = z
  .object({
    version: ticketVersion,
    isComp: z.boolean().default(true),
    reason: reason.optional(),
    quantity: partQuantity.optional(),
    approval: approval.optional(),
  })
  .refine((r) => !r.isComp || r.reason !== undefined, { message: 'İkram nedeni gerekli', path: ['reason'] });
export type CompRequest = z.infer<typeof compRequest>;

/** İptal of a sent line, or part of its quantity, with a reason (Ayarlar's list or typed). */
export const cancelRequest = z.object({ version: ticketVersion, reason, quantity: partQuantity.optional(), approval: approval.optional() });
export type CancelRequest = z.infer<typeof cancelRequest>;

/** Service charge: 0 removes it, the Ayarlar percent restores it. */
export const serviceChargeRequest = z.object({
  version: ticketVersion,
  percent: z.number({ error: 'Servis ücreti bir sayı olmalı' }).min(0, 'Servis ücreti negatif olamaz').max(100, 'Servis ücreti en fazla %100 olabilir'),
  approval: approval.optional(),
});
export type ServiceChargeRequest = z.infer<typeof serviceChargeRequest>;

/**
 * A payment. `amount` is the part of the bill it settles; paying chosen lines (`lineIds`, or
 * `lines` with part of a quantity) settles what those lines cost and `amount` may be left out.
 * Cash may be more than what is due: the rest is change (`given` = what was handed over).
 */
export const paymentRequest = z
  .object({
    version: ticketVersion.optional(),
    method: z.enum(PAYMENT_METHODS, { error: 'Ödeme yöntemi nakit, kart, yemek kartı, online ya da cari olmalı' }),
    amount: money('Tutar').min(1, 'Tutar sıfırdan büyük olmalı').optional(),
    brand: nameText('Yemek kartı markası', { max: 40 }).optional(),
    lineIds: z.array(z.string()).min(1).max(TICKET_LIMITS.linesPerRequest).optional(),
    lines: z
      .array(z.object({ lineId: z.string(), quantity: partQuantity }))
      .min(1)
      .max(TICKET_LIMITS.linesPerRequest)
      .optional(),
    tip: money('Bahşiş').optional(),
    customerName: nameText('Müşteri adı', { max: BILL_LIMITS.customerName }).optional(),
    given: money('Verilen tutar').optional(),
  })
  .refine((p) => p.amount !== undefined || p.lineIds !== undefined || p.lines !== undefined, { message: 'Tutar gerekli', path: ['amount'] })
  .refine((p) => p.lineIds === undefined || p.lines === undefined, { message: 'Satırları lineIds ya da lines ile seçin, ikisiyle birden değil', path: ['lines'] })
  .refine((p) => p.method === 'cash' || p.given === undefined, { message: 'Verilen tutar yalnızca nakit ödemede olur', path: ['given'] })
  .refine((p) => p.method !== 'account' || (p.customerName ?? '') !== '', { message: 'Cari ödemede müşteri adı gerekli', path: ['customerName'] })
  .refine((p) => p.method !== 'meal_card' || (p.brand ?? '') !== '', { message: 'Yemek kartı markası seçin', path: ['brand'] });
export type PaymentRequest = z.infer<typeof paymentRequest>;
/** The ticket after the payment, with the payment's id and the cash change to hand back. */
export const paymentResponse = ticket.extend({ paymentId: z.string(), change: z.number().int() });
export type PaymentResponse = z.infer<typeof paymentResponse>;

export const closeRequest = z.object({ version: ticketVersion });
export const closeResponse = z.object({ billNumber: z.number().int(), closedAt: z.string(), total: z.number().int(), change: z.number().int(), ticket });
export type CloseResponse = z.infer<typeof closeResponse>;

/** "4 kişiye böl": the remaining amount in equal shares (the remainder kuruş on the last ones). */
export const splitQuery = z.object({
  shares: z.coerce
    .number({ error: 'Kişi sayısı bir sayı olmalı' })
    .int('Kişi sayısı tam sayı olmalı')
    .min(SPLIT_LIMITS.min, `Hesap en az ${SPLIT_LIMITS.min} kişiye bölünebilir`)
    .max(SPLIT_LIMITS.max, `Hesap en fazla ${SPLIT_LIMITS.max} kişiye bölünebilir`),
});
export const splitResponse = z.object({ remaining: z.number().int(), shares: z.array(z.number().int()) });
export type SplitResponse = z.infer<typeof splitResponse>;

// ------------------------------------------------------------------ Kapalı Hesaplar (owner)

/** A business day or a range of them (Ayarlar's time zone and day start); `number` finds one bill. */
export const billsQuery = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
  number: z.coerce
    .number({ error: 'Hesap numarası bir sayı olmalı' })
    .int('Hesap numarası tam sayı olmalı')
    .min(1, 'Hesap numarası en az 1 olmalı')
    .max(BILL_LIMITS.billNumber, 'Böyle bir hesap numarası olamaz')
    .optional(),
});
export type BillsQuery = z.infer<typeof billsQuery>;

export const billSummary = z.object({
  id: z.string(),
  billNumber: z.number().int(),
  ticketNumber: z.number().int(),
  total: z.number().int(),
  closedAt: z.string(),
  openedAt: z.string(),
  tableName: z.string().nullable(),
  type: z.enum(TICKET_TYPES),
  waiterName: z.string().nullable(),
  paymentMethods: z.array(z.enum(PAYMENT_METHODS)),
  hasDiscount: z.boolean(),
  hasComp: z.boolean(),
  hasCancel: z.boolean(),
  /** closed, then reopened and closed again */
  wasReopened: z.boolean(),
});
export type BillSummary = z.infer<typeof billSummary>;

/** One change to a ticket's money, from the audit log: who, when, why, approved by whom. */
export const billAdjustment = z.object({
  at: z.string(),
  action: z.string(),
  /** Turkish label of the action */
  label: z.string(),
  actorName: z.string().nullable(),
  actorRole: z.string().nullable(),
  approverName: z.string().nullable(),
  reason: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type BillAdjustment = z.infer<typeof billAdjustment>;

export const billDetail = z.object({
  ticket,
  closedByName: z.string().nullable(),
  payments: z.array(payment),
  adjustments: z.array(billAdjustment),
});
export type BillDetail = z.infer<typeof billDetail>;

export const reopenRequest = z.object({ reason });
