import { eq } from 'drizzle-orm';
import { buildApp, type App } from '../../app';
import { onlineOrders, platformOutbox, tickets } from '../../db/schema';
import { createTestApp, staffedRestaurant, type TestContext } from '../../test-support/test-app';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { appWithFakePlatform, authOf, connected, deliver, fake, FAST, inbox, REMOTE, SECRETS, sentCalls } from './platforms-test-kit';
import { GETIR_ORDER, TRENDYOL_ORDER, YEMEKSEPETI_ORDER } from './platforms/fixtures';
import { basicHeader } from './platforms/trendyol';
import { signHs512 } from './platforms/yemeksepeti';
import { NOT_PUBLIC_MESSAGE } from './public-address';
import { NO_PLATFORM_CALL_NOTE } from './platform-outbox';

/*
 * The delivery platforms (issue 24): intake of each platform's recorded sample payload through its
 * own authentication, and the outgoing calls checked by a fake platform server (node:http on an
 * ephemeral port) that this file starts; the outbox retried across an app restart; idempotency.
 */

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../tests/fixtures/platforms');

let ctx: TestContext;
appWithFakePlatform((c) => (ctx = c));

describe('Yemeksepeti: HS512 JWT on the webhook, client-credentials bearer on our calls', () => {
  it('maps the recorded order (address with coordinates, toppings, cash at the door, the platform’s share of the discount) and answers on the order token', async () => {
    const { restaurant, ids, owner } = await connected(ctx, 'yemeksepeti');
    const res = await deliver(ctx, 'yemeksepeti', restaurant.id, YEMEKSEPETI_ORDER, authOf('yemeksepeti'));
    expect(res.statusCode, res.body).toBe(201);
    const [order] = await inbox(owner);
    expect(order).toMatchObject({
      source: 'yemeksepeti',
      externalId: 'YS-4821-9931',
      type: 'delivery',
      isTest: false,
      customer: { name: 'Ayşe Yılmaz', phone: '+905321234567', address: 'Moda Cad. 5, İstanbul, Kapı kodu 1234', lat: 40.9812, lng: 29.0263 },
      payment: { method: 'cash', brand: null },
      note: 'Zili çalmayın',
      expectedAt: '2026-11-26T18:40:00.000Z',
    });
    // platform prices as sent (90 + 15 topping; 95), the platform's 20 TL apart (the vendor's 10 TL is not the platform's)
    expect(order.items).toEqual([
      expect.objectContaining({ menuItemId: ids.mercimek, name: 'Mercimek Çorbası', quantity: 2, unitPrice: 10_500, platformCode: 'YS-MERC', unmapped: false, note: 'Limonlu', options: [expect.objectContaining({ name: 'Büyük Porsiyon', price: 1500 })] }),
      expect.objectContaining({ menuItemId: ids.ezogelin, unitPrice: 9500, unmapped: false }),
    ]);
    // the vendor's 10 TL is the restaurant's own campaign: it comes off the food total, as the platform's 20 TL does
    expect(order).toMatchObject({ subtotal: 30_500, platformDiscount: 2000, restaurantDiscount: 1000, total: 27_500 });

    const accepted = await owner('POST', `/online-orders/${order.id}/accept`, { prepMinutes: 25 });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().ticketId).toEqual(expect.any(String));
    const calls = await sentCalls(ctx.app);
    const login = fake.seen.find((s) => s.path === '/v2/login')!;
    expect(new URLSearchParams(login.body as string).get('grant_type')).toBe('client_credentials');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/v2/order/status/ys-tok-7f3a9c', headers: { authorization: 'Bearer ys-access-1' }, body: { status: 'order_accepted', remoteOrderId: 'YS-4821-9931' } });
    const acceptance = Date.parse((calls[0].body as { acceptanceTime: string }).acceptanceTime) - Date.now();
    expect(acceptance).toBeGreaterThan(24 * 60_000);
    expect(acceptance).toBeLessThanOrEqual(25 * 60_000);
    const [after] = await inbox(owner);
    expect(after.deliveries).toEqual([expect.objectContaining({ kind: 'accept', status: 'sent', attempts: 1, lastError: null })]);
  });

  it('refuses a JWT signed with another secret, or one without the middleware claim (401), and writes nothing', async () => {
    const { restaurant } = await connected(ctx, 'yemeksepeti');
    expect((await deliver(ctx, 'yemeksepeti', restaurant.id, YEMEKSEPETI_ORDER, authOf('yemeksepeti', 'wrong'))).statusCode).toBe(401);
    const noClaim = { authorization: `Bearer ${signHs512({ service: 'other' }, SECRETS.yemeksepeti)}` };
    expect((await deliver(ctx, 'yemeksepeti', restaurant.id, YEMEKSEPETI_ORDER, noClaim)).statusCode).toBe(401);
    expect((await deliver(ctx, 'yemeksepeti', restaurant.id, YEMEKSEPETI_ORDER, {})).statusCode).toBe(401);
    // a token of the right secret past its expiry (a captured call replayed later) is refused too
    const expired = { authorization: `Bearer ${signHs512({ service: 'middleware', exp: Math.floor(Date.now() / 1000) - 60 }, SECRETS.yemeksepeti)}` };
    expect((await deliver(ctx, 'yemeksepeti', restaurant.id, YEMEKSEPETI_ORDER, expired)).statusCode).toBe(401);
    expect(await ctx.database.db.select().from(onlineOrders).where(eq(onlineOrders.restaurantId, restaurant.id))).toHaveLength(0);
  });

  it('rejects with the platform’s reason code', async () => {
    const { restaurant, owner } = await connected(ctx, 'yemeksepeti');
    const { orderId } = (await deliver(ctx, 'yemeksepeti', restaurant.id, { ...YEMEKSEPETI_ORDER, code: 'YS-REJ-1', token: 'tok-rej' }, authOf('yemeksepeti'))).json();
    expect((await owner('POST', `/online-orders/${orderId}/reject`, { reason: 'too_busy' })).statusCode).toBe(200);
    const calls = await sentCalls(ctx.app);
    expect(calls[0]).toMatchObject({ path: '/v2/order/status/tok-rej', body: { status: 'order_rejected', reason: 'TOO_BUSY' } });
  });
});

