import { randomBytes } from 'node:crypto';
import type { SimulatedSource } from '../../../shared/online-orders-contract';
import type { PlatformConnection } from './platforms/types';
import { basicHeader } from './platforms/trendyol';
import { signHs512 } from './platforms/yemeksepeti';
import { lineNote, pick, tl, type Rand, type SampleOrder } from './platform-simulator-sample';
import { platformOptionCode } from './simulated-platform';
import { signSofraBody } from './sofra-signature';

/**
 * A sample order written as each sender writes it — the same documented shapes as the recorded
 * payloads (platforms/fixtures.ts) — and the headers that sender proves itself with: Yemeksepeti's
 * HS512 JWT, Getir's x-api-key, Trendyol's HTTP Basic, the Sofra channel's HMAC signature.
 */

export interface SimulatedCall {
  externalId: string;
  body: string;
  headers: Record<string, string>;
}

const JSON_HEADERS = { 'content-type': 'application/json' };
/** the demo's Yemeksepeti delivery fee: the restaurant's own courier carries its orders */
export const YS_DELIVERY_FEE = 1490;
const phone90 = (s: SampleOrder) => `+90${s.mobile}`;
const street = (s: SampleOrder) => `${s.address.neighbourhood} ${s.address.street}`;

function yemeksepeti(s: SampleOrder, c: PlatformConnection, rand: Rand): SimulatedCall {
  const code = `YS-${1000 + Math.floor(rand() * 9000)}-${1000 + Math.floor(rand() * 9000)}`;
  const total = s.subtotalKurus - s.discountKurus;
  const paidOnline = s.payment.method === 'online';
  const type = paidOnline ? 'CreditCard' : s.payment.method === 'cash' ? 'Cash' : s.payment.method === 'card' ? 'CreditCardOnDelivery' : (s.payment.brand ?? 'Multinet');
  const now = Date.now();
  const order = {
    token: `ys-tok-${randomBytes(6).toString('hex')}`,
    code,
    shortCode: code.slice(-4),
    expeditionType: 'delivery',
    test: false,
    preOrder: false,
    expiryDate: new Date(now + 10 * 60_000).toISOString(),
    customer: { firstName: s.firstName, lastName: s.lastName, mobilePhone: phone90(s) },
    delivery: {
      expectedDeliveryTime: new Date(now + (35 + Math.floor(rand() * 15)) * 60_000).toISOString(),
      // the restaurant's own courier delivers: Delivery Hero sends no rider pickup time
      riderPickupTime: null,
      address: {
        street: street(s),
        number: s.address.number,
        building: s.address.apt,
        floor: s.address.floor,
        flatNumber: s.address.door,
        district: s.address.district,
        city: 'İstanbul',
        ...(s.address.instructions ? { deliveryInstructions: s.address.instructions } : {}),
        latitude: s.address.lat,
        longitude: s.address.lng,
      },
    },
    ...(s.note ? { comments: { customerComment: s.note } } : {}),
    payment: { status: paidOnline ? 'paid' : 'pending', type },
    // the restaurant's own courier delivers, for the fee the restaurant set on Yemeksepeti
    price: { grandTotal: tl(total + YS_DELIVERY_FEE), deliveryFee: tl(YS_DELIVERY_FEE), payRestaurant: tl(total + YS_DELIVERY_FEE), collectFromCustomer: paidOnline ? '0.00' : tl(total + YS_DELIVERY_FEE) },
    // as Delivery Hero sends them: quantities and prices are strings, a free topping's price is ""
    products: s.lines.map((l) => ({
      remoteCode: l.dish.code,
      name: l.dish.name,
      quantity: String(l.quantity),
      unitPrice: tl(l.dish.priceKurus),
      ...(lineNote(l) ? { comment: lineNote(l) } : {}),
      selectedToppings: l.options.map((o) => ({
        type: o.isVariant ? 'VARIANT' : 'EXTRA',
        remoteCode: platformOptionCode('yemeksepeti', o.name, o.id),
        name: o.name,
        price: o.priceKurus ? tl(o.priceKurus) : '',
        quantity: 1,
        children: [],
      })),
    })),
    discounts: s.discountKurus > 0 ? [{ name: 'Yemeksepeti kampanyası', amount: tl(s.discountKurus), sponsorships: [{ sponsor: 'PLATFORM', amount: tl(s.discountKurus) }] }] : [],
  };
  const claims = { service: 'middleware', iat: Math.floor(now / 1000), exp: Math.floor(now / 1000) + 300 };
  return { externalId: code, body: JSON.stringify(order), headers: { ...JSON_HEADERS, authorization: `Bearer ${signHs512(claims, c.webhookSecret)}` } };
}

