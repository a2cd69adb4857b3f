import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { OnlineOrderInfo, OnlineOrderSimulatorInfo, SimulatedSource } from '../../../shared/online-orders-contract';
import { DEMO_PASSWORD } from '../../demo/demo-menu';
import { auditEvents, integrationSecrets, onlineOrders, platformConnections, platformOutbox, restaurants } from '../../db/schema';
import { seedDemo } from '../../demo/seed-demo';
import { createTestApp, loginAs, type TestContext } from '../../test-support/test-app';
import { SIMULATOR_MESSAGES } from './platform-simulator';
import { YS_DELIVERY_FEE } from './platform-simulator-payloads';
import { SIMULATED_SEND_NOTE } from './simulated-platform';

/*
 * Deneme Siparişleri (issue 24): on the demo restaurant, each platform's sample order arrives
 * through the real intake (its own authentication and format) with the platform as its source and
 * every line on a mapped demo dish; the answers to a simulated platform are counted as sent without
 * a network call. Everywhere else the simulator is refused.
 */

const fetchCalls: string[] = [];
const noNetwork: typeof fetch = async (input) => {
  fetchCalls.push(String(input));
  throw new Error('no network in this test');
};

let ctx: TestContext;
let demoId: string;
let owner: Record<string, string>;
let kitchen: Record<string, string>;
let secondOwner: Record<string, string>;
let secondId: string;

beforeAll(async () => {
  ctx = await createTestApp({ platforms: { fetch: noNetwork, pollMs: 0, baseDelayMs: 1, maxDelayMs: 5 } });
  demoId = (await seedDemo(ctx.app, 2 ** 10)).restaurantId!;
  [{ id: secondId }] = await ctx.database.db.select({ id: restaurants.id }).from(restaurants).where(eq(restaurants.name, 'İkinci Şube'));
  owner = (await loginAs(ctx, 'owner@demo.local', DEMO_PASSWORD)).cookies;
  kitchen = (await loginAs(ctx, 'kitchen@demo.local', DEMO_PASSWORD)).cookies;
  secondOwner = (await loginAs(ctx, 'owner2@demo.local', DEMO_PASSWORD)).cookies;
});
afterAll(() => ctx.close());

const call = (cookies: Record<string, string>, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, restaurantId = demoId) =>
  ctx.app.inject({ method, url: `/api/restaurants/${restaurantId}${url}`, cookies, ...(payload ? { payload } : {}) });
const simulate = (body: object, cookies = owner, restaurantId = demoId) => call(cookies, 'POST', '/online-orders/simulate', body, restaurantId);

async function inboxOrder(id: string) {
  const res = await call(owner, 'GET', '/online-orders');
  expect(res.statusCode).toBe(200);
  return (res.json() as OnlineOrderInfo[]).find((o) => o.id === id)!;
}

async function productMapOf(platform: string) {
  const [row] = await ctx.database.db
    .select({ productMap: platformConnections.productMap })
    .from(platformConnections)
    .where(and(eq(platformConnections.restaurantId, demoId), eq(platformConnections.platform, platform)));
  return row.productMap as Record<string, string>;
}

describe('the demo restaurant', () => {
  it('is connected to the three platforms as simulated ones, every dish mapped in the platform’s own code style', async () => {
    const rows = await ctx.database.db.select().from(platformConnections).where(eq(platformConnections.restaurantId, demoId));
    expect(rows.map((r) => [r.platform, r.baseUrl, r.enabled]).sort()).toEqual([
      ['getir', 'simulator:getir', true],
      ['trendyol', 'simulator:trendyol', true],
      ['yemeksepeti', 'simulator:yemeksepeti', true],
    ]);
    for (const r of rows) {
      expect(r.webhookSecret.length).toBeGreaterThanOrEqual(32);
      expect(Object.keys(r.productMap as object).length).toBeGreaterThanOrEqual(30);
    }
    // each seed makes its own secrets
    expect(new Set(rows.map((r) => r.webhookSecret)).size).toBe(3);
    const ys = await productMapOf('yemeksepeti');
    expect(Object.keys(ys)).toContain('YS-MERCIMEK-CORBASI');
    expect(Object.keys(await productMapOf('getir'))).toContain('getir-p-mercimek-corbasi');
    expect(Object.keys(await productMapOf('trendyol')).every((code) => /^\d+$/.test(code))).toBe(true);
    const second = await ctx.database.db.select().from(platformConnections).where(eq(platformConnections.restaurantId, secondId));
    expect(second).toEqual([]);
  });

  it('offers every platform and the own channel to its owner', async () => {
    const res = await call(owner, 'GET', '/online-orders/simulate');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ available: true, sources: ['yemeksepeti', 'getir', 'trendyol', 'sofra'] } satisfies OnlineOrderSimulatorInfo);
  });
});