describe('Yemeksepeti as Delivery Hero’s middleware calls a plugin', () => {
  const dhOrder = (restaurantId: string, body: unknown, headers = authOf('yemeksepeti'), remoteId = REMOTE.yemeksepeti) =>
    ctx.app.inject({ method: 'POST', url: `/api/integrations/yemeksepeti/${restaurantId}/order/${remoteId}`, payload: body as object, headers });
  const dhStatus = (method: 'PUT' | 'POST', restaurantId: string, remoteOrderId: string, body: object, headers = authOf('yemeksepeti')) =>
    ctx.app.inject({ method, url: `/api/integrations/yemeksepeti/${restaurantId}/remoteId/${REMOTE.yemeksepeti}/remoteOrder/${remoteOrderId}/posOrderStatus`, payload: body, headers });

  it('takes the order on POST {plugin}/order/{remoteId} and answers {"remoteResponse":{"remoteOrderId"}}, the same again for a retry', async () => {
    const { restaurant, owner } = await connected(ctx, 'yemeksepeti');
    const body = { ...YEMEKSEPETI_ORDER, code: 'YS-DH-1', token: 'tok-dh-1' };
    const res = await dhOrder(restaurant.id, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ remoteResponse: { remoteOrderId: 'YS-DH-1' } });
    expect((await dhOrder(restaurant.id, body)).json()).toEqual({ remoteResponse: { remoteOrderId: 'YS-DH-1' } });
    const [order] = await inbox(owner);
    // quantity "2" and "90.00" as strings; 2 × (90 + 15) + 95, the platform's 20 TL apart
    expect(order).toMatchObject({ externalId: 'YS-DH-1', subtotal: 30_500, platformDiscount: 2000, payment: { method: 'cash' } });
    expect(order.items[0]).toMatchObject({ quantity: 2, unitPrice: 10_500 });
  });

  it('takes Delivery Hero’s own example body (tests/fixtures/platforms) through the same door', async () => {
    const { restaurant, owner } = await connected(ctx, 'yemeksepeti');
    const example = JSON.parse(readFileSync(path.join(FIXTURES, 'yemeksepeti/generic-order-example.json'), 'utf8'));
    const res = await dhOrder(restaurant.id, example);
    expect(res.statusCode, res.body).toBe(200);
    const [order] = await inbox(owner);
    expect(order).toMatchObject({ externalId: 'n0s1-w0k1', type: 'takeaway', payment: { method: 'online' }, customer: { name: 'food panda', phone: '+4999999999' } });
    expect(order.items).toEqual([expect.objectContaining({ name: 'Double Cheese Burger', quantity: 1, unitPrice: 792, unmapped: true })]);
  });

  it('refuses another branch’s remoteId (404) and a call without the middleware’s JWT (401)', async () => {
    const { restaurant } = await connected(ctx, 'yemeksepeti');
    const other = await dhOrder(restaurant.id, { ...YEMEKSEPETI_ORDER, code: 'YS-DH-2' }, authOf('yemeksepeti'), 'vendor-99');
    expect([other.statusCode, other.json().error]).toEqual([404, 'Bu restoranın Yemeksepeti şube kodu (remoteId) bu değil']);
    expect((await dhOrder(restaurant.id, { ...YEMEKSEPETI_ORDER, code: 'YS-DH-2' }, {})).statusCode).toBe(401);
    expect((await dhStatus('PUT', restaurant.id, 'YS-DH-2', { status: 'ORDER_CANCELLED', message: '' }, {})).statusCode).toBe(401);
  });

  it('cancels on {plugin}/remoteId/{remoteId}/remoteOrder/{remoteOrderId}/posOrderStatus (PUT or POST), the order named by the URL', async () => {
    const { restaurant, owner } = await connected(ctx, 'yemeksepeti');
    await dhOrder(restaurant.id, { ...YEMEKSEPETI_ORDER, code: 'YS-DH-3', token: 'tok-dh-3' });
    await dhOrder(restaurant.id, { ...YEMEKSEPETI_ORDER, code: 'YS-DH-4', token: 'tok-dh-4' });
    const put = await dhStatus('PUT', restaurant.id, 'YS-DH-3', { status: 'ORDER_CANCELLED', message: 'Müşteri vazgeçti' });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ status: 'cancelled' });
    const post = await dhStatus('POST', restaurant.id, 'YS-DH-4', { status: 'ORDER_CANCELLED', message: 'Kurye bulunamadı' });
    expect(post.statusCode, post.body).toBe(200);
    // another status update is acknowledged and changes nothing
    const picked = await dhStatus('POST', restaurant.id, 'YS-DH-4', { status: 'ORDER_PICKED_UP', message: '' });
    expect([picked.statusCode, picked.json()]).toEqual([200, { status: 'received' }]);
    const orders = await inbox(owner);
    expect(orders.find((o) => o.externalId === 'YS-DH-3')).toMatchObject({ status: 'cancelled', rejectNote: 'Müşteri vazgeçti' });
    expect(orders.find((o) => o.externalId === 'YS-DH-4')).toMatchObject({ status: 'cancelled', rejectNote: 'Kurye bulunamadı' });
    expect((await dhStatus('PUT', restaurant.id, 'YS-UNKNOWN', { status: 'ORDER_CANCELLED', message: '' })).statusCode).toBe(404);
  });
});