/**
 * Getir's payment ids as one integrator published them (platforms/getir.ts); a card at the door
 * and the meal cards without a published id go by an id outside that list, named by their text.
 */
const GETIR_MEAL_CARD_IDS: Record<string, number> = { Multinet: 5, Pluxee: 6, Edenred: 8 };
const GETIR_UNLISTED_ID = 90;
function getirPaymentOf(p: SampleOrder['payment']): { paymentMethod: number; paymentMethodText: { tr: string } } {
  if (p.method === 'online') return { paymentMethod: 1, paymentMethodText: { tr: 'Online Kredi Kartı' } };
  if (p.method === 'cash') return { paymentMethod: 4, paymentMethodText: { tr: 'Kapıda Nakit' } };
  if (p.method === 'card') return { paymentMethod: GETIR_UNLISTED_ID, paymentMethodText: { tr: 'Kapıda Kredi Kartı' } };
  const brand = p.brand ?? 'Multinet';
  return { paymentMethod: GETIR_MEAL_CARD_IDS[brand] ?? GETIR_UNLISTED_ID, paymentMethodText: { tr: `Kapıda ${brand}` } };
}

function getir(s: SampleOrder, c: PlatformConnection, rand: Rand): SimulatedCall {
  const id = randomBytes(12).toString('hex');
  const order = {
    id,
    status: 400,
    confirmationId: Array.from({ length: 4 }, () => pick(rand, [...'ABCDEFGHJKLMNPRSTUVYZ23456789'])).join(''),
    isTestOrder: false,
    client: {
      name: `${s.firstName} ${s.lastName}`,
      clientUnmaskedPhoneNumber: phone90(s),
      deliveryAddress: {
        address: `${street(s)} No: ${s.address.number}, ${s.address.district}`,
        aptNo: s.address.apt,
        floor: s.address.floor,
        doorNo: s.address.door,
        ...(s.address.instructions ? { description: s.address.instructions } : {}),
      },
      location: { lat: s.address.lat, lon: s.address.lng },
    },
    products: s.lines.map((l) => ({
      product: l.dish.code,
      name: { tr: l.dish.name },
      count: l.quantity,
      price: l.dish.priceKurus / 100,
      ...(lineNote(l) ? { note: lineNote(l) } : {}),
      optionCategories: [...new Set(l.options.map((o) => o.groupName))].map((group) => ({
        name: { tr: group },
        options: l.options.filter((o) => o.groupName === group).map((o) => ({ option: platformOptionCode('getir', o.name, o.id), name: { tr: o.name }, price: o.priceKurus / 100 })),
      })),
    })),
    deliveryType: 2,
    ...getirPaymentOf(s.payment),
    isScheduled: false,
    ...(s.note ? { clientNote: s.note } : {}),
    totalPrice: s.subtotalKurus / 100,
    totalDiscountedPrice: (s.subtotalKurus - s.discountKurus) / 100,
  };
  // the new-order webhook's envelope
  return { externalId: id, body: JSON.stringify({ foodOrder: order }), headers: { ...JSON_HEADERS, 'x-api-key': c.webhookSecret } };
}

/** Trendyol names meal cards by brand ("PLUXEE - ONLINE"; Edenred's card is Ticket). */
const TRENDYOL_MEAL_CARDS: Record<string, string> = { Multinet: 'MULTINET', Pluxee: 'PLUXEE', Edenred: 'TICKET', Setcard: 'SETCARD', Metropol: 'METROPOL' };
function trendyolPaymentOf(p: SampleOrder['payment']) {
  if (p.method === 'online') return { paymentType: 'PAY_WITH_CARD', mealCard: null, onDelivery: null };
  if (p.method === 'meal_card') return { paymentType: 'PAY_WITH_MEAL_CARD', mealCard: { cardSourceType: `${TRENDYOL_MEAL_CARDS[p.brand ?? ''] ?? 'MULTINET'} - ONLINE` }, onDelivery: null };
  return { paymentType: 'PAY_WITH_ON_DELIVERY', mealCard: null, onDelivery: { paymentType: p.method === 'cash' ? 'CASH' : 'CARD' } };
}

