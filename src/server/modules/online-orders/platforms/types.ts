import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import type { OnlinePaymentMethod, OnlineOrderType, RejectReason } from '../../../../shared/online-orders-contract';
import { multilineText, nameText } from '../../../../shared/text';
import { DELIVERY_PLATFORMS, type DeliveryPlatform } from '../../../../shared/domain/channels';

/**
 * One adapter per delivery platform (issue 24): intake (the platform's documented order payload →
 * the one internal order the inbox stores) and outgoing updates (accept with a preparation time,
 * reject with a reason, ready, picked up, delivered, pause), each with the platform's own
 * authentication. The formats are reconstructed from the public documentation summarised in
 * the platforms' published integration documents; none was checked against a live account.
 */

export const isPlatform = (v: string): v is DeliveryPlatform => (DELIVERY_PLATFORMS as readonly string[]).includes(v);

export const OUTGOING_KINDS = ['accept', 'reject', 'ready', 'picked_up', 'delivered', 'pause'] as const;
export type OutgoingKind = (typeof OUTGOING_KINDS)[number];

/** What the outbox stores for one call; the adapter turns it into the platform's request when sending. */
export interface OutgoingUpdate {
  kind: OutgoingKind;
  /** the platform's order id (the inbox's external id); absent for 'pause' */
  externalId?: string;
  /** Yemeksepeti answers on the order's token, which the order payload carries */
  token?: string;
  prepMinutes?: number;
  reason?: RejectReason;
  note?: string;
  /** 'pause': for how many minutes */
  minutes?: number;
}

/** A platform's connection for one restaurant (the platform_connections row). */
export interface PlatformConnection {
  platform: DeliveryPlatform;
  webhookSecret: string;
  clientId: string;
  clientSecret: string;
  remoteCode: string;
  baseUrl: string;
  productMap: Record<string, string>;
}

/** One product line as the platform sent it; prices in kuruş, per unit, as the platform priced them. */
export interface PlatformLine {
  code: string;
  name: string;
  quantity: number;
  unitPriceKurus: number;
  options: { code: string; name: string; priceKurus: number }[];
  note: string | null;
}

/** The internal order every adapter maps its payload to. */
export interface PlatformOrder {
  externalId: string;
  isTest: boolean;
  type: OnlineOrderType;
  customer: { name: string; phone: string | null; address: string | null; lat: number | null; lng: number | null };
  lines: PlatformLine[];
  payment: { method: OnlinePaymentMethod; brand: string | null };
  /** the platform's own discount (sponsored by the platform), kept apart from the restaurant's */
  platformDiscountKurus: number;
  note: string | null;
  expectedAt: string | null;
  /** what the outgoing calls need later (Yemeksepeti's order token) */
  token?: string;
}

/** A platform withdrawing an order: which one, and the reason it gave (shown to the owner). */
export interface PlatformCancellation {
  externalId: string;
  reason: string | null;
}

/** The reason a platform gave for a cancellation, as free text. */
export const cancelReasonText = () => freeNote('İptal nedeni').optional();

export interface HttpCall {
  method: 'POST' | 'PUT';
  path: string;
  headers?: Record<string, string>;
  body: unknown;
}

type FetchLike = typeof fetch;

export interface PlatformAdapter {
  platform: DeliveryPlatform;
  /** true when the call proves it comes from the platform (its own mechanism) */
  authenticateWebhook(headers: IncomingHttpHeaders, connection: PlatformConnection): boolean;
  /** the documented order payload; a refusal is a 400 with the Turkish message */
  payload: z.ZodType;
  toOrder(payload: never): PlatformOrder;
  /** the platform's cancellation of an order (its own webhook format, same authentication) */
  cancellation: z.ZodType;
  toCancellation(payload: never): PlatformCancellation;
  /** the headers that authenticate our calls (may log in first) */
  authHeaders(connection: PlatformConnection, fetchImpl: FetchLike): Promise<Record<string, string>>;
  request(update: OutgoingUpdate, connection: PlatformConnection): HttpCall;
}

// ------------------------------------------------------------------ shared pieces of the payloads

/** An amount in TL as platforms send it (a number or a string such as "89.90") → kuruş, or a refusal. */
export const tlAmount = (label: string) =>
  z
    .union([z.number(), z.string().regex(/^-?\d{1,7}([.,]\d{1,2})?$/, `${label} geçerli bir tutar olmalı`)], { error: `${label} bir tutar olmalı` })
    .transform((v) => Math.round(Number(typeof v === 'string' ? v.replace(',', '.') : v) * 100))
    .refine((k) => Number.isFinite(k) && k >= 0 && k <= 100_000_000, `${label} geçerli bir tutar olmalı`);

export const platformOrderId = z
  .union([z.string(), z.number()], { error: 'Platformun sipariş numarası gerekli' })
  .transform(String)
  .pipe(
    z
      .string()
      .min(1, 'Platformun sipariş numarası boş olamaz')
      .max(64, 'Platformun sipariş numarası en fazla 64 karakter olabilir')
      .regex(/^[A-Za-z0-9._:-]+$/, 'Platformun sipariş numarası yalnızca harf, rakam ve . _ : - içerebilir'),
  );

export const personName = nameText('Müşteri adı', { min: 1, max: 80 });
export const productName = nameText('Ürün adı', { min: 1, max: 120 });
export const freeNote = (label: string) => multilineText(label, { max: 300 });
export const addressText = multilineText('Adres', { max: 300 });
export const productCode = z.union([z.string().min(1).max(64), z.number()], { error: 'Ürün kodu gerekli' }).transform(String);
export const latitude = z.coerce.number({ error: 'Enlem bir sayı olmalı' }).min(-90, 'Enlem -90 ile 90 arasında olmalı').max(90, 'Enlem -90 ile 90 arasında olmalı');
export const longitude = z.coerce.number({ error: 'Boylam bir sayı olmalı' }).min(-180, 'Boylam -180 ile 180 arasında olmalı').max(180, 'Boylam -180 ile 180 arasında olmalı');
export const lineQuantity = z.number({ error: 'Adet bir sayı olmalı' }).int('Adet tam sayı olmalı').min(1, 'Adet en az 1 olmalı').max(99, 'Adet en fazla 99 olabilir');

/** A meal card's brand as the platforms name it (sodexo, multinet, setcard, ticket, metropol, paye, tokenflex). */
export const MEAL_CARD_BRANDS: Record<string, string> = {
  sodexo: 'Pluxee',
  pluxee: 'Pluxee',
  multinet: 'Multinet',
  setcard: 'Setcard',
  ticket: 'Edenred',
  edenred: 'Edenred',
  metropol: 'Metropol',
  paye: 'Paye',
  tokenflex: 'Tokenflex',
};
export const mealCardBrand = (raw: string | undefined | null) => {
  const key = (raw ?? '').toLowerCase().replace(/[^a-z]/g, '');
  return Object.entries(MEAL_CARD_BRANDS).find(([k]) => key.includes(k))?.[1] ?? null;
};

/** Compares secrets in constant time. */
export function sameSecret(a: string | string[] | undefined, b: string) {
  if (typeof a !== 'string' || a.length === 0 || b.length === 0) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A platform's refusal of our login, with its HTTP status (logged on the outbox attempt). */
export class PlatformCallError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}