describe('Getir Yemek: x-api-key on the webhook, token header from /auth/login on our calls', () => {
  it('maps the recorded order (location, option categories, Multinet meal card, Getir’s discount) and verifies it', async () => {
    const { restaurant, owner } = await connected(ctx, 'getir');
    const res = await deliver(ctx, 'getir', restaurant.id, GETIR_ORDER, authOf('getir'));
    expect(res.statusCode, res.body).toBe(201);
    const [order] = await inbox(owner);
    expect(order).toMatchObject({
      source: 'getir',
      externalId: '65a1f0c2e4b0a1b2c3d4e5f6',
      customer: { name: 'Mehmet Demir', phone: '+905359876543', address: 'Bağdat Cad. No: 120, Apt. Gül Apt., Kat 3, Daire 7, Eczanenin üstü', lat: 40.9641, lng: 29.0705 },
      payment: { method: 'meal_card', brand: 'Multinet' },
      subtotal: 9500,
      platformDiscount: 1500,
      total: 8000,
      note: 'Çatal bıçak istemiyorum',
    });
    expect(order.items[0]).toMatchObject({ name: 'Mercimek Çorbası', unitPrice: 9500, note: 'Acısız', options: [{ optionId: 'getir-o-lavas', name: 'Lavaş', price: 500 }] });

    expect((await owner('POST', `/online-orders/${order.id}/accept`, { prepMinutes: 15 })).statusCode).toBe(200);
    const calls = await sentCalls(ctx.app);
    expect(fake.seen.find((s) => s.path === '/auth/login')?.body).toEqual({ appSecretKey: 'getir-client', restaurantSecretKey: 'getir-client-secret' });
    expect(calls).toEqual([expect.objectContaining({ method: 'POST', path: `/food-orders/${GETIR_ORDER.id}/verify`, headers: expect.objectContaining({ token: 'getir-token-1' }) })]);
  });

  it('refuses a wrong x-api-key, an unknown restaurant or platform alike (401, one message), a malformed order (400 in Turkish); nothing is written', async () => {
    const { restaurant } = await connected(ctx, 'getir');
    const wrongKey = await deliver(ctx, 'getir', restaurant.id, GETIR_ORDER, { 'x-api-key': 'nope' });
    expect(wrongKey.statusCode).toBe(401);
    const strangers = [
      await deliver(ctx, 'getir', '00000000-0000-4000-8000-000000000000', GETIR_ORDER, authOf('getir')),
      await deliver(ctx, 'getir', 'not-a-uuid', GETIR_ORDER, authOf('getir')),
      await deliver(ctx, 'migros', restaurant.id, GETIR_ORDER, authOf('getir')),
      // connected to Getir only: the Trendyol door of the same restaurant is closed
      await deliver(ctx, 'trendyol', restaurant.id, TRENDYOL_ORDER, authOf('trendyol')),
    ];
    for (const res of strangers) expect([res.statusCode, res.json()]).toEqual([401, wrongKey.json()]);
    const bad = await deliver(ctx, 'getir', restaurant.id, { ...GETIR_ORDER, products: [] }, authOf('getir'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/Siparişte en az bir ürün olmalı/);
    const badAmount = await deliver(ctx, 'getir', restaurant.id, { ...GETIR_ORDER, totalPrice: 'çok' }, authOf('getir'));
    expect(badAmount.statusCode).toBe(400);
    const badPlace = await deliver(ctx, 'getir', restaurant.id, { ...GETIR_ORDER, client: { ...GETIR_ORDER.client, location: { lat: 123, lon: 29 } } }, authOf('getir'));
    expect(badPlace.statusCode).toBe(400);
    expect(badPlace.json().error).toMatch(/Enlem/);
    expect(await ctx.database.db.select().from(onlineOrders).where(eq(onlineOrders.restaurantId, restaurant.id))).toHaveLength(0);
  });

  it('takes the same order id sent 50 times at once as one order', async () => {
    const { restaurant } = await connected(ctx, 'getir');
    const order = { ...GETIR_ORDER, id: 'getir-dup-1' };
    const answers = await Promise.all(Array.from({ length: 50 }, () => deliver(ctx, 'getir', restaurant.id, order, authOf('getir'))));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([...Array(49).fill(200), 201]);
    expect(new Set(answers.map((a) => a.json().orderId)).size).toBe(1);
    expect(await ctx.database.db.select().from(onlineOrders).where(eq(onlineOrders.restaurantId, restaurant.id))).toHaveLength(1);
  });
});

describe('an order id sent again', () => {
  it('with the same body is the same order (200); with another body it is refused (409) naming the first', async () => {
    const { restaurant } = await connected(ctx, 'getir');
    const order = { ...GETIR_ORDER, id: 'getir-again-1' };
    const first = await deliver(ctx, 'getir', restaurant.id, order, authOf('getir'));
    expect(first.statusCode, first.body).toBe(201);
    expect((await deliver(ctx, 'getir', restaurant.id, order, authOf('getir'))).statusCode).toBe(200);
    const changed = await deliver(ctx, 'getir', restaurant.id, { ...order, products: [{ ...order.products[0], count: 3 }] }, authOf('getir'));
    expect(changed.statusCode, changed.body).toBe(409);
    expect(changed.json().error).toContain(`ilk sipariş: ${first.json().orderId}`);
    expect(await ctx.database.db.select().from(onlineOrders).where(eq(onlineOrders.restaurantId, restaurant.id))).toHaveLength(1);
  });
});

describe('Trendyol Yemek: HTTP Basic on the webhook and on our calls', () => {
  it('maps the recorded order (string coordinates and amounts, modifiers, excluded ingredients, paid online) and sends picked with the preparation time', async () => {
    const { restaurant, owner } = await connected(ctx, 'trendyol');
    const res = await deliver(ctx, 'trendyol', restaurant.id, TRENDYOL_ORDER, authOf('trendyol'));
    expect(res.statusCode, res.body).toBe(201);
    const [order] = await inbox(owner);
    expect(order).toMatchObject({
      externalId: '987654321',
      customer: { name: 'Zeynep Kaya', lat: 40.9875, lng: 29.026 },
      payment: { method: 'online' },
      subtotal: 20_500,
      platformDiscount: 2500,
      total: 18_000,
    });
    expect(order.items[0]).toMatchObject({ quantity: 2, unitPrice: 10_250, note: 'Nane olmasın', options: [{ name: 'Ekstra Ekmek', price: 750 }] });
    expect((await owner('POST', `/online-orders/${order.id}/accept`, { prepMinutes: 20 })).statusCode).toBe(200);
    const calls = await sentCalls(ctx.app);
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: '/integrator/order/meal/suppliers/3344/packages/picked',
        headers: expect.objectContaining({ authorization: basicHeader('trendyol-client', 'trendyol-client-secret'), 'user-agent': '3344 - SelfIntegration', 'x-agentname': 'SelfIntegration', 'x-executor-user': 'Sofra' }),
        body: { packageId: '987654321', preparationTime: 20 },
      }),
    ]);
  });

  it('keeps an unmapped product on the order, marked, and refuses to accept it until it is mapped', async () => {
    const { restaurant, owner } = await connected(ctx, 'trendyol', () => ({}));
    const res = await deliver(ctx, 'trendyol', restaurant.id, TRENDYOL_ORDER, authOf('trendyol'));
    expect(res.statusCode).toBe(201);
    const [order] = await inbox(owner);
    expect(order.items[0]).toMatchObject({ menuItemId: null, unmapped: true, platformCode: '5551', name: 'Ezogelin Çorbası', unitPrice: 10_250 });
    const accept = await owner('POST', `/online-orders/${order.id}/accept`, { prepMinutes: 20 });
    expect(accept.statusCode).toBe(409);
    expect(accept.json().error).toMatch(/eşleşmemiş: Ezogelin Çorbası/);
    expect((await inbox(owner))[0].status).toBe('new');
  });

  it('never sends a platform’s test order to the kitchen, but still answers the platform', async () => {
    const { restaurant, owner } = await connected(ctx, 'trendyol');
    const { orderId } = (await deliver(ctx, 'trendyol', restaurant.id, { ...TRENDYOL_ORDER, id: 'ty-test-1', testPackage: true }, authOf('trendyol'))).json();
    const accept = await owner('POST', `/online-orders/${orderId}/accept`, { prepMinutes: 10 });
    expect(accept.statusCode, accept.body).toBe(200);
    expect(accept.json()).toMatchObject({ status: 'accepted', ticketId: null });
    expect(await ctx.database.db.select().from(tickets).where(eq(tickets.restaurantId, restaurant.id))).toHaveLength(0);
    expect((await inbox(owner))[0]).toMatchObject({ isTest: true, status: 'accepted' });
    expect(await sentCalls(ctx.app)).toEqual([expect.objectContaining({ path: '/integrator/order/meal/suppliers/3344/packages/picked' })]);
  });
});

