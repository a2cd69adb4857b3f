import { z } from 'zod';
import type { RejectReason } from '../../../../shared/online-orders-contract';
import { isoDateTime } from '../../../../shared/dates';
import {
  addressText,
  freeNote,
  latitude,
  lineQuantity,
  longitude,
  mealCardBrand,
  personName,
  platformOrderId,
  productCode,
  productName,
  sameSecret,
  tlAmount,
  cancelReasonText,
  type PlatformAdapter,
  type PlatformCancellation,
  type PlatformOrder,
} from './types';

/**
 * Trendyol Yemek (developers.trendyol.com, meal gateway). Our calls use HTTP Basic apiKey:apiSecret
 * under /mealgw/suppliers/{supplierId}/…: packages/picked (accepted, with the preparation time),
 * packages/unsupplied (rejected, with a reason id), packages/invoiced (ready), packages/manual-shipped
 * and manual-delivered (the restaurant's own courier). The webhook's authentication is not
 * documented publicly (the research notes: "unverified"): Sofra asks Trendyol's webhook to carry
 * HTTP Basic supplierId:webhookSecret, the same mechanism as the outgoing calls.
 */

const payload = z.object({
  id: platformOrderId,
  orderNumber: z.string().max(40).optional(),
  packageStatus: z.string().max(40).optional(),
  isTestOrder: z.boolean().default(false),
  deliveryType: z.enum(['GO', 'STORE', 'PICKUP'], { error: "deliveryType 'GO', 'STORE' ya da 'PICKUP' olmalı" }),
  customer: z.object({ firstName: personName, lastName: z.string().max(80).default(''), phone: z.string().max(30).optional() }),
  address: z
    .object({ address1: addressText, address2: addressText.optional(), district: z.string().max(60).optional(), city: z.string().max(60).optional(), latitude: latitude.optional(), longitude: longitude.optional(), addressDescription: freeNote('Adres tarifi').optional() })
    .optional(),
  customerNote: freeNote('Müşteri notu').optional(),
  lines: z
    .array(
      z.object({
        productId: productCode,
        name: productName,
        quantity: lineQuantity.default(1),
        price: tlAmount('Ürün fiyatı'),
        modifierProducts: z.array(z.object({ productId: productCode, name: productName, price: tlAmount('Seçenek fiyatı').default(0) })).max(50).default([]),
        ingredientOptions: z.object({ excludes: z.array(z.object({ name: productName })).max(50).default([]) }).optional(),
      }),
      { error: 'Ürünler (lines) bir liste olmalı' },
    )
    .min(1, 'Siparişte en az bir ürün olmalı')
    .max(50, 'Bir siparişte en fazla 50 satır olabilir'),
  payment: z.object({ paymentType: z.string().max(40), mealCardType: z.string().max(40).optional() }),
  totalPrice: tlAmount('Toplam'),
  /** the discount Trendyol pays (its campaigns); the seller's discounts are its own */
  platformDiscount: tlAmount('Platform indirimi').default(0),
  scheduledDate: isoDateTime('Tarih saat dilimli bir ISO 8601 tarih olmalı').optional(),
});
type Payload = z.infer<typeof payload>;

function toOrder(p: Payload): PlatformOrder {
  const a = p.address;
  const type = p.payment.paymentType.toUpperCase();
  return {
    externalId: p.id,
    isTest: p.isTestOrder,
    type: p.deliveryType === 'PICKUP' ? 'takeaway' : 'delivery',
    customer: {
      name: `${p.customer.firstName} ${p.customer.lastName}`.trim(),
      phone: p.customer.phone ?? null,
      address: a ? [a.address1, a.address2, a.district, a.city, a.addressDescription].filter(Boolean).join(', ') : null,
      lat: a?.latitude ?? null,
      lng: a?.longitude ?? null,
    },
    lines: p.lines.map((l) => {
      const without = l.ingredientOptions?.excludes.map((e) => e.name) ?? [];
      return {
        code: l.productId,
        name: l.name,
        quantity: l.quantity,
        unitPriceKurus: l.price,
        options: l.modifierProducts.map((m) => ({ code: m.productId, name: m.name, priceKurus: m.price })),
        note: without.length ? `${without.join(', ')} olmasın` : null,
      };
    }),
    payment:
      type === 'PAY_WITH_MEAL_CARD'
        ? { method: 'meal_card', brand: mealCardBrand(p.payment.mealCardType) }
        : type === 'PAY_WITH_CASH'
          ? { method: 'cash', brand: null }
          : type === 'PAY_WITH_CARD_ON_DELIVERY'
            ? { method: 'card', brand: null }
            : { method: 'online', brand: null },
    platformDiscountKurus: p.platformDiscount,
    note: p.customerNote ?? null,
    expectedAt: p.scheduledDate ?? null,
  };
}

const UNSUPPLIED_REASONS: Record<RejectReason, number> = { dish_unavailable: 1, too_busy: 2, closed: 3, out_of_area: 4, other: 5 };

function basicOf(header: string | string[] | undefined) {
  if (typeof header !== 'string' || !header.startsWith('Basic ')) return null;
  const text = Buffer.from(header.slice(6), 'base64').toString();
  const at = text.indexOf(':');
  return at < 0 ? null : { user: text.slice(0, at), secret: text.slice(at + 1) };
}

export const basicHeader = (user: string, secret: string) => `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`;

/** Trendyol's package status webhook for a cancelled package (Cancelled / UnSupplied). */
const cancellation = z.object({
  id: platformOrderId,
  packageStatus: z.enum(['Cancelled', 'UnSupplied'], { error: "packageStatus 'Cancelled' ya da 'UnSupplied' olmalı" }),
  cancelReason: cancelReasonText(),
});
type Cancellation = z.infer<typeof cancellation>;

export const trendyol: PlatformAdapter = {
  platform: 'trendyol',
  authenticateWebhook(headers, connection) {
    const basic = basicOf(headers.authorization);
    return basic !== null && basic.user === connection.remoteCode && sameSecret(basic.secret, connection.webhookSecret);
  },
  payload,
  toOrder: toOrder as (p: never) => PlatformOrder,
  cancellation,
  toCancellation: ((p: Cancellation) => ({ externalId: p.id, reason: p.cancelReason || null })) as (p: never) => PlatformCancellation,
  async authHeaders(connection) {
    return { authorization: basicHeader(connection.clientId, connection.clientSecret) };
  },
  request(u, connection) {
    const base = `/mealgw/suppliers/${encodeURIComponent(connection.remoteCode)}`;
    const packageId = u.externalId ?? '';
    switch (u.kind) {
      case 'accept':
        return { method: 'PUT', path: `${base}/packages/picked`, body: { packageId, preparationTime: u.prepMinutes ?? 20 } };
      case 'reject':
        return { method: 'PUT', path: `${base}/packages/unsupplied`, body: { packageId, reasonId: UNSUPPLIED_REASONS[u.reason ?? 'other'], note: u.note ?? '' } };
      case 'ready':
        return { method: 'PUT', path: `${base}/packages/invoiced`, body: { packageId } };
      case 'picked_up':
        return { method: 'PUT', path: `${base}/packages/manual-shipped`, body: { packageId } };
      case 'delivered':
        return { method: 'PUT', path: `${base}/packages/manual-delivered`, body: { packageId } };
      case 'pause':
        return { method: 'PUT', path: `${base}/restaurants/working-status`, body: { workingStatus: 'CLOSED', closedMinutes: u.minutes ?? 30 } };
    }
  },
};
