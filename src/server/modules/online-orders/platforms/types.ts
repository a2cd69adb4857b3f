import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import type { OnlinePaymentMethod, OnlineOrderType, RejectReason } from '../../../../shared/online-orders-contract';
import { multilineText, nameText } from '../../../../shared/text';
import { DELIVERY_PLATFORMS, type DeliveryPlatform } from '../../../../shared/domain/channels';
import type { CallBudget } from '../platform-call-budget';

/**
 * One adapter per delivery platform (issue 24): intake (the platform's documented order payload →
 * the one internal order the inbox stores) and outgoing updates (accept with a preparation time,
 * reject with a reason, ready, picked up, delivered, pause), each with the platform's own
 * authentication. The formats are reconstructed from the public documentation summarised in
 * the platforms' published integration documents; none was checked against a live account.
 */

export const isPlatform = (v: string): v is DeliveryPlatform => (DELIVERY_PLATFORMS as readonly string[]).includes(v);

/** 'resume': the end of a Yoğunuz on a platform that does not reopen by itself (Trendyol's store status) */
export const OUTGOING_KINDS = ['accept', 'reject', 'ready', 'picked_up', 'delivered', 'pause', 'resume'] as const;
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
  /** 'accept' of an order the customer scheduled for later (Getir approves it with verify-scheduled) */
  scheduled?: boolean;
  /** the units of the order on the platform (Trendyol's packageItemIds, named when refusing the package) */
  itemIds?: string[];
  /** 'reject': the platform's own courier was to deliver (Trendyol offers some reasons only to restaurants with their own couriers) */
  platformCourier?: boolean;
}

