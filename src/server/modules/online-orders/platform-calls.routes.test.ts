import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { onlineOrders, platformConnections, platformOutbox, ticketLines } from '../../db/schema';
import { type TestContext } from '../../test-support/test-app';
import type { AttemptLogEntry } from './platform-outbox';
import { PLATFORM_SETTINGS_MESSAGES } from './platform-settings';
import { aMinuteLater, appWithFakePlatform, authOf, connected, deliver, fake, inbox, sentCalls } from './platforms-test-kit';
import { GETIR_ORDER, TRENDYOL_ORDER, YEMEKSEPETI_ORDER } from './platforms/fixtures';
import { YS_AVAILABILITY_MESSAGES } from './platforms/yemeksepeti-availability';
import { type DeliveryPlatform } from '../../../shared/domain/channels';
import { REJECT_REASON_LABELS } from '../../../shared/online-orders-contract';

/*
 * The platform calls that need the platform's own state first, end to end through the outbox
 * against a fake platform server: Yoğunuz on Yemeksepeti (Delivery Hero's availability read, then
 * a PUT per open platform, with the chain code and POS vendor id the connection now keeps), a
 * Getir rejection (the order's cancel options read, then the cancel with the chosen id), Getir's
 * payment methods read once when an order's payment cannot be named otherwise, and Yoğunuz on
 * Trendyol (its store closed now and opened again when the minutes end).
 */

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../tests/fixtures/platforms');
const fixture = (platform: string, name: string): unknown => JSON.parse(readFileSync(path.join(FIXTURES, platform, `${name}.json`), 'utf8'));

let ctx: TestContext;
appWithFakePlatform((c) => (ctx = c));

async function withCodes(platform: DeliveryPlatform, codes: Partial<typeof platformConnections.$inferInsert>) {
  const shop = await connected(ctx, platform);
  await ctx.database.db.update(platformConnections).set(codes).where(and(eq(platformConnections.restaurantId, shop.restaurant.id), eq(platformConnections.platform, platform)));
  return shop;
}

const rows = (restaurantId: string, kind: string) =>
  ctx.database.db.select().from(platformOutbox).where(and(eq(platformOutbox.restaurantId, restaurantId), eq(platformOutbox.kind, kind)));

describe('the connection keeps the codes the platforms’ calls need', () => {
  it('Yemeksepeti’s chain code, Trendyol’s store id and acting e-mail are saved and read back; an e-mail that is none is refused in Turkish', async () => {
    const shop = await connected(ctx, 'getir');
    const save = (platform: string, body: object) =>
      ctx.app.inject({ method: 'PUT', url: `/api/restaurants/${shop.restaurant.id}/integrations/platforms/${platform}`, payload: body, cookies: shop.restaurant.owner.cookies });
    const ys = await save('yemeksepeti', { enabled: true, webhookSecret: 'ys-secret-1', remoteCode: 'vendor-7', chainCode: 'zincir-3', baseUrl: 'https://integration-middleware-tr.example' });
    expect(ys.statusCode, ys.body).toBe(200);
    expect(ys.json()).toMatchObject({ remoteCode: 'vendor-7', chainCode: 'zincir-3', storeId: '', executorUser: '' });
    const ty = await save('trendyol', { enabled: true, webhookSecret: 'ty-secret-1', remoteCode: '107385', storeId: '164', executorUser: 'mutfak@lokanta.example', baseUrl: 'https://api.tgoapis.com' });
    expect(ty.json()).toMatchObject({ storeId: '164', executorUser: 'mutfak@lokanta.example' });
    const bad = await save('trendyol', { enabled: true, remoteCode: '107385', executorUser: 'mutfak', baseUrl: 'https://api.tgoapis.com' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ executorUser: 'İşlemi yapan e-posta geçerli bir e-posta adresi olmalı' });
    const listed = (await shop.owner('GET', '/integrations/platforms')).json() as { platform: string; chainCode: string; storeId: string }[];
    expect(listed.find((c) => c.platform === 'yemeksepeti')).toMatchObject({ chainCode: 'zincir-3' });
    expect(listed.find((c) => c.platform === 'trendyol')).toMatchObject({ storeId: '164' });
  });
});

