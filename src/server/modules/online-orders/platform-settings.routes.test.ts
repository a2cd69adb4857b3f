import { and, eq } from 'drizzle-orm';
import type { OnlineOrderInfo, PlatformConnectionInfo } from '../../../shared/online-orders-contract';
import type { Ticket } from '../../../shared/ticket-contract';
import { auditEvents, kitchenBatches, onlineOrders, platformConnections, platformOutbox, tickets } from '../../db/schema';
import { menuFactory } from '../../test-support/factories';
import { collectEvents, createTestApp, staffedRestaurant, type TestContext } from '../../test-support/test-app';
import { GETIR_ORDER, YEMEKSEPETI_ORDER } from './platforms/fixtures';
import { signHs512 } from './platforms/yemeksepeti';

/*
 * A platform's settings (issue 24): auto-accept on arrival, Eşleştir (a platform product mapped to
 * a Sofra dish from the inbox) and the waiting orders re-resolved when the map changes. Getir Yemek
 * stands for the three: its webhook proves itself with a plain x-api-key. The outbox never reaches
 * a network here (private addresses are refused by the installation's default).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ platforms: { pollMs: 0 } });
});
afterAll(async () => ctx.close());

const KEY = 'getir-api-key-1';
const BASE_URL = 'https://getir.example.com';
let counter = 0;

/** A restaurant whose menu has Mercimek (1% VAT, at Çorba station) and Ezogelin; `connect` saves its Getir connection as the owner. */
async function restaurantWithMenu() {
  const restaurant = await staffedRestaurant(ctx);
  const menu = await menuFactory(ctx, restaurant.id, {
    items: [
      { name: 'Mercimek', priceKurus: 8000, vatRate: 1, station: 'Çorba' },
      { name: 'Ezogelin', priceKurus: 9500 },
    ],
    optionGroup: false,
  });
  const [mercimek, ezogelin] = menu.items;
  const call = (who: { cookies: Record<string, string> }, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    ctx.app.inject({ method, url: `/api/restaurants/${restaurant.id}${url}`, cookies: who.cookies, ...(payload === undefined ? {} : { payload: payload as object }) });
  const owner = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => call(restaurant.owner, method, url, payload);
  const connect = async (extra: Record<string, unknown> = {}) => {
    const res = await owner('PUT', '/integrations/platforms/getir', { enabled: true, webhookSecret: KEY, clientId: 'app-1', clientSecret: 'client-secret-1', remoteCode: 'r-1', baseUrl: BASE_URL, ...extra });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as PlatformConnectionInfo;
  };
  /** Getir's recorded order (one Mercimek Çorbası, code getir-p-merc, 90 TL + Lavaş 5 TL) under a fresh id */
  const deliver = (over: Record<string, unknown> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/integrations/getir/${restaurant.id}/orders`,
      payload: { ...GETIR_ORDER, id: `getir-settings-${++counter}`, ...over },
      headers: { 'x-api-key': KEY },
    });
  const inbox = async () => (await owner('GET', '/online-orders')).json() as OnlineOrderInfo[];
  const orderOf = async (id: string) => (await inbox()).find((o) => o.id === id)!;
  return { restaurant, mercimek, ezogelin, call, owner, connect, deliver, inbox, orderOf };
}

const batchesOf = (ticketId: string) => ctx.database.db.select().from(kitchenBatches).where(eq(kitchenBatches.ticketId, ticketId));
const auditOf = (restaurantId: string, action: string) =>
  ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.restaurantId, restaurantId), eq(auditEvents.action, action)));

describe('auto-accept', () => {
  it('accepts a fully mapped order on arrival: the ticket, its kitchen batch and the platform’s accept call, in the intake’s one command', async () => {
    const r = await restaurantWithMenu();
    const saved = await r.connect({ productMap: { 'getir-p-merc': r.mercimek.id }, autoAcceptMinutes: 25 });
    expect(saved.autoAcceptMinutes).toBe(25);
    const events = collectEvents(ctx, r.restaurant.id);

    const res = await r.deliver();
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().status).toBe('accepted');
    const order = await r.orderOf(res.json().orderId);
    expect(order).toMatchObject({ status: 'accepted', prepMinutes: 25, ticketId: expect.any(String) });
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['online-orders', 'tickets', 'kitchen']));

    const ticket = (await r.owner('GET', `/tickets/${order.ticketId}`)).json() as Ticket;
    expect(ticket).toMatchObject({ type: 'delivery', status: 'open' });
    expect(ticket.lines).toEqual([expect.objectContaining({ name: 'Mercimek Çorbası', quantity: 1, unitPrice: 9500, status: 'sent' })]);
    expect(await batchesOf(order.ticketId!)).toHaveLength(1);
    const [accept] = await ctx.database.db.select().from(platformOutbox).where(and(eq(platformOutbox.orderId, order.id), eq(platformOutbox.kind, 'accept')));
    expect(accept.payload).toMatchObject({ kind: 'accept', prepMinutes: 25, externalId: expect.stringMatching(/^getir-settings-/) });
    // the integration accepted it, no person: the answer and the audit name no user
    const [row] = await ctx.database.db.select().from(onlineOrders).where(eq(onlineOrders.id, order.id));
    expect(row.answeredBy).toBeNull();
    const [audited] = (await auditOf(r.restaurant.id, 'online_order.accept')).filter((a) => a.entityId === order.id);
    expect(audited).toMatchObject({ actorUserId: null, actorRole: 'integration' });

    // the platform sending it again changes nothing: the same order, still one ticket and one batch
    const again = await ctx.app.inject({ method: 'POST', url: `/api/integrations/getir/${r.restaurant.id}/orders`, payload: { ...GETIR_ORDER, id: accept.payload && (accept.payload as { externalId: string }).externalId }, headers: { 'x-api-key': KEY } });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ orderId: order.id, status: 'accepted' });
    expect(await ctx.database.db.select().from(tickets).where(eq(tickets.restaurantId, r.restaurant.id))).toHaveLength(1);
  });

  it('leaves an order with an unmapped product waiting, however the connection is set', async () => {
    const r = await restaurantWithMenu();
    await r.connect({ productMap: {}, autoAcceptMinutes: 25 });
    const res = await r.deliver();
    expect(res.statusCode).toBe(201);
    expect(res.json().status).toBe('new');
    expect(await r.orderOf(res.json().orderId)).toMatchObject({ status: 'new', ticketId: null, items: [expect.objectContaining({ unmapped: true })] });
    expect(await ctx.database.db.select().from(tickets).where(eq(tickets.restaurantId, r.restaurant.id))).toHaveLength(0);
  });

  it('leaves every order to the owner when auto-accept is off', async () => {
    const r = await restaurantWithMenu();
    await r.connect({ productMap: { 'getir-p-merc': r.mercimek.id }, autoAcceptMinutes: null });
    const res = await r.deliver();
    expect(res.json().status).toBe('new');
    expect(await ctx.database.db.select().from(tickets).where(eq(tickets.restaurantId, r.restaurant.id))).toHaveLength(0);
  });

  it('answers a test order like any other, with no ticket and nothing for the kitchen', async () => {
    // Getir's order carries no test flag: Yemeksepeti's `test` stands for the platforms that have one
    const r = await restaurantWithMenu();
    const saved = await r.owner('PUT', '/integrations/platforms/yemeksepeti', { enabled: true, webhookSecret: KEY, clientId: 'c', clientSecret: 's', remoteCode: 'v-1', baseUrl: BASE_URL, productMap: { 'YS-MERC': r.mercimek.id }, autoAcceptMinutes: 15 });
    expect(saved.statusCode, saved.body).toBe(200);
    const body = { ...YEMEKSEPETI_ORDER, code: `ys-test-${++counter}`, test: true, products: [YEMEKSEPETI_ORDER.products[0]] };
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/integrations/yemeksepeti/${r.restaurant.id}/orders`,
      payload: body,
      headers: { authorization: `Bearer ${signHs512({ service: 'middleware', exp: Math.floor(Date.now() / 1000) + 60 }, KEY)}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().status).toBe('accepted');
    expect(await r.orderOf(res.json().orderId)).toMatchObject({ status: 'accepted', isTest: true, ticketId: null, prepMinutes: 15 });
    expect(await ctx.database.db.select().from(tickets).where(eq(tickets.restaurantId, r.restaurant.id))).toHaveLength(0);
  });

  it('keeps the order waiting when the ticket refuses it (a delivery without a phone): only the acceptance rolls back', async () => {
    const r = await restaurantWithMenu();
    await r.connect({ productMap: { 'getir-p-merc': r.mercimek.id }, autoAcceptMinutes: 20 });
    const { clientUnmaskedPhoneNumber: _, ...client } = GETIR_ORDER.client;
    const res = await r.deliver({ client });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().status).toBe('new');
    const orderId = res.json().orderId as string;
    expect(await r.orderOf(orderId)).toMatchObject({ status: 'new', ticketId: null, prepMinutes: null });
    expect(await ctx.database.db.select().from(tickets).where(eq(tickets.restaurantId, r.restaurant.id))).toHaveLength(0);
    expect(await ctx.database.db.select().from(platformOutbox).where(and(eq(platformOutbox.orderId, orderId), eq(platformOutbox.kind, 'accept')))).toHaveLength(0);
    expect((await auditOf(r.restaurant.id, 'online_order.auto_accept_failed')).map((a) => a.entityId)).toEqual([orderId]);
    // the audit chain stays whole across the rolled-back savepoint
    const verified = await r.owner('GET', '/audit-chain');
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ firstBroken: null, brokenChains: [] });
  });
});

describe('Eşleştir: a platform product mapped from the inbox', () => {
  it('maps the code, gives waiting orders the dish (its VAT and station; the platform’s name and price stay) and makes them acceptable', async () => {
    const r = await restaurantWithMenu();
    await r.connect({ productMap: {}, autoAcceptMinutes: null });
    const first = (await r.deliver()).json().orderId as string;
    const second = (await r.deliver()).json().orderId as string;
    const rejected = (await r.deliver()).json().orderId as string;
    expect((await r.owner('POST', `/online-orders/${rejected}/reject`, { reason: 'too_busy' })).statusCode).toBe(200);
    const refused = await r.owner('POST', `/online-orders/${first}/accept`, { prepMinutes: 20 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toContain('eşleşmemiş');
    const versionBefore = (await r.orderOf(first)).version;
    const events = collectEvents(ctx, r.restaurant.id);

    const res = await r.owner('PUT', '/integrations/platforms/getir/products/getir-p-merc', { menuItemId: r.mercimek.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ platform: 'getir', code: 'getir-p-merc', menuItemId: r.mercimek.id, remappedOrderIds: expect.arrayContaining([first, second]) });
    expect(res.json().remappedOrderIds).toHaveLength(2);
    expect(events.map((e) => e.type)).toContain('online-orders');

    const order = await r.orderOf(first);
    expect(order.version).toBe(versionBefore + 1);
    expect(order.items).toEqual([
      expect.objectContaining({ menuItemId: r.mercimek.id, name: 'Mercimek Çorbası', unitPrice: 9500, platformCode: 'getir-p-merc', unmapped: false }),
    ]);
    // an answered order is history: it is not rewritten
    expect((await r.orderOf(rejected)).items[0]).toMatchObject({ menuItemId: null, unmapped: true });
    const [connection] = (await r.owner('GET', '/integrations/platforms')).json() as PlatformConnectionInfo[];
    expect(connection.productMap).toEqual({ 'getir-p-merc': r.mercimek.id });
    expect(await auditOf(r.restaurant.id, 'integration.platform.map')).toHaveLength(1);
    expect((await auditOf(r.restaurant.id, 'online_order.remap')).map((a) => a.entityId).sort()).toEqual([first, second].sort());

    const accepted = await r.owner('POST', `/online-orders/${first}/accept`, { prepMinutes: 20 });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const ticket = (await r.owner('GET', `/tickets/${accepted.json().ticketId}`)).json() as Ticket;
    expect(ticket.lines).toEqual([expect.objectContaining({ name: 'Mercimek Çorbası', unitPrice: 9500, vatRate: 1, station: 'Çorba' })]);
  });

  it('leaves a waiting order of an auto-accepting connection waiting once it is mapped: the owner answers it', async () => {
    const r = await restaurantWithMenu();
    await r.connect({ productMap: {}, autoAcceptMinutes: 20 });
    const orderId = (await r.deliver()).json().orderId as string;
    expect((await r.owner('PUT', '/integrations/platforms/getir/products/getir-p-merc', { menuItemId: r.mercimek.id })).statusCode).toBe(200);
    expect(await r.orderOf(orderId)).toMatchObject({ status: 'new', ticketId: null, items: [expect.objectContaining({ unmapped: false })] });
  });

  it('refuses another restaurant’s dish with 404 and changes nothing', async () => {
    const r = await restaurantWithMenu();
    const other = await restaurantWithMenu();
    await r.connect();
    const orderId = (await r.deliver()).json().orderId as string;
    const res = await r.owner('PUT', '/integrations/platforms/getir/products/getir-p-merc', { menuItemId: other.mercimek.id });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('Ürün bulunamadı: bu restoranın menüsünde yok');
    expect((await r.orderOf(orderId)).items[0]).toMatchObject({ menuItemId: null, unmapped: true });
    const [connection] = (await r.owner('GET', '/integrations/platforms')).json() as PlatformConnectionInfo[];
    expect(connection.productMap).toEqual({});
    // a platform the restaurant never connected has no map to add to
    expect((await r.owner('PUT', '/integrations/platforms/trendyol/products/5551', { menuItemId: r.mercimek.id })).statusCode).toBe(404);
  });

  it('is the owner’s alone: a waiter or the kitchen gets 403', async () => {
    const r = await restaurantWithMenu();
    await r.connect();
    for (const who of [r.restaurant.waiter, r.restaurant.kitchen]) {
      const res = await r.call(who, 'PUT', '/integrations/platforms/getir/products/getir-p-merc', { menuItemId: r.mercimek.id });
      expect(res.statusCode).toBe(403);
    }
    const [row] = await ctx.database.db.select().from(platformConnections).where(eq(platformConnections.restaurantId, r.restaurant.id));
    expect(row.productMap).toEqual({});
  });

  it('refuses a malformed body or code with 400 and a Turkish message', async () => {
    const r = await restaurantWithMenu();
    await r.connect();
    const empty = await r.owner('PUT', '/integrations/platforms/getir/products/getir-p-merc', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ menuItemId: 'Bir Sofra ürünü seçin' });
    const number = await r.owner('PUT', '/integrations/platforms/getir/products/getir-p-merc', { menuItemId: 42 });
    expect(number.statusCode).toBe(400);
    expect(number.json().fields.menuItemId).toBe('Bir Sofra ürünü seçin');
    const spaced = await r.owner('PUT', `/integrations/platforms/getir/products/${encodeURIComponent('kod 1')}`, { menuItemId: r.mercimek.id });
    expect(spaced.statusCode).toBe(400);
    expect(spaced.body).toContain('Platform ürün kodu yalnızca boşluksuz');
    expect((await r.owner('PUT', '/integrations/platforms/migros/products/x', { menuItemId: r.mercimek.id })).statusCode).toBe(400);
  });
});

describe('saving a connection', () => {
  it('re-resolves the waiting orders with the new map and keeps the stored secrets when they are left empty', async () => {
    const r = await restaurantWithMenu();
    await r.connect();
    const orderId = (await r.deliver()).json().orderId as string;
    const saved = await r.owner('PUT', '/integrations/platforms/getir', {
      enabled: true,
      webhookSecret: '',
      clientId: 'app-1',
      clientSecret: '',
      remoteCode: 'r-1',
      baseUrl: BASE_URL,
      productMap: { 'getir-p-merc': r.ezogelin.id },
      autoAcceptMinutes: null,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ hasWebhookSecret: true, hasClientSecret: true, productMap: { 'getir-p-merc': r.ezogelin.id } });
    expect(saved.body).not.toContain(KEY);
    expect((await r.orderOf(orderId)).items[0]).toMatchObject({ menuItemId: r.ezogelin.id, unmapped: false, name: 'Mercimek Çorbası' });
    const [row] = await ctx.database.db.select().from(platformConnections).where(eq(platformConnections.restaurantId, r.restaurant.id));
    expect(row).toMatchObject({ webhookSecret: KEY, clientSecret: 'client-secret-1' });
    // the platform still gets through with the kept key
    expect((await r.deliver()).statusCode).toBe(201);
    // a new secret replaces the old one, which stops working at once
    await r.connect({ webhookSecret: 'getir-api-key-2' });
    expect((await r.deliver()).statusCode).toBe(401);
  });

  it('needs the webhook secret on the first save, named on its field', async () => {
    const r = await restaurantWithMenu();
    const res = await r.owner('PUT', '/integrations/platforms/getir', { enabled: true, baseUrl: BASE_URL });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ webhookSecret: 'Webhook anahtarı gerekli: platformun size verdiği anahtarı yazın' });
    const short = await r.owner('PUT', '/integrations/platforms/getir', { enabled: true, webhookSecret: 'kısa', baseUrl: BASE_URL });
    expect(short.statusCode).toBe(400);
    const badMinutes = await r.owner('PUT', '/integrations/platforms/getir', { enabled: true, webhookSecret: KEY, baseUrl: BASE_URL, autoAcceptMinutes: 3 });
    expect(badMinutes.statusCode).toBe(400);
    expect(badMinutes.json().fields.autoAcceptMinutes).toBe('Hazırlama süresi en az 5 dakika olmalı');
    expect((await r.owner('GET', '/integrations/platforms')).json()).toEqual([]);
  });

  it('shows the last Yoğunuz and how its sending goes', async () => {
    const r = await restaurantWithMenu();
    expect((await r.connect()).lastPause).toBeNull();
    expect((await r.owner('POST', '/integrations/platforms/getir/pause', { minutes: 30 })).statusCode).toBe(204);
    expect((await r.owner('POST', '/integrations/platforms/getir/pause', { minutes: 45 })).statusCode).toBe(204);
    const [connection] = (await r.owner('GET', '/integrations/platforms')).json() as PlatformConnectionInfo[];
    expect(connection.lastPause).toMatchObject({ minutes: 45, status: expect.stringMatching(/^(pending|failing|sent|dead)$/) });
  });
});