function trendyol(s: SampleOrder, c: PlatformConnection, rand: Rand): SimulatedCall {
  const id = randomBytes(32).toString('hex');
  let item = 1_000_000_000 + Math.floor(rand() * 1_000_000);
  // one package of Trendyol's GET …/packages: a line's quantity is its items, one per unit
  const order = {
    id,
    supplierId: Number(c.remoteCode) || c.remoteCode,
    orderNumber: String(10_000_000 + Math.floor(rand() * 89_999_999)),
    orderCode: Array.from({ length: 3 }, () => pick(rand, [...'ABCDEF0123456789'])).join(''),
    packageStatus: 'Created',
    testPackage: false,
    storePickupSelected: false,
    deliveryType: 'STORE',
    customer: { firstName: s.firstName, lastName: s.lastName },
    address: {
      address1: `${street(s)} No: ${s.address.number}`,
      apartmentNumber: s.address.apt,
      floor: s.address.floor,
      doorNumber: s.address.door,
      district: s.address.district,
      city: 'İstanbul',
      latitude: String(s.address.lat),
      longitude: String(s.address.lng),
      phone: `0${s.mobile}`,
      ...(s.address.instructions ? { addressDescription: s.address.instructions } : {}),
    },
    ...(s.note ? { customerNote: s.note } : {}),
    lines: s.lines.map((l) => ({
      productId: Number(l.dish.code),
      name: l.dish.name,
      price: l.dish.priceKurus / 100,
      items: Array.from({ length: l.quantity }, () => ({ packageItemId: String(item++), isCancelled: false })),
      modifierProducts: l.options.map((o) => ({ productId: Number(platformOptionCode('trendyol', o.name, o.id)), name: o.name, price: o.priceKurus / 100, modifierProducts: [], extraIngredients: [], removedIngredients: [] })),
      extraIngredients: [],
      removedIngredients: l.without ? [{ id: 1, name: l.without }] : [],
    })),
    payment: trendyolPaymentOf(s.payment),
    totalPrice: (s.subtotalKurus - s.discountKurus) / 100,
    totalDiscount: 0,
    totalTyDiscount: s.discountKurus / 100,
  };
  return { externalId: id, body: JSON.stringify(order), headers: { ...JSON_HEADERS, authorization: basicHeader(c.remoteCode, c.webhookSecret) } };
}

/** The restaurant's own channel: Sofra dish and option ids (the menu prices them), signed with its secret. */
function sofra(s: SampleOrder, secret: string, rand: Rand): SimulatedCall {
  const externalId = `WEB-${Date.now().toString(36).toUpperCase()}-${Math.floor(rand() * 1000)}`;
  const order = {
    externalId,
    type: 'delivery',
    customer: {
      name: `${s.firstName} ${s.lastName}`,
      phone: `0${s.mobile}`,
      address: [`${street(s)} No: ${s.address.number} D: ${s.address.door}`, `${s.address.district}/İstanbul`, s.address.instructions].filter(Boolean).join(', '),
      lat: s.address.lat,
      lng: s.address.lng,
    },
    items: s.lines.map((l) => ({
      menuItemId: l.dish.itemId,
      quantity: l.quantity,
      ...(l.options.length ? { optionIds: l.options.map((o) => o.id) } : {}),
      ...(lineNote(l) ? { note: lineNote(l) } : {}),
    })),
    payment: { method: s.payment.method, ...(s.payment.brand ? { brand: s.payment.brand } : {}) },
    ...(s.note ? { note: s.note } : {}),
  };
  const body = JSON.stringify(order);
  const timestamp = String(Math.floor(Date.now() / 1000));
  return { externalId, body, headers: { ...JSON_HEADERS, 'x-sofra-timestamp': timestamp, 'x-sofra-signature': signSofraBody(secret, timestamp, body) } };
}

/** The call a sender would make for `sample`: a platform with its connection, the channel with its secret. */
export function simulatedCall(source: SimulatedSource, sample: SampleOrder, proof: { connection?: PlatformConnection; secret?: string }, rand: Rand): SimulatedCall {
  if (source === 'sofra') return sofra(sample, proof.secret ?? '', rand);
  const connection = proof.connection!;
  if (source === 'yemeksepeti') return yemeksepeti(sample, connection, rand);
  if (source === 'getir') return getir(sample, connection, rand);
  return trendyol(sample, connection, rand);
}
