import { z } from 'zod';
import { turkishPhone } from './phone';
import { CUSTOMER_MESSAGES, TICKET_LIMITS, lineNote } from './ticket-contract';
import { multilineText, nameText } from './text';
import { DELIVERY_PLATFORMS, ONLINE_ORDER_SOURCES } from './domain/channels';
import { isoDateTime } from './dates';

/**
 * Online Sipariş Takibi (issue 24): the inbox of orders that do not start at a table, and the
 * restaurant's own signed channel. Money is integer kuruş. Literals are written once here.
 */

export const ONLINE_ORDER_STATUSES = ['new', 'accepted', 'preparing', 'ready', 'on_the_way', 'delivered', 'rejected', 'cancelled'] as const;
export type OnlineOrderStatus = (typeof ONLINE_ORDER_STATUSES)[number];
export const ONLINE_ORDER_STATUS_LABELS: Record<OnlineOrderStatus, string> = {
  new: 'Yeni',
  accepted: 'Onaylandı',
  preparing: 'Hazırlanıyor',
  ready: 'Hazır',
  on_the_way: 'Yolda',
  delivered: 'Teslim Edildi',
  rejected: 'Reddedildi',
  cancelled: 'İptal',
};

export const ONLINE_ORDER_TYPES = ['delivery', 'takeaway'] as const;
export type OnlineOrderType = (typeof ONLINE_ORDER_TYPES)[number];
export const ONLINE_ORDER_TYPE_LABELS: Record<OnlineOrderType, string> = { delivery: 'Paket Servis', takeaway: 'Gel-Al' };

export const ONLINE_PAYMENT_METHODS = ['online', 'cash', 'card', 'meal_card'] as const;
export type OnlinePaymentMethod = (typeof ONLINE_PAYMENT_METHODS)[number];
export const ONLINE_PAYMENT_LABELS: Record<OnlinePaymentMethod, string> = {
  online: 'Online ödendi',
  cash: 'Kapıda nakit',
  card: 'Kapıda kredi kartı',
  meal_card: 'Kapıda yemek kartı',
};

export const REJECT_REASONS = ['dish_unavailable', 'too_busy', 'closed', 'out_of_area', 'other'] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];
export const REJECT_REASON_LABELS: Record<RejectReason, string> = {
  dish_unavailable: 'Ürün yok',
  too_busy: 'Çok yoğunuz',
  closed: 'Kapalıyız',
  out_of_area: 'Adres hizmet alanı dışında',
  other: 'Diğer',
};

export const ONLINE_ORDER_LIMITS = {
  externalId: 64,
  items: 50,
  note: 300,
  brand: 40,
  rejectNote: 200,
  prepMinutesMin: 5,
  prepMinutesMax: 120,
  /** a signed order larger than this is refused (413) before anything is read */
  bodyBytes: 64 * 1024,
  /** how far the sender's clock may be from ours (seconds) */
  clockSkewSeconds: 5 * 60,
} as const;

/** Preparation times the inbox offers as one tap (minutes). */
export const PREP_MINUTE_CHOICES = [10, 15, 20, 30, 45, 60] as const;

/** The channel of the restaurant's own website or app; its secret signs every request. */
export const SOFRA_CHANNEL = 'sofra';
export const SOFRA_SIGNATURE_HEADER = 'x-sofra-signature';
export const SOFRA_TIMESTAMP_HEADER = 'x-sofra-timestamp';

// ------------------------------------------------------------------ requests

const quantity = z
  .number({ error: 'Adet bir sayı olmalı' })
  .int('Adet tam sayı olmalı')
  .min(1, 'Adet en az 1 olmalı')
  .max(TICKET_LIMITS.quantity, `Adet en fazla ${TICKET_LIMITS.quantity} olabilir`);

const coordinate = (label: string, max: number) =>
  z
    .number({ error: `${label} bir sayı olmalı` })
    .min(-max, `${label} -${max} ile ${max} arasında olmalı`)
    .max(max, `${label} -${max} ile ${max} arasında olmalı`);

export const onlineOrderItemRequest = z.object({
  /** a dish of this restaurant's Sofra menu */
  menuItemId: z.string({ error: 'Ürün kimliği (menuItemId) gerekli' }).max(64, 'Ürün kimliği çok uzun'),
  quantity,
  optionIds: z.array(z.string().max(64, 'Seçenek kimliği çok uzun')).max(50, 'Bir üründe en fazla 50 seçenek olabilir').optional(),
  note: lineNote.optional(),
});