describe('Trendyol’s and Yemeksepeti’s later calls', () => {
  it('refuses a Trendyol package as unsupplied naming its item ids, kept from the package', async () => {
    const { restaurant, owner } = await connected(ctx, 'trendyol');
    const { orderId } = (await deliver(ctx, 'trendyol', restaurant.id, { ...TRENDYOL_ORDER, id: 'ty-rej-1' }, authOf('trendyol'))).json();
    expect((await owner('POST', `/online-orders/${orderId}/reject`, { reason: 'dish_unavailable' })).statusCode).toBe(200);
    const calls = await sentCalls(ctx.app);
    expect(calls).toEqual([
      expect.objectContaining({ method: 'PUT', path: '/integrator/order/meal/suppliers/3344/packages/unsupplied', body: { packageId: 'ty-rej-1', itemIdList: ['3000001', '3000002'], reasonId: 621 } }),
    ]);
  });

  it('counts a step the platform has no call for (Delivery Hero hears no "delivered") as sent, without calling it', async () => {
    const { restaurant } = await connected(ctx, 'yemeksepeti');
    const [row] = await ctx.database.db
      .insert(platformOutbox)
      .values({ restaurantId: restaurant.id, orderId: null, platform: 'yemeksepeti', kind: 'delivered', payload: { kind: 'delivered', externalId: 'YS-D-1', token: 'tok-d-1' } })
      .returning();
    ctx.app.platformOutbox.kick();
    await ctx.app.platformOutbox.settled();
    const [after] = await ctx.database.db.select().from(platformOutbox).where(eq(platformOutbox.id, row.id));
    expect(after).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(after.attemptLog).toEqual([expect.objectContaining({ ok: true, note: NO_PLATFORM_CALL_NOTE })]);
    expect(fake.seen).toEqual([]);
  });
});