describe('a simulated order', () => {
  it.each(['yemeksepeti', 'getir', 'trendyol'] as const)('from %s arrives through the intake with its source and every line on a mapped demo dish', async (platform) => {
    const map = await productMapOf(platform);
    for (let round = 0; round < 3; round++) {
      const res = await simulate({ platform });
      expect(res.statusCode, res.body).toBe(201);
      const { orderId, source, externalId } = res.json() as { orderId: string; source: string; externalId: string };
      expect(source).toBe(platform);
      const order = await inboxOrder(orderId);
      expect(order).toMatchObject({ source: platform, externalId, status: 'new', type: 'delivery', isTest: false });
      expect(order.items.length).toBeGreaterThanOrEqual(1);
      expect(order.items.length).toBeLessThanOrEqual(4);
      for (const item of order.items) {
        expect(item.unmapped).toBe(false);
        expect(map[item.platformCode!]).toBe(item.menuItemId);
      }
      expect(order.customer.name).toMatch(/^\S+ \S+$/);
      expect(order.customer.phone).toMatch(/5\d{9}$/);
      // an Istanbul address with its coordinates
      expect(order.customer.address).toBeTruthy();
      expect(order.customer.lat).toBeGreaterThan(40.9);
      expect(order.customer.lat).toBeLessThan(41.1);
      expect(order.customer.lng).toBeGreaterThan(28.9);
      expect(order.customer.lng).toBeLessThan(29.2);
      expect(order.total).toBe(order.subtotal - order.platformDiscount);
      // Yemeksepeti's sample is delivered by our courier for the restaurant's fee: the customer pays it too
      expect(order.deliveryFee).toBe(platform === 'yemeksepeti' ? YS_DELIVERY_FEE : 0);
      expect(order.customerPays).toBe(order.total + order.deliveryFee);
    }
  });

  it('from the own channel is signed with the restaurant’s secret (made when missing, kept when there) and priced from the menu', async () => {
    await ctx.database.db.delete(integrationSecrets).where(eq(integrationSecrets.restaurantId, demoId));
    const first = await simulate({ platform: 'sofra' });
    expect(first.statusCode, first.body).toBe(201);
    const [made] = await ctx.database.db.select().from(integrationSecrets).where(eq(integrationSecrets.restaurantId, demoId));
    expect(made.secret).toMatch(/^sofra_sk_/);
    const second = await simulate({ platform: 'sofra', payment: 'card' });
    expect(second.statusCode, second.body).toBe(201);
    const [kept] = await ctx.database.db.select().from(integrationSecrets).where(eq(integrationSecrets.restaurantId, demoId));
    expect(kept.secret).toBe(made.secret);
    const order = await inboxOrder((second.json() as { orderId: string }).orderId);
    expect(order).toMatchObject({ source: 'sofra', payment: { method: 'card', brand: null }, platformDiscount: 0 });
    for (const item of order.items) {
      expect(item.menuItemId).toBeTruthy();
      expect(item.platformCode).toBeNull();
    }
  });

  it.each(['yemeksepeti', 'getir', 'trendyol', 'sofra'] as SimulatedSource[])('from %s is paid the way it was asked for, in that sender’s own words', async (platform) => {
    for (const method of ['online', 'cash', 'card', 'meal_card'] as const) {
      const res = await simulate({ platform, payment: method });
      expect(res.statusCode, res.body).toBe(201);
      const order = await inboxOrder((res.json() as { orderId: string }).orderId);
      expect(order.payment.method, `${platform} ${method}`).toBe(method);
      if (method === 'meal_card') expect(['Multinet', 'Pluxee', 'Edenred', 'Setcard', 'Metropol']).toContain(order.payment.brand);
      else expect(order.payment.brand).toBeNull();
    }
  });

  it('records who pressed the button', async () => {
    const res = await simulate({ platform: 'getir' });
    const { orderId } = res.json() as { orderId: string };
    const rows = await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.entityId, orderId));
    expect(rows.map((r) => r.action).sort()).toEqual(['online_order.receive', 'online_order.simulate']);
    const pressed = rows.find((r) => r.action === 'online_order.simulate')!;
    expect(pressed.actorRole).toBe('owner');
    expect(pressed.actorUserId).toMatch(/^[0-9a-f-]{36}$/);
    expect(rows.find((r) => r.action === 'online_order.receive')!.actorRole).toBe('integration');
  });

  it('is answered to its simulated platform: the outbox marks each call sent without a network call', async () => {
    const orders: string[] = [];
    for (const platform of ['yemeksepeti', 'getir', 'trendyol'] as const) {
      const res = await simulate({ platform, payment: 'cash' });
      orders.push((res.json() as { orderId: string }).orderId);
    }
    fetchCalls.length = 0;
    for (const id of orders) {
      const accepted = await call(owner, 'POST', `/online-orders/${id}/accept`, { prepMinutes: 20 });
      expect(accepted.statusCode, accepted.body).toBe(200);
    }
    await ctx.app.platformOutbox.drain();
    for (const id of orders) {
      const rows = await ctx.database.db.select().from(platformOutbox).where(and(eq(platformOutbox.orderId, id), eq(platformOutbox.kind, 'accept')));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
      expect(rows[0].attemptLog).toEqual([{ at: expect.any(String), ok: true, status: null, error: null, note: SIMULATED_SEND_NOTE, calls: [expect.objectContaining({ method: expect.any(String) })] }]);
      const shown = await inboxOrder(id);
      expect(shown.deliveries.find((d) => d.kind === 'accept')).toMatchObject({ status: 'sent', log: [{ ok: true, note: SIMULATED_SEND_NOTE }] });
    }
    expect(fetchCalls).toEqual([]);
  });
});