const customerRequest = z.object({
  name: nameText('Müşteri adı', { min: 1, max: TICKET_LIMITS.customerName }),
  phone: turkishPhone('Müşteri telefonu gerekli'),
  address: multilineText('Adres', { max: TICKET_LIMITS.customerAddress }).optional(),
  lat: coordinate('Enlem', 90).optional(),
  lng: coordinate('Boylam', 180).optional(),
});

const paymentRequest = z.object({
  method: z.enum(ONLINE_PAYMENT_METHODS, { error: "Ödeme yöntemi 'online', 'cash', 'card' ya da 'meal_card' olmalı" }),
  /** a meal card's brand (Multinet, Pluxee, ...) */
  brand: nameText('Kart markası', { max: ONLINE_ORDER_LIMITS.brand }).optional(),
});

/** What the restaurant's own channel sends (POST /api/integrations/sofra/:restaurantId/orders). */
export const sofraOrderRequest = z
  .object({
    externalId: z
      .string({ error: 'Sipariş numarası (externalId) gerekli' })
      .min(1, 'Sipariş numarası (externalId) boş olamaz')
      .max(ONLINE_ORDER_LIMITS.externalId, `Sipariş numarası en fazla ${ONLINE_ORDER_LIMITS.externalId} karakter olabilir`)
      .regex(/^[A-Za-z0-9._:-]+$/, 'Sipariş numarası yalnızca harf, rakam ve . _ : - içerebilir'),
    type: z.enum(ONLINE_ORDER_TYPES, { error: "Sipariş türü 'delivery' (Paket Servis) ya da 'takeaway' (Gel-Al) olmalı" }),
    customer: customerRequest,
    items: z
      .array(onlineOrderItemRequest, { error: 'Ürünler (items) bir liste olmalı' })
      .min(1, 'Siparişte en az bir ürün olmalı')
      .max(ONLINE_ORDER_LIMITS.items, `Bir siparişte en fazla ${ONLINE_ORDER_LIMITS.items} satır olabilir`),
    payment: paymentRequest,
    note: multilineText('Sipariş notu', { max: ONLINE_ORDER_LIMITS.note }).optional(),
    /** when the customer expects it (ISO 8601 with a time zone); absent = as soon as possible */
    expectedAt: isoDateTime('Beklenen zaman (expectedAt) saat dilimli bir ISO 8601 tarih olmalı').optional(),
  })
  .superRefine((order, ctx) => {
    if (order.type === 'delivery' && !order.customer.address) {
      ctx.addIssue({ code: 'custom', path: ['customer', 'address'], message: CUSTOMER_MESSAGES.deliveryAddress });
    }
  });
export type SofraOrderRequest = z.infer<typeof sofraOrderRequest>;

/**
 * A phone order typed in by staff (source 'phone'): the same order as the channel's, without an
 * external number (the server numbers it T-1, T-2, ...) and with the preparation time, because the
 * person who took the call has already said yes: it goes to the kitchen at once.
 */
export const phoneOrderRequest = z
  .object({
    type: z.enum(ONLINE_ORDER_TYPES, { error: "Sipariş türü 'delivery' (Paket Servis) ya da 'takeaway' (Gel-Al) olmalı" }),
    customer: customerRequest,
    items: z
      .array(onlineOrderItemRequest, { error: 'Ürünler bir liste olmalı' })
      .min(1, 'Siparişte en az bir ürün olmalı')
      .max(ONLINE_ORDER_LIMITS.items, `Bir siparişte en fazla ${ONLINE_ORDER_LIMITS.items} satır olabilir`),
    payment: paymentRequest,
    note: multilineText('Sipariş notu', { max: ONLINE_ORDER_LIMITS.note }).optional(),
    prepMinutes: z
      .number({ error: 'Hazırlama süresi (dakika) bir sayı olmalı' })
      .int('Hazırlama süresi tam dakika olmalı')
      .min(ONLINE_ORDER_LIMITS.prepMinutesMin, `Hazırlama süresi en az ${ONLINE_ORDER_LIMITS.prepMinutesMin} dakika olmalı`)
      .max(ONLINE_ORDER_LIMITS.prepMinutesMax, `Hazırlama süresi en fazla ${ONLINE_ORDER_LIMITS.prepMinutesMax} dakika olabilir`),
  })
  .superRefine((order, ctx) => {
    if (order.type === 'delivery' && !order.customer.address) {
      ctx.addIssue({ code: 'custom', path: ['customer', 'address'], message: CUSTOMER_MESSAGES.deliveryAddress });
    }
  });