describe('the outbox', () => {
  it('shows a platform that is down on the order, and sends the call after the app restarts on the same database', async () => {
    const first = await createTestApp({ platforms: FAST });
    let second: App | null = null;
    try {
      const { restaurant, owner } = await connected(first, 'getir');
      const { orderId } = (await deliver(first, 'getir', restaurant.id, { ...GETIR_ORDER, id: 'getir-restart-1' }, authOf('getir'))).json();
      fake.down = true;
      expect((await owner('POST', `/online-orders/${orderId}/accept`, { prepMinutes: 20 })).statusCode).toBe(200);
      await first.app.platformOutbox.settled();
      // a few more tries while it stays down: each one logged with its error
      for (let i = 0; i < 2; i++) {
        await new Promise((r) => setTimeout(r, 10));
        await first.app.platformOutbox.drain();
      }
      const [failing] = (await inbox(owner)).filter((o) => o.id === orderId);
      expect(failing.deliveries).toEqual([expect.objectContaining({ kind: 'accept', status: 'failing', attempts: 3, lastError: expect.stringContaining('503') })]);
      expect(failing.deliveries[0].log).toHaveLength(3);
      expect(failing.deliveries[0].log.every((l) => !l.ok && l.status === 503)).toBe(true);

      await first.app.close(); // the process ends; the database stays
      fake.down = false;
      fake.seen.length = 0;
      await new Promise((r) => setTimeout(r, 10));
      second = await buildApp({ database: first.database, config: { cookieSecure: 'auto', trustProxy: false }, clientDir: '/nonexistent', platforms: FAST });
      await second.ready(); // start-up sends what is due
      await second.platformOutbox.settled();
      expect(fake.seen.filter((s) => s.path.includes('/verify'))).toHaveLength(1);
      const [row] = await first.database.db.select().from(platformOutbox).where(eq(platformOutbox.kind, 'accept'));
      expect(row).toMatchObject({ status: 'sent', attempts: 4, lastError: null });
    } finally {
      await second?.close();
      await first.database.close();
    }
  });
});

