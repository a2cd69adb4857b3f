import { unlessSample } from './printer-settings';
import { TICKET_TYPE_LABELS, type Ticket } from './ticket-contract';
import { PAYMENT_METHOD_LABELS } from './domain/payment-methods';

/**
 * The receipt model the preview, the test print and the bill print render (spec section 3, sample
 * receipt shape). A bill's receipt also carries `bill`: the server's totals, payments and number.
 */
export interface ReceiptProperty {
  name: string;
  /** kuruş added per unit; shown only when above 0 */
  price: number;
}
export interface ReceiptLine {
  name: string;
  quantity: number;
  /** unit price in kuruş */
  price: number;
  properties: ReceiptProperty[];
}
export interface ReceiptAdjustment {
  item: string;
  quantity: number;
  price: number;
}
export interface Receipt {
  tableName: string;
  waiter: string;
  orderType: string;
  date: Date;
  items: ReceiptLine[];
  discount: { type: 'amount'; value: number; label: string };
  complimentary: ReceiptAdjustment[];
  cancelled: ReceiptAdjustment[];
  /** a real bill: the totals as the server computed them (the sample receipt has none) */
  bill?: ReceiptBill;
}

export interface ReceiptPayment {
  /** 'Nakit', 'Yemek Kartı (Multinet)', 'Cari (Ahmet Bey)' */
  label: string;
  amount: number;
  /**
   * The cash change this payment handed back. Printed under its own payment, never summed into
   * one figure: a reopened bill's earlier payments gave their change back at the earlier close.
   */
  change: number;
}
export interface ReceiptBill {
  billNumber: number | null;
  ticketNumber: number;
  subtotal: number;
  comps: number;
  cancelled: number;
  discounts: number;
  serviceChargePercent: number;
  serviceCharge: number;
  vatByRate: { rate: number; vat: number }[];
  vat: number;
  total: number;
  payments: ReceiptPayment[];
  tips: number;
}

export function lineTotal(line: ReceiptLine): number {
  const addOns = line.properties.reduce((sum, p) => sum + p.price, 0);
  return (line.price + addOns) * line.quantity;
}

export function receiptSubtotal(r: Receipt): number {
  if (r.bill) return r.bill.subtotal;
  return r.items.reduce((sum, l) => sum + lineTotal(l), 0);
}

/** Complimentary lines are listed for the record; they are not in `items`, so they cost nothing. */
export function receiptTotal(r: Receipt): number {
  if (r.bill) return r.bill.total;
  return Math.max(0, receiptSubtotal(r) - r.discount.value);
}

export function sampleReceipt(now: Date): Receipt {
  return {
    tableName: 'Salon 5',
    waiter: 'Ayşe',
    orderType: 'Masa',
    date: now,
    items: [
      { name: 'Mercimek Çorbası', quantity: 2, price: 9000, properties: [] },
      {
        name: 'Adana Kebap',
        quantity: 1,
        price: 38000,
        properties: [
          { name: 'Porsiyon: 1,5', price: 19000 },
          { name: 'Acılı', price: 0 },
        ],
      },
      { name: 'Ayran', quantity: 2, price: 4500, properties: [] },
      { name: 'Künefe', quantity: 1, price: 22000, properties: [{ name: 'Ekstra peynir', price: 1500 }] },
    ],
    discount: { type: 'amount', value: 5000, label: 'Müdavim indirimi' },
    complimentary: [{ item: 'Türk Kahvesi', quantity: 2, price: 6000 }],
    cancelled: [{ item: 'Kola', quantity: 1, price: 5000 }],
  };
}

/** A payment as the receipt names it: the method, with the card brand or the account's customer. */
export function paymentLabel(p: { method: keyof typeof PAYMENT_METHOD_LABELS; brand: string | null; customerName: string | null }): string {
  const extra = p.method === 'meal_card' ? p.brand : p.method === 'account' ? p.customerName : null;
  return extra ? `${PAYMENT_METHOD_LABELS[p.method]} (${extra})` : PAYMENT_METHOD_LABELS[p.method];
}

/**
 * A ticket's receipt, filled from the server's bill: charged lines with their options (unit price
 * without add-ons, add-ons priced apart), İkram and İptal lines for the record, the totals.
 */
export function receiptFromTicket(t: Ticket, date: Date): Receipt {
  const live = t.lines.filter((l) => l.status !== 'cancelled');
  const addOns = (l: Ticket['lines'][number]) => l.options.reduce((sum, o) => sum + o.price, 0);
  const where = t.type === 'table' ? (t.tableName ?? '') : (t.customer?.name ?? TICKET_TYPE_LABELS[t.type]);
  return {
    tableName: where,
    waiter: t.waiterName ?? '',
    orderType: TICKET_TYPE_LABELS[t.type],
    date,
    items: live
      .filter((l) => !l.isComp)
      .map((l) => ({ name: l.name, quantity: l.quantity, price: l.unitPrice - addOns(l), properties: l.options.map((o) => ({ name: o.name, price: o.price })) })),
    discount: { type: 'amount', value: t.totals.discounts, label: t.discount?.label || 'İndirim' },
    complimentary: live.filter((l) => l.isComp).map((l) => ({ item: l.name, quantity: l.quantity, price: l.unitPrice })),
    cancelled: t.lines.filter((l) => l.status === 'cancelled').map((l) => ({ item: l.name, quantity: l.quantity, price: l.unitPrice })),
    bill: {
      billNumber: t.billNumber,
      ticketNumber: t.number,
      subtotal: t.totals.subtotal,
      comps: t.totals.comps,
      cancelled: t.totals.cancelled,
      discounts: t.totals.discounts,
      serviceChargePercent: t.totals.serviceChargePercent,
      serviceCharge: t.totals.serviceCharge,
      vatByRate: t.totals.vatByRate.map((v) => ({ rate: v.rate, vat: v.vat })),
      vat: t.totals.vat,
      total: t.totals.total,
      payments: t.payments.map((p) => ({ label: paymentLabel(p), amount: p.amount, change: p.change })),
      tips: t.totals.tips,
    },
  };
}

/**
 * The bill's header: the business's own name, address and phone (Ayarlar's, which the printer
 * document's `restaurantInfo` mirrors) and its tax details. The spec's sample details are never
 * printed: a document that still holds them falls back to the business's own, or to nothing.
 */
export function receiptHeader(
  printer: { restaurantInfo: { name: string; address: string; phone: string } },
  profile: { name: string; address: string; phone: string; taxOffice: string; taxNumber: string } | undefined,
) {
  const info = printer.restaurantInfo;
  return {
    name: profile?.name?.trim() || unlessSample('name', info.name),
    address: profile?.address?.trim() || unlessSample('address', info.address),
    phone: profile?.phone?.trim() || unlessSample('phone', info.phone),
    taxLine: [profile?.taxOffice?.trim() && `V.D.: ${profile.taxOffice.trim()}`, profile?.taxNumber?.trim() && `VKN: ${profile.taxNumber.trim()}`].filter(Boolean).join(' · '),
  };
}