/** A platform's connection for one restaurant (the platform_connections row). */
export interface PlatformConnection {
  platform: DeliveryPlatform;
  webhookSecret: string;
  clientId: string;
  clientSecret: string;
  remoteCode: string;
  /** Yemeksepeti: Delivery Hero's chain code */
  chainCode: string;
  /** Trendyol: the store (branch) id */
  storeId: string;
  /** Trendyol: the e-mail named as the person acting (x-executor-user) */
  executorUser: string;
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
  /**
   * The money as the customer pays it, as the platform states it (not recomputed from the lines:
   * the platform's own total is what it charges and settles). These travel with the order; the
   * inbox's table has no columns for them yet, so only the platform's discount is stored today.
   */
  /** the delivery (and packaging) fee the customer pays on top of the food */
  deliveryFeeKurus: number;
  /** the discount the restaurant funds (its own campaign); the food total stays the menu's */
  restaurantDiscountKurus: number;
  /** what the customer is charged: food + delivery fee − every discount */
  customerPaysKurus: number;
  /** what the courier must take at the door: 0 when the customer paid online */
  collectAtDoorKurus: number;
  /** the platform's own courier delivers (and collects at the door): no cash for Sofra's couriers */
  platformCourier: boolean;
  note: string | null;
  expectedAt: string | null;
  /** the customer asked for the order at `expectedAt` (a pre-order), not as soon as possible */
  isScheduled: boolean;
  /** what the outgoing calls need later (Yemeksepeti's order token) */
  token?: string;
  /** the order's units as the platform numbers them (Trendyol's packageItemIds, for unsupplied) */
  itemIds?: string[];
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

/** A GET an adapter needs answered before it can write its call (Delivery Hero's availability, Getir's cancel options). */
export interface PlatformRead {
  path: string;
  headers?: Record<string, string>;
  /** how long its answer may be reused (ms); absent = ask every time */
  cacheMs?: number;
}

/** Answers a read: the JSON body, or null when the platform answered without one (Delivery Hero's 204). */
export type PlatformReader = (read: PlatformRead) => Promise<unknown>;

/** What the platform told Sofra beforehand that helps read an order (Getir's payment methods). */
export interface PlatformLookups {
  /** the platform's payment methods: id → its Turkish name */
  paymentMethods?: ReadonlyMap<string, string>;
}

/**
 * Thrown by an adapter when, having read the platform's state, there is nothing to send (Delivery
 * Hero has no open platform left to close): the update counts as sent, with this as its note.
 */
export class NoCallNeeded extends Error {}

type FetchLike = typeof fetch;

export interface PlatformAdapter {
  platform: DeliveryPlatform;
  /** true when the call proves it comes from the platform (its own mechanism) */
  authenticateWebhook(headers: IncomingHttpHeaders, connection: PlatformConnection): boolean;
  /** the documented order payload; a refusal is a 400 with the Turkish message */
  payload: z.ZodType;
  toOrder(payload: never, lookups?: PlatformLookups): PlatformOrder;
  /** the platform's cancellation of an order (its own webhook format, same authentication) */
  cancellation: z.ZodType;
  /** `externalId`: the order named by the call's URL (Yemeksepeti names it only there) */
  toCancellation(payload: never, externalId?: string): PlatformCancellation;
  /** the headers that authenticate our calls (may log in first) */
  authHeaders(connection: PlatformConnection, fetchImpl: FetchLike): Promise<Record<string, string>>;
  /** how those headers look, for the simulator's record of a call (never a secret) */
  authShown: Record<string, string>;
  /**
   * The platform's calls for the update, in order, after the reads it needs; [] where the platform
   * has no such call (counted as sent).
   */
  request(update: OutgoingUpdate, connection: PlatformConnection, read: PlatformReader): Promise<HttpCall[]>;
  /** the platform's published rate limits, first match wins (platform-call-budget.ts) */
  callBudgets?: readonly CallBudget[];
  /**
   * Steps of one order the platform wants apart: `kind` is sent no sooner than `ms` after the last
   * of `after` was sent (the outbox waits for it; never a failure).
   */
  stepGaps?: Partial<Record<OutgoingKind, { after: readonly OutgoingKind[]; ms: number }>>;
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
/**
 * A part of a platform's body that may be missing, null or empty and is shown to people (a name
 * part, an address part): the same character checks as every text Sofra keeps.
 */
export const optionalName = (label: string, max: number) => nameText(label, { max }).nullish();
export const optionalText = (label: string, max: number) => multilineText(label, { max }).nullish();
export const productName = nameText('Ürün adı', { min: 1, max: 120 });
export const freeNote = (label: string) => multilineText(label, { max: 300 });
export const addressText = multilineText('Adres', { max: 300 });
export const productCode = z.union([z.string().min(1).max(64), z.number()], { error: 'Ürün kodu gerekli' }).transform(String);
export const latitude = z.coerce.number({ error: 'Enlem bir sayı olmalı' }).min(-90, 'Enlem -90 ile 90 arasında olmalı').max(90, 'Enlem -90 ile 90 arasında olmalı');
export const longitude = z.coerce.number({ error: 'Boylam bir sayı olmalı' }).min(-180, 'Boylam -180 ile 180 arasında olmalı').max(180, 'Boylam -180 ile 180 arasında olmalı');
export const lineQuantity = z.number({ error: 'Adet bir sayı olmalı' }).int('Adet tam sayı olmalı').min(1, 'Adet en az 1 olmalı').max(99, 'Adet en fazla 99 olabilir');
/** A quantity as a number or as a string of digits ("2": Delivery Hero sends quantities as strings). */
export const textQuantity = z
  .union([z.number(), z.string().regex(/^\s*\d{1,3}\s*$/, 'Adet bir tam sayı olmalı')], { error: 'Adet bir sayı olmalı' })
  .transform(Number)
  .pipe(lineQuantity);

/**
 * An amount that may also be empty: Delivery Hero's topping price and several price fields
 * default to "" (or null) when there is nothing to charge; empty is 0, anything else must be a tutar.
 */
export const optionalAmount = (label: string) =>
  z
    .union([z.literal(''), z.null(), tlAmount(label)])
    .optional()
    .transform((v) => (typeof v === 'number' ? v : 0));

/** A coordinate as a number or a numeric string; anything else (Trendyol's "TGO Yemek" placeholder) is no coordinate. */
export const looseCoordinate = (min: number, max: number) =>
  z
    .unknown()
    .optional()
    .transform((v) => {
      const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : NaN;
      return Number.isFinite(n) && n >= min && n <= max ? n : null;
    });

/**
 * A phone number in E.164, or null: "+49 99999999" → +4999999999, "0212 365 34 03" → +902123653403,
 * "5321234567" → +905321234567. Masked numbers (Getir's "*" digits) and anything else are no number.
 */
export function e164(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const text = raw.trim();
  if (/[*xX]/.test(text)) return null;
  const digits = text.replace(/[\s().-]/g, '');
  if (/^\+\d{8,15}$/.test(digits)) return digits;
  if (/^00\d{8,15}$/.test(digits)) return `+${digits.slice(2)}`;
  if (/^0\d{10}$/.test(digits)) return `+90${digits.slice(1)}`;
  if (/^90\d{10}$/.test(digits)) return `+${digits}`;
  if (/^[2-5]\d{9}$/.test(digits)) return `+90${digits}`;
  return null;
}

/** The parts of an address that are there, as one line ("Moda Cad. 5, Kat 3, Daire 7, Kadıköy"). */
export const addressLine = (parts: (string | null | undefined | false)[]) => {
  const line = parts
    .map((p) => (typeof p === 'string' ? p.trim() : ''))
    .filter((p) => p.length > 0)
    .join(', ');
  return line.length ? line.slice(0, 300) : null;
};

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

/** A body the platform sent that Sofra cannot take, with the Turkish reason (a 400; the inspect command's stderr). */
export class PlatformBodyError extends Error {}