describe('calls go to public https addresses only', () => {
  it('an address on this server or its network is never called: the attempt is refused and shown on the order', async () => {
    // the installation's default: no allowance for private networks
    const strict = await createTestApp({ platforms: { ...FAST, allowPrivateNetworks: false } });
    try {
      const { restaurant, owner } = await connected(strict, 'getir');
      const { orderId } = (await deliver(strict, 'getir', restaurant.id, { ...GETIR_ORDER, id: 'getir-private-1' }, authOf('getir'))).json();
      expect((await owner('POST', `/online-orders/${orderId}/accept`, { prepMinutes: 15 })).statusCode).toBe(200);
      await strict.app.platformOutbox.settled();
      expect(fake.seen).toEqual([]); // not even the login reached the local server
      const [order] = (await inbox(owner)).filter((o) => o.id === orderId);
      expect(order.deliveries).toEqual([expect.objectContaining({ kind: 'accept', status: 'failing', lastError: NOT_PUBLIC_MESSAGE })]);
    } finally {
      await strict.close();
    }
  });
});

describe('Ayarlar: a platform’s connection and Yoğunuz', () => {
  it('saves a connection (secrets never read back), takes orders through it, and sends a pause through the outbox', async () => {
    const restaurant = await staffedRestaurant(ctx);
    const owner = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      ctx.app.inject({ method, url: `/api/restaurants/${restaurant.id}${url}`, cookies: restaurant.owner.cookies, ...(payload ? { payload } : {}) });
    const saved = await owner('PUT', '/integrations/platforms/getir', { enabled: true, webhookSecret: SECRETS.getir, clientId: 'app', clientSecret: 'rest', remoteCode: 'r-9', baseUrl: fake.baseUrl, productMap: { 'getir-p-merc': 'x' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain(SECRETS.getir);
    expect(saved.json()).toMatchObject({ platform: 'getir', enabled: true, hasWebhookSecret: true, hasClientSecret: true, productMap: { 'getir-p-merc': 'x' } });
    expect((await owner('GET', '/integrations/platforms')).json()).toHaveLength(1);
    const bidi = await owner('PUT', '/integrations/platforms/getir', { enabled: true, webhookSecret: 'abc\u202edefgh', baseUrl: fake.baseUrl });
    expect(bidi.statusCode).toBe(400);
    expect((await owner('PUT', '/integrations/platforms/migros', { enabled: true, webhookSecret: 'abcdefgh', baseUrl: fake.baseUrl })).statusCode).toBe(400);

    // a dish id of no menu maps to nothing: the product stays unmapped
    const res = await deliver(ctx, 'getir', restaurant.id, { ...GETIR_ORDER, id: 'getir-settings-1' }, authOf('getir'));
    expect(res.statusCode).toBe(201);

    expect((await owner('POST', '/integrations/platforms/getir/pause', { minutes: 30 })).statusCode).toBe(204);
    const calls = await sentCalls(ctx.app);
    expect(calls).toEqual([expect.objectContaining({ method: 'PUT', path: '/restaurants/status/close', body: { timeOffAmount: 30 }, headers: expect.objectContaining({ token: 'getir-token-1' }) })]);
    expect((await owner('POST', '/integrations/platforms/trendyol/pause', { minutes: 30 })).statusCode).toBe(409);
  });
});