export type PhoneOrderRequest = z.infer<typeof phoneOrderRequest>;

/** The customer lookup of the phone-order form: a Turkish number in any form people type it. */
export const customerLookupQuery = z.object({ phone: turkishPhone('Telefon numarası gerekli') });

export const onlineOrdersQuery = z.object({
  status: z.enum(ONLINE_ORDER_STATUSES, { error: 'Geçersiz sipariş durumu' }).optional(),
});

export const acceptOnlineOrderRequest = z.object({
  prepMinutes: z
    .number({ error: 'Hazırlama süresi (dakika) bir sayı olmalı' })
    .int('Hazırlama süresi tam dakika olmalı')
    .min(ONLINE_ORDER_LIMITS.prepMinutesMin, `Hazırlama süresi en az ${ONLINE_ORDER_LIMITS.prepMinutesMin} dakika olmalı`)
    .max(ONLINE_ORDER_LIMITS.prepMinutesMax, `Hazırlama süresi en fazla ${ONLINE_ORDER_LIMITS.prepMinutesMax} dakika olabilir`),
});
export type AcceptOnlineOrderRequest = z.infer<typeof acceptOnlineOrderRequest>;

export const rejectOnlineOrderRequest = z
  .object({
    reason: z.enum(REJECT_REASONS, { error: 'Bir ret nedeni seçin' }),
    note: multilineText('Açıklama', { max: ONLINE_ORDER_LIMITS.rejectNote }).optional(),
  })
  .refine((r) => r.reason !== 'other' || Boolean(r.note), { path: ['note'], message: "'Diğer' nedeni için bir açıklama yazın" });
export type RejectOnlineOrderRequest = z.infer<typeof rejectOnlineOrderRequest>;

// ------------------------------------------------------------------ answers

/**
 * What the kitchen screen may know of the inbox (GET …/online-orders/waiting): how many orders wait
 * for the owner's answer and since when (ISO; null when none wait). Never the orders themselves.
 */
export const onlineOrdersWaitingInfo = z.object({ count: z.number().int().min(0), oldestAt: z.string().nullable() });
export type OnlineOrdersWaitingInfo = z.infer<typeof onlineOrdersWaitingInfo>;

export const sofraOrderResult = z.object({ orderId: z.string(), status: z.enum(ONLINE_ORDER_STATUSES) });
export type SofraOrderResult = z.infer<typeof sofraOrderResult>;

/**
 * The menu an integrator orders from (GET /api/integrations/sofra/:restaurantId/menu): each dish's
 * id and price, and its option groups with their rules and the option ids an order names in
 * `optionIds`. Prices in kuruş, VAT included.
 */
export const sofraMenuResponse = z.object({
  categories: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      items: z.array(
        z.object({
          id: z.string().meta({ description: 'Siparişte items[].menuItemId' }),
          name: z.string(),
          description: z.string().nullable(),
          priceKurus: z.number().int(),
          isAvailable: z.boolean().meta({ description: 'false: tükendi; siparişte reddedilir' }),
          optionGroups: z.array(
            z.object({
              id: z.string(),
              name: z.string(),
              isRequired: z.boolean(),
              isMultiple: z.boolean(),
              minChoices: z.number().int(),
              maxChoices: z.number().int(),
              options: z.array(z.object({ id: z.string().meta({ description: 'Siparişte items[].optionIds' }), name: z.string(), priceKurus: z.number().int() })),
            }),
          ),
        }),
      ),
    }),
  ),
});
export type SofraMenuResponse = z.infer<typeof sofraMenuResponse>;

export const onlineOrderOptionInfo = z.object({ optionId: z.string(), groupName: z.string(), name: z.string(), price: z.number().int() });

export const onlineOrderItemInfo = z.object({
  menuItemId: z.string().nullable(),
  name: z.string(),
  quantity: z.number().int(),
  /** per unit, with the options' add-ons */
  unitPrice: z.number().int(),
  options: z.array(onlineOrderOptionInfo),
  note: z.string().nullable(),
  total: z.number().int(),
  /** a platform's product code (null for the Sofra channel and phone orders) */
  platformCode: z.string().nullable(),
  /** a platform's product with no Sofra dish yet: the order waits until it is mapped */
  unmapped: z.boolean(),
});

export const OUTBOX_STATUSES = ['pending', 'sent', 'failing', 'dead'] as const;