describe('a simulator run', () => {
  const simulated = async (platform: 'yemeksepeti' | 'getir' | 'trendyol', payment = 'cash') => ((await simulate({ platform, payment })).json() as { orderId: string; externalId: string });
  const callsOf = async (orderId: string, kind: string) => {
    await ctx.app.platformOutbox.drain();
    const delivery = (await inboxOrder(orderId)).deliveries.find((d) => d.kind === kind);
    expect(delivery, kind).toBeDefined();
    return delivery!.log.at(-1)!.calls!;
  };

  it('shows each platform’s accept as it would go out: the documented method, path, headers and body, the login shown but never a secret', async () => {
    fetchCalls.length = 0;
    const ys = await simulated('yemeksepeti');
    const getir = await simulated('getir');
    const ty = await simulated('trendyol');
    for (const { orderId } of [ys, getir, ty]) expect((await call(owner, 'POST', `/online-orders/${orderId}/accept`, { prepMinutes: 25 })).statusCode).toBe(200);

    const [ysAccept] = await callsOf(ys.orderId, 'accept');
    expect(ysAccept).toMatchObject({
      method: 'POST',
      path: expect.stringMatching(/^\/v2\/order\/status\/ys-tok-[0-9a-f]+$/),
      headers: { 'content-type': 'application/json', authorization: 'Bearer <access_token: POST /v2/login>' },
      body: { status: 'order_accepted', remoteOrderId: ys.externalId, acceptanceTime: expect.any(String) },
    });
    expect(await callsOf(getir.orderId, 'accept')).toEqual([
      { method: 'POST', path: `/food-orders/${getir.externalId}/verify`, headers: { 'content-type': 'application/json', token: '<token: POST /auth/login>' }, body: {} },
    ]);
    expect(await callsOf(ty.orderId, 'accept')).toEqual([
      {
        method: 'PUT',
        path: '/integrator/order/meal/suppliers/100200/packages/picked',
        headers: {
          'content-type': 'application/json',
          authorization: 'Basic <base64(apiKey:apiSecret)>',
          'user-agent': '100200 - SelfIntegration',
          'x-agentname': 'SelfIntegration',
          'x-executor-user': 'owner@demo.local',
        },
        body: { packageId: ty.externalId, preparationTime: 25 },
      },
    ]);
    // nothing left the machine, and no secret of the demo's connections is in what is shown
    expect(fetchCalls).toEqual([]);
    const shown = JSON.stringify(await inboxOrder(ty.orderId));
    const [secret] = await ctx.database.db.select({ s: platformConnections.webhookSecret }).from(platformConnections).where(and(eq(platformConnections.restaurantId, demoId), eq(platformConnections.platform, 'trendyol')));
    expect(shown).not.toContain(secret.s);
  });

  it('shows a rejection with the reads it needs first: Getir’s cancel options, then the cancel; Trendyol’s unsupplied with the package’s item ids and reason id', async () => {
    const getir = await simulated('getir');
    const ty = await simulated('trendyol');
    for (const { orderId } of [getir, ty]) expect((await call(owner, 'POST', `/online-orders/${orderId}/reject`, { reason: 'too_busy' })).statusCode).toBe(200);
    const getirCalls = await callsOf(getir.orderId, 'reject');
    expect(getirCalls.map((c) => `${c.method} ${c.path}`)).toEqual([`GET /food-orders/${getir.externalId}/cancel-options`, `POST /food-orders/${getir.externalId}/cancel`]);
    expect(getirCalls[1].body).toEqual({ cancelReasonId: 'demo-cancel-yogun', cancelNote: 'Çok yoğunuz' });
    const [unsupplied] = await callsOf(ty.orderId, 'reject');
    expect(unsupplied).toMatchObject({ method: 'PUT', path: '/integrator/order/meal/suppliers/100200/packages/unsupplied', body: { packageId: ty.externalId, reasonId: 624 } });
    expect((unsupplied.body as { itemIdList: string[] }).itemIdList.length).toBeGreaterThan(0);
  });

  it('shows Yoğunuz on each platform: Delivery Hero’s availability read and its CLOSED_UNTIL, Getir’s close, Trendyol’s store status', async () => {
    for (const platform of ['yemeksepeti', 'getir', 'trendyol'] as const) expect((await call(owner, 'POST', `/integrations/platforms/${platform}/pause`, { minutes: 30 })).statusCode).toBe(204);
    await ctx.app.platformOutbox.drain();
    const connections = (await call(owner, 'GET', '/integrations/platforms')).json() as { platform: string; lastPause: { status: string; calls?: { method: string; path: string; body?: unknown }[] } }[];
    const pauseOf = (platform: string) => connections.find((c) => c.platform === platform)!.lastPause;
    expect(pauseOf('yemeksepeti').status).toBe('sent');
    expect(pauseOf('yemeksepeti').calls).toEqual([
      expect.objectContaining({ method: 'GET', path: '/v2/chains/demo-zincir/remoteVendors/demo-lokanta-ys/availability' }),
      expect.objectContaining({
        method: 'PUT',
        path: '/v2/chains/demo-zincir/remoteVendors/demo-lokanta-ys/availability',
        body: { availabilityState: 'CLOSED_UNTIL', platformKey: 'YS_TR', platformRestaurantId: 'demo-lokanta-ys-ys', closedReason: 'TOO_BUSY_KITCHEN', closingMinutes: 30 },
      }),
    ]);
    expect(pauseOf('getir').calls).toEqual([expect.objectContaining({ method: 'PUT', path: '/restaurants/status/close', body: { timeOffAmount: 30 } })]);
    expect(pauseOf('trendyol').calls).toEqual([expect.objectContaining({ method: 'PUT', path: '/integrator/store/meal/suppliers/100200/stores/300400/status', body: { status: 'CLOSED' } })]);
  });
});