describe('Yoğunuz on Yemeksepeti', () => {
  const PATH = (chain: string, vendor: string) => `/v2/chains/${chain}/remoteVendors/${vendor}/availability`;

  it('is refused at once without the chain code', async () => {
    const { owner } = await connected(ctx, 'yemeksepeti');
    const res = await owner('POST', '/integrations/platforms/yemeksepeti/pause', { minutes: 30 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: PLATFORM_SETTINGS_MESSAGES.noChainCode });
  });

  it('reads the vendor’s availability, then PUTs CLOSED_UNTIL with its platformKey and platformRestaurantId, logged in with the bearer token', async () => {
    const { restaurant, owner } = await withCodes('yemeksepeti', { chainCode: 'zincir-1' });
    fake.answers[`GET ${PATH('zincir-1', 'vendor-11')}`] = fixture('yemeksepeti', 'availability-status');
    expect((await owner('POST', '/integrations/platforms/yemeksepeti/pause', { minutes: 45 })).statusCode).toBe(204);
    const calls = await sentCalls(ctx.app);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([`GET ${PATH('zincir-1', 'vendor-11')}`, `PUT ${PATH('zincir-1', 'vendor-11')}`]);
    expect(calls[1].body).toEqual({ availabilityState: 'CLOSED_UNTIL', platformKey: 'FO_DE', platformRestaurantId: 'kg6y', closedReason: 'OTHER', closingMinutes: 60 });
    expect(calls.every((c) => c.headers.authorization === 'Bearer ys-access-1')).toBe(true);
    const [pause] = await rows(restaurant.id, 'pause');
    expect(pause).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('retries a 204 ("not ready yet") and sends when Delivery Hero has the answer', async () => {
    const { restaurant, owner } = await withCodes('yemeksepeti', { chainCode: 'zincir-2' });
    fake.answers[`GET ${PATH('zincir-2', 'vendor-11')}`] = [204, null];
    expect((await owner('POST', '/integrations/platforms/yemeksepeti/pause', { minutes: 30 })).statusCode).toBe(204);
    await ctx.app.platformOutbox.settled();
    const [first] = await rows(restaurant.id, 'pause');
    expect(first).toMatchObject({ status: 'failing', attempts: 1, lastError: YS_AVAILABILITY_MESSAGES.notReady });
    fake.answers[`GET ${PATH('zincir-2', 'vendor-11')}`] = fixture('yemeksepeti', 'availability-status-three-platforms');
    await ctx.database.db.update(platformOutbox).set({ nextAttemptAt: new Date(0) }).where(eq(platformOutbox.id, first.id));
    await ctx.app.platformOutbox.drain();
    const [second] = await rows(restaurant.id, 'pause');
    expect(second).toMatchObject({ status: 'sent', attempts: 2 });
    expect((await sentCalls(ctx.app)).filter((c) => c.method === 'PUT').map((c) => (c.body as { platformKey: string }).platformKey)).toEqual(['FO_DE', 'LH_DE']);
  });
});

describe('a Getir rejection', () => {
  it('reads the order’s cancel options and cancels with the one that names the reason', async () => {
    const { restaurant, owner } = await connected(ctx, 'getir');
    const id = 'getir-reject-opts-1';
    // the shape of Getir's Swagger (Model20); the words are this test's own (Getir publishes none)
    fake.answers[`GET /food-orders/${id}/cancel-options`] = [
      { id: '5f1', message: 'Restoran kapalı' },
      { id: '5f2', message: 'Ürün stokta yok' },
      { id: '5f3', message: 'Diğer' },
    ];
    const { orderId } = (await deliver(ctx, 'getir', restaurant.id, { ...GETIR_ORDER, id }, authOf('getir'))).json();
    expect((await owner('POST', `/online-orders/${orderId}/reject`, { reason: 'dish_unavailable' })).statusCode).toBe(200);
    const calls = await sentCalls(ctx.app);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([`GET /food-orders/${id}/cancel-options`, `POST /food-orders/${id}/cancel`]);
    expect(calls[1].body).toEqual({ cancelReasonId: '5f2', cancelNote: REJECT_REASON_LABELS.dish_unavailable });
    expect(calls[1].headers.token).toBe('getir-token-1');
  });
});

describe('Getir’s payment methods', () => {
  it('are read once, only for an order whose payment neither its own text nor the known ids name, and kept for later orders', async () => {
    const { restaurant, owner } = await connected(ctx, 'getir');
    // the shape of GET /payment-methods in Getir's Swagger (Model1); the ids and names are this test's own
    fake.answers['GET /payment-methods'] = [
      { id: '4', name: { tr: 'Kapıda Nakit', en: 'Cash on delivery' }, paymentGroup: 2, deliveryTypes: [1, 2], type: 1 },
      { id: '31', name: { tr: 'Kapıda Setcard', en: 'Setcard on delivery' }, paymentGroup: 2, deliveryTypes: [2], type: 1 },
    ];
    const known = await deliver(ctx, 'getir', restaurant.id, { ...GETIR_ORDER, id: 'getir-pm-1' }, authOf('getir'));
    expect(known.statusCode).toBe(201);
    expect(fake.seen.filter((s) => s.path === '/payment-methods')).toHaveLength(0);
    const unnamed = { ...GETIR_ORDER, paymentMethod: 31, paymentMethodText: null };
    expect((await deliver(ctx, 'getir', restaurant.id, { ...unnamed, id: 'getir-pm-2' }, authOf('getir'))).statusCode).toBe(201);
    expect((await deliver(ctx, 'getir', restaurant.id, { ...unnamed, id: 'getir-pm-3' }, authOf('getir'))).statusCode).toBe(201);
    expect(fake.seen.filter((s) => s.path === '/payment-methods').map((s) => s.headers.token)).toEqual(['getir-token-1']);
    const orders = await inbox(owner);
    for (const id of ['getir-pm-2', 'getir-pm-3']) expect(orders.find((o) => o.externalId === id)?.payment).toEqual({ method: 'meal_card', brand: 'Setcard' });
  });

  it('leave an order refused (400, Turkish) when even Getir’s list does not name its payment', async () => {
    const { restaurant } = await connected(ctx, 'getir');
    fake.answers['GET /payment-methods'] = [{ id: '4', name: { tr: 'Kapıda Nakit' } }];
    const res = await deliver(ctx, 'getir', restaurant.id, { ...GETIR_ORDER, id: 'getir-pm-4', paymentMethod: 77, paymentMethodText: null }, authOf('getir'));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/Getir ödeme yöntemi tanınmadı \(paymentMethod 77\)/);
  });
});

describe('Yoğunuz on Trendyol', () => {
  const STATUS = '/integrator/store/meal/suppliers/3344/stores/164/status';

  it('is refused at once without the store id', async () => {
    const { owner } = await connected(ctx, 'trendyol');
    const res = await owner('POST', '/integrations/platforms/trendyol/pause', { minutes: 30 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: PLATFORM_SETTINGS_MESSAGES.noStoreId });
  });

  it('closes the store now and opens it again when the minutes end; a second Yoğunuz moves the reopening', async () => {
    const { restaurant, owner } = await withCodes('trendyol', { storeId: '164', executorUser: 'mutfak@lokanta.example' });
    expect((await owner('POST', '/integrations/platforms/trendyol/pause', { minutes: 30 })).statusCode).toBe(204);
    const closed = await sentCalls(ctx.app);
    expect(closed).toEqual([expect.objectContaining({ method: 'PUT', path: STATUS, body: { status: 'CLOSED' } })]);
    expect(closed[0].headers).toMatchObject({ 'user-agent': '3344 - SelfIntegration', 'x-agentname': 'SelfIntegration', 'x-executor-user': 'mutfak@lokanta.example' });
    const [first] = await rows(restaurant.id, 'resume');
    expect(first.status).toBe('pending');
    expect(first.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(29 * 60_000);

    expect((await owner('POST', '/integrations/platforms/trendyol/pause', { minutes: 60 })).statusCode).toBe(204);
    await sentCalls(ctx.app);
    const resumes = await rows(restaurant.id, 'resume');
    expect(resumes).toHaveLength(1);
    expect(resumes[0].nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);

    fake.seen.length = 0;
    await ctx.database.db.update(platformOutbox).set({ nextAttemptAt: new Date(0) }).where(eq(platformOutbox.id, resumes[0].id));
    await ctx.app.platformOutbox.drain();
    expect(await sentCalls(ctx.app)).toEqual([expect.objectContaining({ method: 'PUT', path: STATUS, body: { status: 'OPEN' } })]);
    const log = (await rows(restaurant.id, 'resume'))[0].attemptLog as AttemptLogEntry[];
    expect(log.at(-1)).toMatchObject({ ok: true, status: 200 });
  });
});

describe('a Trendyol refusal', () => {
  it('of a package brought by Trendyol’s own courier uses the reason every model may send', async () => {
    const { restaurant, owner } = await connected(ctx, 'trendyol');
    const { orderId } = (await deliver(ctx, 'trendyol', restaurant.id, { ...TRENDYOL_ORDER, id: 'ty-go-rej-1', deliveryType: 'GO' }, authOf('trendyol'))).json();
    expect((await owner('POST', `/online-orders/${orderId}/reject`, { reason: 'too_busy' })).statusCode).toBe(200);
    const [call] = await sentCalls(ctx.app);
    expect(call.body).toMatchObject({ packageId: 'ty-go-rej-1', reasonId: 623 });
  });
});

/** A Yemeksepeti order accepted while the platform is down: its accept call is left failing. */
async function acceptedWhilePlatformDown(code: string) {
  const { restaurant } = await connected(ctx, 'yemeksepeti');
  const { orderId } = (await deliver(ctx, 'yemeksepeti', restaurant.id, { ...YEMEKSEPETI_ORDER, code }, authOf('yemeksepeti'))).json() as { orderId: string };
  fake.down = true;
  const accepted = await ctx.app.inject({ method: 'POST', url: `/api/restaurants/${restaurant.id}/online-orders/${orderId}/accept`, cookies: restaurant.owner.cookies, payload: { prepMinutes: 20 } });
  expect(accepted.statusCode).toBe(200);
  await sentCalls(ctx.app);
  return { restaurant, orderId };
}

/** The kitchen marks every line of the order ready. */
async function cookAll(restaurant: { id: string; kitchen: { cookies: Record<string, string> } }, orderId: string) {
  const lines = await ctx.database.db.select({ id: ticketLines.id }).from(ticketLines).innerJoin(onlineOrders, eq(onlineOrders.ticketId, ticketLines.ticketId)).where(eq(onlineOrders.id, orderId));
  for (const line of lines) {
    const res = await ctx.app.inject({ method: 'POST', url: `/api/restaurants/${restaurant.id}/kitchen/lines/${line.id}/status`, cookies: restaurant.kitchen.cookies, payload: { status: 'ready' } });
    expect(res.statusCode).toBe(200);
  }
}

describe('the platforms’ rules on how often and in what order', () => {
  it('Getir: a third Yoğunuz in a minute waits for Getir’s two-a-minute budget of the restaurant calls, with no failure counted', async () => {
    const { restaurant, owner } = await connected(ctx, 'getir');
    for (let i = 0; i < 3; i++) expect((await owner('POST', '/integrations/platforms/getir/pause', { minutes: 15 })).statusCode).toBe(204);
    const sent = await sentCalls(ctx.app);
    expect(sent.map((c) => `${c.method} ${c.path}`)).toEqual(['PUT /restaurants/status/close', 'PUT /restaurants/status/close']);
    const waiting = (await rows(restaurant.id, 'pause')).filter((r) => r.status !== 'sent');
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ status: 'pending', attempts: 0, attemptLog: [] });
    const wait = waiting[0].nextAttemptAt.getTime() - Date.now();
    expect(wait).toBeGreaterThan(50_000);
    expect(wait).toBeLessThanOrEqual(60_000);
  });

  it('an order’s steps reach the platform in order: a ready waits while the accept before it is still failing', async () => {
    const { restaurant, orderId } = await acceptedWhilePlatformDown('YS-ORDER-1');
    await cookAll(restaurant, orderId);
    await sentCalls(ctx.app);
    const [ready] = await rows(restaurant.id, 'ready');
    expect(ready).toMatchObject({ status: 'pending', attempts: 0 });
    fake.down = false;
    fake.seen.length = 0;
    await aMinuteLater(ctx, orderId);
    const calls = await sentCalls(ctx.app);
    expect(calls.map((c) => (c.path.endsWith('/preparation-completed') ? 'ready' : (c.body as { status?: string }).status))).toEqual(['order_accepted', 'ready']);
  });

  it('a step given up on (dead) holds nothing back: the next step of the order goes', async () => {
    const { restaurant, orderId } = await acceptedWhilePlatformDown('YS-ORDER-2');
    // the accept failed until the outbox gave up on it (the owner phoned the platform instead)
    await ctx.database.db.update(platformOutbox).set({ status: 'dead' }).where(and(eq(platformOutbox.orderId, orderId), eq(platformOutbox.kind, 'accept')));
    fake.down = false;
    fake.seen.length = 0;
    await cookAll(restaurant, orderId);
    expect((await sentCalls(ctx.app)).map((c) => c.path.split('/').at(-1))).toEqual(['preparation-completed']);
    expect((await rows(restaurant.id, 'ready'))[0]).toMatchObject({ status: 'sent' });
  });
});