/**
 * One HTTP request as a platform would receive it, written down by the demo's simulated platforms
 * (nothing is sent): the platform's documented method, path, headers (the login's shown as what it
 * is, never a secret) and JSON body; a read (GET) has no body.
 */
export const platformCallInfo = z.object({
  method: z.string(),
  path: z.string(),
  headers: z.record(z.string(), z.string()),
  body: z.unknown().optional(),
});
export type PlatformCallInfo = z.infer<typeof platformCallInfo>;

const attemptInfo = z.object({
  at: z.string(),
  ok: z.boolean(),
  status: z.number().int().nullable(),
  error: z.string().nullable(),
  note: z.string().optional(),
  calls: z.array(platformCallInfo).optional(),
});

/** One call to a platform (accept, reject, ...) and how its sending goes: the owner sees a platform that stays down. */
export const platformDeliveryInfo = z.object({
  kind: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  log: z.array(attemptInfo),
});
export type PlatformDeliveryInfo = z.infer<typeof platformDeliveryInfo>;

export const onlineOrderInfo = z.object({
  id: z.string(),
  source: z.enum(ONLINE_ORDER_SOURCES),
  externalId: z.string(),
  status: z.enum(ONLINE_ORDER_STATUSES),
  type: z.enum(ONLINE_ORDER_TYPES),
  customer: z.object({
    name: z.string(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    lat: z.number().nullable(),
    lng: z.number().nullable(),
  }),
  items: z.array(onlineOrderItemInfo),
  payment: z.object({ method: z.enum(ONLINE_PAYMENT_METHODS), brand: z.string().nullable() }),
  subtotal: z.number().int(),
  /** the platform's own discount (not the restaurant's) */
  platformDiscount: z.number().int(),
  /** the discount the restaurant funds (its own campaign): the ticket's İndirim */
  restaurantDiscount: z.number().int(),
  /** the food after both discounts */
  total: z.number().int(),
  /** the delivery fee the customer pays on top */
  deliveryFee: z.number().int(),
  /** what the customer is charged: total + delivery fee */
  customerPays: z.number().int(),
  /** what is taken at the door (0: paid online) */
  collectAtDoor: z.number().int(),
  /** the platform's own courier delivers and collects */
  platformCourier: z.boolean(),
  note: z.string().nullable(),
  /** when the customer expects it (every platform delivery names a time) */
  expectedAt: z.string().nullable(),
  /** ordered for later (Yemeksepeti's preOrder, Getir's status 325): it waits to reach the kitchen */
  isScheduled: z.boolean(),
  prepMinutes: z.number().int().nullable(),
  rejectReason: z.enum(REJECT_REASONS).nullable(),
  rejectNote: z.string().nullable(),
  ticketId: z.string().nullable(),
  ticketNumber: z.number().int().nullable(),
  receivedAt: z.string(),
  answeredAt: z.string().nullable(),
  version: z.number().int(),
  /** a platform's test order: never reaches the kitchen */
  isTest: z.boolean(),
  /** the calls to the platform about this order, oldest first */
  deliveries: z.array(platformDeliveryInfo),
});
export type OnlineOrderInfo = z.infer<typeof onlineOrderInfo>;

/** ticketId null: a platform's test order (accepted, nothing sent to the kitchen) */
export const acceptOnlineOrderResult = z.object({ orderId: z.string(), status: z.enum(ONLINE_ORDER_STATUSES), ticketId: z.string().nullable() });
export type AcceptOnlineOrderResult = z.infer<typeof acceptOnlineOrderResult>;

/** What earlier orders tell of a phone number: the names and addresses used, newest first. */
export const customerHistoryInfo = z.object({
  phone: z.string(),
  names: z.array(z.string()),
  addresses: z.array(z.object({ address: z.string(), lat: z.number().nullable(), lng: z.number().nullable(), lastUsedAt: z.string() })),
  lastOrders: z.array(z.object({ id: z.string(), source: z.enum(ONLINE_ORDER_SOURCES), externalId: z.string(), receivedAt: z.string(), total: z.number().int(), summary: z.string() })),
});
export type CustomerHistoryInfo = z.infer<typeof customerHistoryInfo>;

export const integrationSecretInfo = z.object({
  /** null until the owner creates one: the channel refuses every order until then */
  secret: z.string().nullable(),
  rotatedAt: z.string().nullable(),
});
export type IntegrationSecretInfo = z.infer<typeof integrationSecretInfo>;

export const rotatedSecretResult = z.object({ secret: z.string() });

// ------------------------------------------------------------------ delivery platforms' connections


/** Keys, codes and addresses: printable ASCII only (never text for people, never a bidi control). */
const asciiToken = (label: string, max: number) =>
  z
    .string({ error: `${label} gerekli` })
    .max(max, `${label} en fazla ${max} karakter olabilir`)
    .regex(/^[\x21-\x7e]*$/, `${label} yalnızca boşluksuz Latin harf, rakam ve işaretlerden oluşabilir`);

export const PLATFORM_CONNECTION_MESSAGES = {
  /** the first save of a connection without its webhook secret (later, empty keeps the stored one) */
  webhookSecretNeeded: 'Webhook anahtarı gerekli: platformun size verdiği anahtarı yazın',
} as const;

/** A platform's product code as it appears in the product map and in the map-on-the-spot path. */
export const platformProductCode = asciiToken('Platform ürün kodu', 64).min(1, 'Platform ürün kodu gerekli');

/** Auto-accept's preparation time (minutes) within the limits of Onayla's. */
export const autoAcceptMinutes = z
  .number({ error: 'Otomatik onay için hazırlama süresi (dakika) bir sayı olmalı' })
  .int('Hazırlama süresi tam dakika olmalı')
  .min(ONLINE_ORDER_LIMITS.prepMinutesMin, `Hazırlama süresi en az ${ONLINE_ORDER_LIMITS.prepMinutesMin} dakika olmalı`)
  .max(ONLINE_ORDER_LIMITS.prepMinutesMax, `Hazırlama süresi en fazla ${ONLINE_ORDER_LIMITS.prepMinutesMax} dakika olabilir`);

export const PLATFORM_BASE_URL_MESSAGE = 'Platform adresi http:// ya da https:// ile başlamalı';

/**
 * Ayarlar → a platform's connection (PUT .../integrations/platforms/:platform), owner only. The two
 * secrets are write-only: they are never read back, and an empty one keeps what is stored (the
 * first save of a connection must carry the webhook secret; the server says so on the field).
 */
export const platformConnectionRequest = z.object({
  enabled: z.boolean({ error: 'Açık/kapalı (enabled) gerekli' }),
  /** what the platform proves itself with on its webhooks (Yemeksepeti JWT secret, Getir x-api-key, Trendyol Basic secret); '' = keep */
  webhookSecret: asciiToken('Webhook anahtarı', 200)
    .refine((s) => s === '' || s.length >= 8, 'Webhook anahtarı en az 8 karakter olmalı')
    .default(''),
  clientId: asciiToken('İstemci kimliği', 200).default(''),
  /** '' = keep the stored one */
  clientSecret: asciiToken('İstemci anahtarı', 200).default(''),
  /** the restaurant's own code on the platform (Yemeksepeti's POS vendor id = remoteId / Getir's restaurant / Trendyol's supplier id) */
  remoteCode: asciiToken('Platformdaki restoran kodu', 64).default(''),
  /** Yemeksepeti: Delivery Hero's chain code (Yoğunuz names the vendor by chain code and POS vendor id) */
  chainCode: asciiToken('Zincir kodu', 64).default(''),
  /** Trendyol: the store (branch) id under the supplier, which Yoğunuz closes and opens */
  storeId: asciiToken('Şube kimliği', 64).default(''),
  /** Trendyol: the e-mail its calls name as the person acting (x-executor-user) */
  executorUser: asciiToken('İşlemi yapan e-posta', 120)
    .regex(/^$|^[^@]+@[^@]+\.[^@]+$/, 'İşlemi yapan e-posta geçerli bir e-posta adresi olmalı')
    .default(''),
  // 'simulator:<platform>' only stays what the demo seed wrote (platform-settings.ts refuses it otherwise)
  baseUrl: asciiToken('Platform adresi', 300).regex(/^(https?:\/\/[^\s/]+|simulator:[a-z]+$)/, PLATFORM_BASE_URL_MESSAGE),
  /** platform product code → Sofra dish id */
  productMap: z
    .record(platformProductCode, asciiToken('Sofra ürün kimliği', 64).min(1, 'Bir Sofra ürünü seçin'))
    .refine((m) => Object.keys(m).length <= 2000, 'En fazla 2000 ürün eşleştirilebilir')
    .default({}),
  /** auto-accept a fully mapped order with this preparation time; null = off (the owner answers) */
  autoAcceptMinutes: autoAcceptMinutes.nullable().default(null),
});
export type PlatformConnectionRequest = z.infer<typeof platformConnectionRequest>;
/** What a form fills in before the defaults apply (the client builds this). */
export type PlatformConnectionInput = z.input<typeof platformConnectionRequest>;

/** The last Yoğunuz sent to a platform and how its sending goes (the outbox's row). */
export const platformPauseInfo = z.object({
  minutes: z.number().int(),
  requestedAt: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  lastError: z.string().nullable(),
  /** a simulated platform's calls for it, as they would have gone out */
  calls: z.array(platformCallInfo).optional(),
});
export type PlatformPauseInfo = z.infer<typeof platformPauseInfo>;

/** A connection as the owner reads it: the secrets never leave the server, only whether they are set. */
export const platformConnectionInfo = z.object({
  platform: z.enum(DELIVERY_PLATFORMS),
  enabled: z.boolean(),
  clientId: z.string(),
  remoteCode: z.string(),
  chainCode: z.string(),
  storeId: z.string(),
  executorUser: z.string(),
  baseUrl: z.string(),
  productMap: z.record(z.string(), z.string()),
  hasWebhookSecret: z.boolean(),
  hasClientSecret: z.boolean(),
  autoAcceptMinutes: z.number().int().nullable(),
  /** the last Yoğunuz, or null when none was ever sent */
  lastPause: platformPauseInfo.nullable(),
  updatedAt: z.string(),
});
export type PlatformConnectionInfo = z.infer<typeof platformConnectionInfo>;

/** Eşleştir: a platform's product code → one of this restaurant's dishes (PUT .../products/:code), owner only. */
export const mapPlatformProductRequest = z.object({
  menuItemId: z.string({ error: 'Bir Sofra ürünü seçin' }).min(1, 'Bir Sofra ürünü seçin').max(64, 'Ürün kimliği çok uzun'),
});
export type MapPlatformProductRequest = z.infer<typeof mapPlatformProductRequest>;

/** The map saved, and the waiting orders whose lines of that code now have the dish. */
export const mapPlatformProductResult = z.object({
  platform: z.enum(DELIVERY_PLATFORMS),
  code: z.string(),
  menuItemId: z.string(),
  remappedOrderIds: z.array(z.string()),
});
export type MapPlatformProductResult = z.infer<typeof mapPlatformProductResult>;

/** The Yoğunuz durations the inbox offers as one tap (minutes). */
export const PAUSE_MINUTE_CHOICES = [15, 30, 45, 60] as const;

/** Yoğunuz: stop receiving a platform's orders for N minutes (sent to the platform through the outbox). */
export const pausePlatformRequest = z.object({
  minutes: z.number({ error: 'Süre (dakika) bir sayı olmalı' }).int('Süre tam dakika olmalı').min(5, 'Süre en az 5 dakika olmalı').max(240, 'Süre en fazla 240 dakika olabilir'),
});
export type PausePlatformRequest = z.infer<typeof pausePlatformRequest>;

// ------------------------------------------------------------------ Deneme Siparişleri (demo data only)

/** What the simulator can send an order as: each delivery platform, and the restaurant's own channel. */
export const SIMULATED_SOURCES = [...DELIVERY_PLATFORMS, SOFRA_CHANNEL] as const;
export type SimulatedSource = (typeof SIMULATED_SOURCES)[number];

/** POST .../online-orders/simulate: a realistic sample order through the real intake (owner, demo restaurant only). */
export const simulateOnlineOrderRequest = z.object({
  platform: z.enum(SIMULATED_SOURCES, { error: "Kaynak 'yemeksepeti', 'getir', 'trendyol' ya da 'sofra' olmalı" }),
  /** how the sample is paid; absent = a realistic mix (tests ask for a pay-at-the-door order) */
  payment: z.enum(ONLINE_PAYMENT_METHODS, { error: "Ödeme yöntemi 'online', 'cash', 'card' ya da 'meal_card' olmalı" }).optional(),
});
export type SimulateOnlineOrderRequest = z.infer<typeof simulateOnlineOrderRequest>;

export const simulatedOnlineOrderResult = z.object({ orderId: z.string(), source: z.enum(SIMULATED_SOURCES), externalId: z.string() });
export type SimulatedOnlineOrderResult = z.infer<typeof simulatedOnlineOrderResult>;

/** GET .../online-orders/simulate: whether this restaurant has demo data, and which sources can send now. */
export const onlineOrderSimulatorInfo = z.object({ available: z.boolean(), sources: z.array(z.enum(SIMULATED_SOURCES)) });
export type OnlineOrderSimulatorInfo = z.infer<typeof onlineOrderSimulatorInfo>;