describe('the simulator refuses', () => {
  it('a restaurant without demo data, with a Turkish message, and creates nothing', async () => {
    const before = await ctx.database.db.select().from(onlineOrders).where(eq(onlineOrders.restaurantId, secondId));
    const info = await call(secondOwner, 'GET', '/online-orders/simulate', undefined, secondId);
    expect(info.json()).toEqual({ available: false, sources: [] });
    for (const platform of ['yemeksepeti', 'sofra']) {
      const res = await simulate({ platform }, secondOwner, secondId);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: SIMULATOR_MESSAGES.notDemo });
    }
    expect(await ctx.database.db.select().from(onlineOrders).where(eq(onlineOrders.restaurantId, secondId))).toEqual(before);
    expect(await ctx.database.db.select().from(integrationSecrets).where(eq(integrationSecrets.restaurantId, secondId))).toEqual([]);
  });

  it('anyone but the owner', async () => {
    expect((await simulate({ platform: 'getir' }, kitchen)).statusCode).toBe(403);
    expect((await call(kitchen, 'GET', '/online-orders/simulate')).statusCode).toBe(403);
    expect((await simulate({ platform: 'getir' }, {})).statusCode).toBe(401);
  });

  it('an unknown source or payment with a Turkish message', async () => {
    const res = await simulate({ platform: 'migros' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/Kaynak/);
    expect((await simulate({ platform: 'getir', payment: 'bitcoin' })).statusCode).toBe(400);
  });

  it('an owner’s attempt to make a connection simulated through the API (so no restaurant becomes “demo” that way)', async () => {
    const res = await call(secondOwner, 'PUT', '/integrations/platforms/getir', { enabled: true, webhookSecret: 'a-secret-of-mine', baseUrl: 'simulator:getir' }, secondId);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ baseUrl: 'Platform adresi http:// ya da https:// ile başlamalı' });
    expect((await simulate({ platform: 'getir' }, secondOwner, secondId)).statusCode).toBe(409);
  });

  it('a demo connection saved as it is (say, with auto-accept) stays simulated; it cannot be swapped for another platform’s simulator', async () => {
    const swapped = await call(owner, 'PUT', '/integrations/platforms/getir', { enabled: true, baseUrl: 'simulator:trendyol', productMap: await productMapOf('getir') });
    expect(swapped.statusCode).toBe(400);
    const res = await call(owner, 'PUT', '/integrations/platforms/getir', { enabled: true, baseUrl: 'simulator:getir', productMap: await productMapOf('getir'), autoAcceptMinutes: 20 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ baseUrl: 'simulator:getir', autoAcceptMinutes: 20 });
    expect((await simulate({ platform: 'getir' })).statusCode).toBe(201);
    // back to asking the owner, as the demo starts
    expect((await call(owner, 'PUT', '/integrations/platforms/getir', { enabled: true, baseUrl: 'simulator:getir', productMap: await productMapOf('getir'), autoAcceptMinutes: null })).statusCode).toBe(200);
  });

  it('a platform whose demo connection the owner pointed at a real account, while the others still work', async () => {
    const res = await call(owner, 'PUT', '/integrations/platforms/trendyol', { enabled: true, webhookSecret: 'real-trendyol-secret', baseUrl: 'https://api.tgoapis.com', productMap: await productMapOf('trendyol') });
    expect(res.statusCode, res.body).toBe(200);
    const refused = await simulate({ platform: 'trendyol' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: SIMULATOR_MESSAGES.notSimulated('Trendyol Yemek') });
    expect((await call(owner, 'GET', '/online-orders/simulate')).json()).toEqual({ available: true, sources: ['yemeksepeti', 'getir', 'sofra'] });
    expect((await simulate({ platform: 'getir' })).statusCode).toBe(201);
  });
});
