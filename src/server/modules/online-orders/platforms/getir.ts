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
  PlatformCallError,
  cancelReasonText,
  type PlatformAdapter,
  type PlatformCancellation,
  type PlatformOrder,
} from './types';

/**
 * Getir Yemek (developers.getir.com/food). Their webhooks (new order, cancel) carry the shared
 * `x-api-key` the restaurant set in Getir's panel; our calls log in with POST /auth/login
 * {appSecretKey, restaurantSecretKey} → {token}, sent as the `token` header (about 1 h). The order
 * moves verify → prepare → handover → deliver; a rejection is a cancel with a reason id.
 * deliveryType 1 = Getir's courier, 2 = the restaurant's courier.
 */

const localized = z.union([z.string(), z.object({ tr: z.string(), en: z.string().optional() })]).transform((v) => (typeof v === 'string' ? v : v.tr)).pipe(productName);

const payload = z.object({
  id: platformOrderId,
  status: z.number().int().optional(),
  confirmationId: z.string().max(20).optional(),
  isTestOrder: z.boolean().default(false),
  client: z.object({
    name: personName,
    clientPhoneNumber: z.string().max(30).optional(),
    clientUnmaskedPhoneNumber: z.string().max(30).optional(),
    deliveryAddress: z.object({ address: addressText, aptNo: z.string().max(20).optional(), floor: z.string().max(20).optional(), doorNo: z.string().max(20).optional(), description: freeNote('Adres tarifi').optional() }).optional(),
    location: z.object({ lat: latitude, lon: longitude }).optional(),
  }),
  products: z
    .array(
      z.object({
        product: productCode,
        name: localized,
        count: lineQuantity,
        price: tlAmount('Ürün fiyatı'),
        note: freeNote('Ürün notu').optional(),
        optionCategories: z
          .array(z.object({ name: localized.optional(), options: z.array(z.object({ option: productCode, name: localized, price: tlAmount('Seçenek fiyatı').default(0) })).max(50) }))
          .max(20)
          .default([]),
      }),
      { error: 'Ürünler (products) bir liste olmalı' },
    )
    .min(1, 'Siparişte en az bir ürün olmalı')
    .max(50, 'Bir siparişte en fazla 50 satır olabilir'),
  deliveryType: z.union([z.literal(1), z.literal(2)], { error: 'deliveryType 1 ya da 2 olmalı' }),
  isQueued: z.boolean().optional(),
  /** 1 online card, 2 cash at the door, 3 card at the door, 4+ meal cards (paymentMethodText names the brand) */
  paymentMethod: z.number().int(),
  paymentMethodText: z.object({ tr: z.string().max(60) }).optional(),
  isScheduled: z.boolean().default(false),
  scheduledDate: isoDateTime('Tarih saat dilimli bir ISO 8601 tarih olmalı').optional(),
  clientNote: freeNote('Müşteri notu').optional(),
  totalPrice: tlAmount('Toplam'),
  totalDiscountedPrice: tlAmount('İndirimli toplam').optional(),
  /** the part of the discount Getir pays (kampanya); the rest is the restaurant's */
  getirDiscountAmount: tlAmount('Getir indirimi').default(0),
});
type Payload = z.infer<typeof payload>;

function toOrder(p: Payload): PlatformOrder {
  const a = p.client.deliveryAddress;
  const brand = mealCardBrand(p.paymentMethodText?.tr);
  return {
    externalId: p.id,
    isTest: p.isTestOrder,
    type: 'delivery',
    customer: {
      name: p.client.name,
      phone: p.client.clientUnmaskedPhoneNumber ?? p.client.clientPhoneNumber ?? null,
      address: a ? [a.address, a.aptNo && `Apt ${a.aptNo}`, a.floor && `Kat ${a.floor}`, a.doorNo && `Daire ${a.doorNo}`, a.description].filter(Boolean).join(', ') : null,
      lat: p.client.location?.lat ?? null,
      lng: p.client.location?.lon ?? null,
    },
    lines: p.products.map((l) => ({
      code: l.product,
      name: l.name,
      quantity: l.count,
      unitPriceKurus: l.price,
      options: l.optionCategories.flatMap((c) => c.options.map((o) => ({ code: o.option, name: o.name, priceKurus: o.price }))),
      note: l.note ?? null,
    })),
    payment: p.paymentMethod === 1 ? { method: 'online', brand: null } : p.paymentMethod === 2 ? { method: 'cash', brand: null } : p.paymentMethod === 3 ? { method: 'card', brand: null } : { method: 'meal_card', brand },
    platformDiscountKurus: p.getirDiscountAmount,
    note: p.clientNote ?? null,
    expectedAt: p.isScheduled ? (p.scheduledDate ?? null) : null,
  };
}

/** Getir's cancel reasons are ids read from /cancel-options; these are the documented common ones. */
const CANCEL_REASON_IDS: Record<RejectReason, string> = {
  dish_unavailable: '5a5f2d6e0c8b5a0001a1b001',
  too_busy: '5a5f2d6e0c8b5a0001a1b002',
  closed: '5a5f2d6e0c8b5a0001a1b003',
  out_of_area: '5a5f2d6e0c8b5a0001a1b004',
  other: '5a5f2d6e0c8b5a0001a1b005',
};

/** Getir's cancel webhook: the order id and the note the customer or Getir gave. */
const cancellation = z.object({ id: platformOrderId, cancelNote: cancelReasonText(), cancelReason: z.string().max(200).optional() });
type Cancellation = z.infer<typeof cancellation>;

export const getir: PlatformAdapter = {
  platform: 'getir',
  authenticateWebhook: (headers, connection) => sameSecret(headers['x-api-key'], connection.webhookSecret),
  payload,
  toOrder: toOrder as (p: never) => PlatformOrder,
  cancellation,
  toCancellation: ((p: Cancellation) => ({ externalId: p.id, reason: p.cancelNote || p.cancelReason || null })) as (p: never) => PlatformCancellation,
  async authHeaders(connection, fetchImpl) {
    const res = await fetchImpl(`${connection.baseUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ appSecretKey: connection.clientId, restaurantSecretKey: connection.clientSecret }),
    });
    if (!res.ok) throw new PlatformCallError(`Getir girişi başarısız: HTTP ${res.status}`, res.status);
    const { token } = (await res.json()) as { token?: string };
    if (!token) throw new Error('Getir girişi jeton döndürmedi');
    return { token };
  },
  request(u) {
    const id = encodeURIComponent(u.externalId ?? '');
    switch (u.kind) {
      case 'accept':
        return { method: 'POST', path: `/food-orders/${id}/verify`, body: {} };
      case 'reject':
        return { method: 'POST', path: `/food-orders/${id}/cancel`, body: { cancelReasonId: CANCEL_REASON_IDS[u.reason ?? 'other'], cancelNote: u.note ?? '' } };
      case 'ready':
        return { method: 'POST', path: `/food-orders/${id}/prepare`, body: {} };
      case 'picked_up':
        return { method: 'POST', path: `/food-orders/${id}/handover`, body: {} };
      case 'delivered':
        return { method: 'POST', path: `/food-orders/${id}/deliver`, body: {} };
      case 'pause':
        return { method: 'PUT', path: '/restaurants/status/pause', body: { timeOffAmount: u.minutes ?? 30 } };
    }
  },
};
