import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { SOFRA_CHANNEL } from '../../../shared/online-orders-contract';
import { integrationSecrets, platformConnections } from '../../db/schema';
import { GETIR_ORDER, YEMEKSEPETI_ORDER } from './platforms/fixtures';
import { signHs512 } from './platforms/yemeksepeti';
import { MATRIX_SIMULATED_YS_SECRET, simulatorMatrixFixtures } from './platform-simulator-test-kit';
import { menuFactory } from '../../test-support/factories';
import { staffedRestaurant, type TestContext } from '../../test-support/test-app';
import { newSofraSecret, signSofraBody } from './sofra-signature';

type Who = { cookies: Record<string, string> };

/** A unix-seconds timestamp `offsetSeconds` from now, as the X-Sofra-Timestamp header carries it. */
export const unixNow = (offsetSeconds = 0) => String(Math.floor(Date.now() / 1000) + offsetSeconds);

/** The headers a correct sender adds to `body` (already serialised) with `secret`. */
export function signedHeaders(secret: string, body: string, timestamp = unixNow()) {
  return { 'content-type': 'application/json', 'x-sofra-timestamp': timestamp, 'x-sofra-signature': signSofraBody(secret, timestamp, body) };
}

/** Posts `order` to the restaurant's own channel, signed with `secret` (override headers to break it). */
export function postSigned(ctx: TestContext, restaurantId: string, secret: string, order: unknown, headers: Record<string, string> = {}) {
  const body = typeof order === 'string' ? order : JSON.stringify(order);
  return ctx.app.inject({ method: 'POST', url: `/api/integrations/sofra/${restaurantId}/orders`, payload: body, headers: { ...signedHeaders(secret, body), ...headers } });
}

/** Gives a restaurant a channel secret straight in the database (tests of other routes need one). */
export async function giveSecret(ctx: TestContext, restaurantId: string) {
  const secret = newSofraSecret();
  await ctx.database.db
    .insert(integrationSecrets)
    .values({ restaurantId, channel: SOFRA_CHANNEL, secret })
    .onConflictDoUpdate({ target: [integrationSecrets.restaurantId, integrationSecrets.channel], set: { secret } });
  return secret;
}

let counter = 0;
/** A delivery order of `items` for the channel, with a fresh external id unless given. */
export function channelOrder(items: { menuItemId: string; quantity?: number; optionIds?: string[]; note?: string }[], extra: Record<string, unknown> = {}) {
  return {
    externalId: `W-${Date.now().toString(36)}-${++counter}`,
    type: 'delivery',
    customer: { name: 'Ayşe Yılmaz', phone: '0532 123 45 67', address: 'Moda Cad. No: 5 D: 3, Kadıköy', lat: 40.98, lng: 29.03 },
    items: items.map((i) => ({ quantity: 1, ...i })),
    payment: { method: 'cash' },
    note: 'Zili çalmayın',
    ...extra,
  };
}

/**
 * A staffed restaurant with a menu (Mercimek 90 TL with a required Porsiyon 1 / 1,5 +45 TL,
 * Ezogelin 95 TL) and a channel secret; `owner(url)` calls the restaurant's routes as its owner.
 */
export async function onlineOrdersFixture(ctx: TestContext) {
  const restaurant = await staffedRestaurant(ctx);
  const menu = await menuFactory(ctx, restaurant.id);
  const [mercimek, ezogelin] = menu.items;
  const [single, large] = menu.optionGroup!.options;
  const secret = await giveSecret(ctx, restaurant.id);
  const call = (who: Who, method: InjectOptions['method'], url: string, payload?: unknown) =>
    ctx.app.inject({ method, url: `/api/restaurants/${restaurant.id}${url}`, cookies: who.cookies, ...(payload === undefined ? {} : { payload: payload as object }) });
  const post = (order: unknown, headers: Record<string, string> = {}, withSecret = secret) => postSigned(ctx, restaurant.id, withSecret, order, headers);
  /** a typical order: one large Mercimek and two Ezogelin */
  const order = (extra: Record<string, unknown> = {}) =>
    channelOrder([{ menuItemId: mercimek.id, optionIds: [large.id], note: 'Limonlu' }, { menuItemId: ezogelin.id, quantity: 2 }], extra);
  return { restaurant, menu, mercimek, ezogelin, single, large, secret, call, post, order };
}

const MATRIX_GETIR_KEY = 'matrix-getir-key';

/** Route-matrix targets: a fresh 'new' order of the caller's restaurant, received through the channel. */
export function onlineOrdersMatrixFixtures(getCtx: () => TestContext) {
  const menus = new Map<string, { mercimekId: string; ezogelinId: string }>();
  const demo = simulatorMatrixFixtures(getCtx);
  const prepare = async (restaurantId: string) => {
    const ctx = getCtx();
    // read each time: the matrix also rotates the secret (POST .../integrations/sofra/secret)
    const [row] = await ctx.database.db
      .select({ secret: integrationSecrets.secret })
      .from(integrationSecrets)
      .where(and(eq(integrationSecrets.restaurantId, restaurantId), eq(integrationSecrets.channel, SOFRA_CHANNEL)));
    const secret = row?.secret ?? (await giveSecret(ctx, restaurantId));
    if (!menus.has(restaurantId)) {
      const menu = await menuFactory(ctx, restaurantId, { optionGroup: false });
      menus.set(restaurantId, { mercimekId: menu.items[0].id, ezogelinId: menu.items[1].id });
    }
    return { secret, ...menus.get(restaurantId)! };
  };
  const fixtures = {
    /** a signed order's body and headers, ready to inject */
    signedOrder: async (restaurantId: string) => {
      const { secret, ezogelinId } = await prepare(restaurantId);
      const body = JSON.stringify(channelOrder([{ menuItemId: ezogelinId }]));
      return { payload: body, headers: signedHeaders(secret, body) };
    },
    /** the signed headers of a read of the channel's menu (no body: "<timestamp>." is signed) */
    signedMenu: async (restaurantId: string) => {
      const { secret } = await prepare(restaurantId);
      const { 'content-type': _json, ...headers } = signedHeaders(secret, '');
      return { headers };
    },
    /** a dish without options of the restaurant's menu */
    dishId: async (restaurantId: string) => (await prepare(restaurantId)).ezogelinId,
    /** a Getir Yemek webhook call (the restaurant connected to Getir once, with its x-api-key) */
    platformOrder: async (restaurantId: string) => {
      const ctx = getCtx();
      await ctx.database.db
        .insert(platformConnections)
        .values({ restaurantId, platform: 'getir', webhookSecret: MATRIX_GETIR_KEY, baseUrl: 'http://127.0.0.1:9', productMap: {} })
        .onConflictDoNothing();
      return { payload: { ...GETIR_ORDER, id: `matrix-${Date.now().toString(36)}-${++counter}` }, headers: { 'x-api-key': MATRIX_GETIR_KEY } };
    },
    /** a Getir cancellation of an order Getir sent first */
    platformCancellation: async function (this: void, restaurantId: string) {
      const ctx = getCtx();
      const order = await fixtures.platformOrder(restaurantId);
      const res = await ctx.app.inject({ method: 'POST', url: `/api/integrations/getir/${restaurantId}/orders`, ...order });
      if (res.statusCode !== 201) throw new Error(`platform order not received: ${res.statusCode} ${res.body}`);
      return { payload: { id: order.payload.id, cancelNote: 'Müşteri vazgeçti' }, headers: order.headers };
    },
    /** Yemeksepeti's order dispatch as Delivery Hero's middleware sends it (POST …/yemeksepeti/:restaurantId/order/:remoteId) */
    yemeksepetiOrder: async (restaurantId: string, code = `matrix-ys-${Date.now().toString(36)}-${++counter}`) => {
      // the simulator's target connects Yemeksepeti too (one connection a platform): the same one for both
      await demo.demoRestaurant(restaurantId);
      const jwt = signHs512({ service: 'middleware', exp: Math.floor(Date.now() / 1000) + 300 }, MATRIX_SIMULATED_YS_SECRET);
      return { payload: { ...YEMEKSEPETI_ORDER, code, token: `tok-${code}` }, headers: { authorization: `Bearer ${jwt}` } };
    },
    /** Yemeksepeti's ORDER_CANCELLED for `code` (…/remoteOrder/:remoteOrderId/posOrderStatus), the order sent first */
    yemeksepetiCancellation: async (restaurantId: string, code: string) => {
      const order = await fixtures.yemeksepetiOrder(restaurantId, code);
      const res = await getCtx().app.inject({ method: 'POST', url: `/api/integrations/yemeksepeti/${restaurantId}/order/matrix-vendor`, ...order });
      if (res.statusCode !== 200) throw new Error(`Yemeksepeti order not received: ${res.statusCode} ${res.body}`);
      return { payload: { status: 'ORDER_CANCELLED', message: 'Müşteri vazgeçti' }, headers: order.headers };
    },
    /** an accepted order's id (accepted by `cookies`' owner; another role's try leaves it new) */
    /** an accepted Gel-Al order (what the inbox's Teslim Edildi hands over at the counter) */
    acceptedOrder: async (restaurantId: string, cookies: Record<string, string>) => {
      const orderId = await fixtures.newOrder(restaurantId, { type: 'takeaway' });
      await getCtx().app.inject({ method: 'POST', url: `/api/restaurants/${restaurantId}/online-orders/${orderId}/accept`, cookies, payload: { prepMinutes: 15 } });
      return orderId;
    },
    /** a new order's id */
    newOrder: async (restaurantId: string, extra: Record<string, unknown> = {}) => {
      const { secret, ezogelinId } = await prepare(restaurantId);
      const res = await postSigned(getCtx(), restaurantId, secret, channelOrder([{ menuItemId: ezogelinId }], extra));
      if (res.statusCode !== 201) throw new Error(`order not received: ${res.statusCode} ${res.body}`);
      return (res.json() as { orderId: string }).orderId;
    },
  };
  return fixtures;
}
