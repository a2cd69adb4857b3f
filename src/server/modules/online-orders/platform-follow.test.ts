import { and, eq } from 'drizzle-orm';
import { payments, platformOutbox, ticketLines, tickets } from '../../db/schema';
import { type TestContext } from '../../test-support/test-app';
import { aMinuteLater, appWithFakePlatform, authOf, connected, deliver, fake, inbox, sentCalls } from './platforms-test-kit';
import { GETIR_ORDER, TRENDYOL_ORDER, YEMEKSEPETI_ORDER } from './platforms/fixtures';
import { type DeliveryPlatform } from '../../../shared/domain/channels';

/*
 * After acceptance (issue 24): the platform hears Hazır, Yolda and Teslim Edildi as the kitchen and
 * the courier get there, each once; the sender's money is an 'online' payment named after it; the
 * owner's Teslim Edildi; and a platform's cancellation, which strikes the kitchen card and never
 * leaves a half-made ticket open.
 */

let ctx: TestContext;
appWithFakePlatform((c) => (ctx = c));

type Connected = Awaited<ReturnType<typeof connected>>;

/** A connected restaurant with one accepted order of `platform` (its body changed by `extra`). */
async function accepted(platform: DeliveryPlatform, body: object) {
  const shop = await connected(ctx, platform);
  const res = await deliver(ctx, platform, shop.restaurant.id, body, authOf(platform));
  expect(res.statusCode, res.body).toBe(201);
  const { orderId } = res.json() as { orderId: string };
  const acc = await shop.owner('POST', `/online-orders/${orderId}/accept`, { prepMinutes: 20 });
  expect(acc.statusCode, acc.body).toBe(200);
  await sentCalls(ctx.app);
  fake.seen.length = 0;
  return { ...shop, orderId, ticketId: acc.json().ticketId as string };
}

const as = (shop: Connected, who: 'kitchen' | 'owner') => (method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/restaurants/${shop.restaurant.id}${url}`, cookies: shop.restaurant[who].cookies, ...(payload ? { payload } : {}) });

async function cookAll(shop: Connected, ticketId: string) {
  const lines = await ctx.database.db.select({ id: ticketLines.id }).from(ticketLines).where(eq(ticketLines.ticketId, ticketId));
  for (const line of lines) {
    const res = await as(shop, 'kitchen')('POST', `/kitchen/lines/${line.id}/status`, { status: 'ready' });
    expect(res.statusCode, res.body).toBe(200);
  }
}

async function courierFor(shop: Connected, ticketId: string) {
  const owner = as(shop, 'owner');
  const courier = (await owner('POST', '/couriers', { name: 'Kurye Ali', phone: '0533 111 22 33' })).json() as { id: string };
  const token = ((await owner('POST', `/couriers/${courier.id}/link`, {})).json() as { path: string }).path.split('/').pop()!;
  const assigned = await owner('POST', `/couriers/${courier.id}/assignments`, { ticketIds: [ticketId] });
  expect(assigned.statusCode, assigned.body).toBe(200);
  const assignmentId = (assigned.json() as { orders: { id: string }[] }).orders[0].id;
  const step = (body: object) => ctx.app.inject({ method: 'POST', url: `/api/courier/${token}/orders/${assignmentId}/steps`, payload: body });
  return { step };
}

const statusOf = async (shop: Connected, orderId: string) => (await inbox(shop.owner)).find((o) => o.id === orderId)!.status;
const paths = async () => (await sentCalls(ctx.app)).map((c) => c.path);
const paymentsOf = (ticketId: string) => ctx.database.db.select({ method: payments.method, brand: payments.brand, amount: payments.amountKurus }).from(payments).where(eq(payments.ticketId, ticketId));

describe('the platform hears the order’s progress', () => {
  it('Getir (restaurant courier, meal card at the door): ready when the kitchen is done, handover when the courier picks it up, deliver at the door — each once', async () => {
    const shop = await accepted('getir', { ...GETIR_ORDER, id: 'getir-follow-1' });
    // Getir pays its own discount (15 TL): the bill has that much in, the courier collects the rest
    expect(await paymentsOf(shop.ticketId)).toEqual([{ method: 'online', brand: 'Getir Yemek', amount: 1500 }]);

    await cookAll(shop, shop.ticketId);
    expect(await statusOf(shop, shop.orderId)).toBe('ready');
    // Getir wants a minute between verify and prepare: prepare waits for it, until a minute after the verify went
    expect(await paths()).toEqual([]);
    const steps = await ctx.database.db.select().from(platformOutbox).where(eq(platformOutbox.orderId, shop.orderId));
    const verify = steps.find((r) => r.kind === 'accept')!;
    const prepare = steps.find((r) => r.kind === 'ready')!;
    expect(prepare.status).toBe('pending');
    expect(prepare.nextAttemptAt.getTime()).toBe(verify.sentAt!.getTime() + 60_000);
    await aMinuteLater(ctx, shop.orderId);
    expect(await paths()).toEqual(['/food-orders/getir-follow-1/prepare']);

    const { step } = await courierFor(shop, shop.ticketId);
    fake.seen.length = 0;
    expect((await step({ step: 'picked_up' })).statusCode).toBe(200);
    expect(await statusOf(shop, shop.orderId)).toBe('on_the_way');
    expect((await step({ step: 'picked_up' })).statusCode).toBe(200); // a repeated tap
    expect(await paths()).toEqual(['/food-orders/getir-follow-1/handover']);

    fake.seen.length = 0;
    expect((await step({ step: 'delivered' })).statusCode).toBe(200);
    expect(await statusOf(shop, shop.orderId)).toBe('delivered');
    // and a minute between prepare and deliver
    await aMinuteLater(ctx, shop.orderId);
    expect(await paths()).toEqual(['/food-orders/getir-follow-1/deliver']);
    fake.seen.length = 0;
    // not paid yet: the courier's Ödeme Alındı takes the 80 TL left and closes the bill
    const paid = await step({ step: 'paid', method: 'cash' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await paymentsOf(shop.ticketId)).toEqual(expect.arrayContaining([{ method: 'online', brand: 'Getir Yemek', amount: 1500 }, { method: 'cash', brand: null, amount: 8000 }]));
    const [ticket] = await ctx.database.db.select({ status: tickets.status }).from(tickets).where(eq(tickets.id, shop.ticketId));
    expect(ticket.status).toBe('closed');
    expect(await paths()).toEqual([]); // nothing told twice
  });

  it('a paid-online order is fully paid by the platform at acceptance and closes when the courier delivers it', async () => {
    const shop = await accepted('getir', { ...GETIR_ORDER, id: 'getir-online-1', paymentMethod: 1, paymentMethodText: undefined });
    expect(await paymentsOf(shop.ticketId)).toEqual([{ method: 'online', brand: 'Getir Yemek', amount: 9500 }]);
    // the kitchen card, the courier's list and the bill name the platform as people write it
    const [named] = await ctx.database.db.select({ customerName: tickets.customerName }).from(tickets).where(eq(tickets.id, shop.ticketId));
    expect(named.customerName).toMatch(/ · Getir Yemek #getir-online-1$/);
    await cookAll(shop, shop.ticketId);
    const { step } = await courierFor(shop, shop.ticketId);
    expect((await step({ step: 'picked_up' })).statusCode).toBe(200);
    expect((await step({ step: 'delivered' })).statusCode).toBe(200);
    const [ticket] = await ctx.database.db.select({ status: tickets.status }).from(tickets).where(eq(tickets.id, shop.ticketId));
    expect(ticket.status).toBe('closed');
    // in order, each a minute after the one before where Getir asks for it; handover waits behind prepare
    expect(await paths()).toEqual([]);
    await aMinuteLater(ctx, shop.orderId);
    expect(await paths()).toEqual(['/food-orders/getir-online-1/prepare', '/food-orders/getir-online-1/handover']);
    await aMinuteLater(ctx, shop.orderId);
    expect(await paths()).toEqual(['/food-orders/getir-online-1/prepare', '/food-orders/getir-online-1/handover', '/food-orders/getir-online-1/deliver']);
  });

  it('Teslim Edildi from the inbox: a Trendyol order the platform’s courier took closes, and the platform hears ready, picked up and delivered at once', async () => {
    const shop = await accepted('trendyol', { ...TRENDYOL_ORDER, id: 'ty-handover-1', deliveryType: 'GO' });
    const handed = await shop.owner('POST', `/online-orders/${shop.orderId}/handover`);
    expect(handed.statusCode, handed.body).toBe(200);
    expect(handed.json()).toMatchObject({ status: 'delivered' });
    const [ticket] = await ctx.database.db.select({ status: tickets.status }).from(tickets).where(eq(tickets.id, shop.ticketId));
    expect(ticket.status).toBe('closed');
    expect((await paths()).map((p) => p.split('/').pop())).toEqual(['invoiced', 'manual-shipped', 'manual-delivered']);
    // twice: refused, nothing more sent
    expect((await shop.owner('POST', `/online-orders/${shop.orderId}/handover`)).statusCode).toBe(409);
  });

  it('Teslim Edildi is refused for an order that is with our courier (the courier finishes it)', async () => {
    const shop = await accepted('getir', { ...GETIR_ORDER, id: 'getir-handover-2' });
    await cookAll(shop, shop.ticketId);
    await courierFor(shop, shop.ticketId);
    const res = await shop.owner('POST', `/online-orders/${shop.orderId}/handover`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/kurye/);
  });
});

const cancel = (platform: DeliveryPlatform, restaurantId: string, body: object, headers = authOf(platform)) =>
  ctx.app.inject({ method: 'POST', url: `/api/integrations/${platform}/${restaurantId}/cancellations`, payload: body, headers });

describe('a platform cancels an order', () => {
  it('an unanswered order becomes İptal; the same cancellation again changes nothing', async () => {
    const shop = await connected(ctx, 'yemeksepeti');
    const { orderId } = (await deliver(ctx, 'yemeksepeti', shop.restaurant.id, { ...YEMEKSEPETI_ORDER, code: 'YS-C-1', token: 'tok-c1' }, authOf('yemeksepeti'))).json();
    const body = { code: 'YS-C-1', status: 'ORDER_CANCELLED', message: 'Müşteri vazgeçti' };
    const res = await cancel('yemeksepeti', shop.restaurant.id, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ orderId, status: 'cancelled' });
    expect((await cancel('yemeksepeti', shop.restaurant.id, body)).json()).toEqual({ orderId, status: 'cancelled' });
    expect(await statusOf(shop, orderId)).toBe('cancelled');
    // an order the platform withdrew cannot be accepted any more
    expect((await shop.owner('POST', `/online-orders/${orderId}/accept`, { prepMinutes: 20 })).statusCode).toBe(409);
  });

  it('an accepted order: the kitchen card’s lines are struck through, the platform’s payment goes, the ticket closes at zero; nothing is sent back', async () => {
    const shop = await accepted('getir', { ...GETIR_ORDER, id: 'getir-cancel-2' });
    const res = await cancel('getir', shop.restaurant.id, { id: 'getir-cancel-2', cancelNote: 'Müşteri adreste yok' });
    expect(res.statusCode, res.body).toBe(200);
    const lines = await ctx.database.db.select({ status: ticketLines.status, reason: ticketLines.cancelReason }).from(ticketLines).where(eq(ticketLines.ticketId, shop.ticketId));
    expect(lines.every((l) => l.status === 'cancelled' && l.reason === 'Getir Yemek siparişi iptal etti: Müşteri adreste yok')).toBe(true);
    expect(await paymentsOf(shop.ticketId)).toEqual([]);
    const [ticket] = await ctx.database.db.select({ status: tickets.status }).from(tickets).where(eq(tickets.id, shop.ticketId));
    expect(ticket.status).toBe('closed');
    const kitchen = (await as(shop, 'kitchen')('GET', '/kitchen/orders')).json() as { ticketId: string; lines: { status: string }[] }[];
    const card = kitchen.find((t) => t.ticketId === shop.ticketId);
    expect(card?.lines.map((l) => l.status)).toEqual(['cancelled']);
    expect(await statusOf(shop, shop.orderId)).toBe('cancelled');
    expect(await paths()).toEqual([]);
  });

  it('a courier’s order still on the way is taken off the trip', async () => {
    const shop = await accepted('getir', { ...GETIR_ORDER, id: 'getir-cancel-4' });
    await cookAll(shop, shop.ticketId);
    const { step } = await courierFor(shop, shop.ticketId);
    expect((await step({ step: 'picked_up' })).statusCode).toBe(200);
    await paths();
    fake.seen.length = 0;
    expect((await cancel('getir', shop.restaurant.id, { id: 'getir-cancel-4' })).statusCode).toBe(200);
    expect((await step({ step: 'delivered' })).statusCode).toBe(404);
    expect(await paths()).toEqual([]);
  });

  it('an order we turned down stays Reddedildi when the platform then cancels it', async () => {
    const shop = await connected(ctx, 'yemeksepeti');
    const { orderId } = (await deliver(ctx, 'yemeksepeti', shop.restaurant.id, { ...YEMEKSEPETI_ORDER, code: 'YS-C-R', token: 'tok-cr' }, authOf('yemeksepeti'))).json();
    expect((await shop.owner('POST', `/online-orders/${orderId}/reject`, { reason: 'too_busy' })).statusCode).toBe(200);
    const res = await cancel('yemeksepeti', shop.restaurant.id, { code: 'YS-C-R', status: 'ORDER_CANCELLED', message: 'Restoran reddetti' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ orderId, status: 'rejected' });
    expect(await statusOf(shop, orderId)).toBe('rejected');
  });

  it('an order our courier has handed over is not withdrawn while the courier still owes its payment (409)', async () => {
    const shop = await accepted('getir', { ...GETIR_ORDER, id: 'getir-cancel-5' });
    await cookAll(shop, shop.ticketId);
    const { step } = await courierFor(shop, shop.ticketId);
    expect((await step({ step: 'picked_up' })).statusCode).toBe(200);
    expect((await step({ step: 'delivered' })).statusCode).toBe(200);
    const res = await cancel('getir', shop.restaurant.id, { id: 'getir-cancel-5' });
    expect(res.statusCode).toBe(409);
    const cancelled = await ctx.database.db.select().from(ticketLines).where(and(eq(ticketLines.ticketId, shop.ticketId), eq(ticketLines.status, 'cancelled')));
    expect(cancelled).toHaveLength(0);
    // the courier's Teslim Ettim already marked the order delivered
    expect(await statusOf(shop, shop.orderId)).toBe('delivered');
  });

  it('a delivered order is not undone (409); a wrong key is 401, a bad body 400 in Turkish, an unknown order 404 — nothing changes', async () => {
    const shop = await accepted('trendyol', { ...TRENDYOL_ORDER, id: 'ty-cancel-3', deliveryType: 'GO' });
    expect((await cancel('trendyol', shop.restaurant.id, { id: 'ty-cancel-3', packageStatus: 'Cancelled' }, { authorization: 'Basic eDp5' })).statusCode).toBe(401);
    const bad = await cancel('trendyol', shop.restaurant.id, { id: 'ty-cancel-3', packageStatus: 'Sonra' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/packageStatus 'Cancelled' ya da 'UnSupplied' olmalı/);
    expect((await cancel('trendyol', shop.restaurant.id, { id: 'ty-unknown', packageStatus: 'Cancelled' })).statusCode).toBe(404);
    expect(await statusOf(shop, shop.orderId)).toBe('accepted');

    expect((await shop.owner('POST', `/online-orders/${shop.orderId}/handover`)).statusCode).toBe(200);
    const late = await cancel('trendyol', shop.restaurant.id, { id: 'ty-cancel-3', packageStatus: 'Cancelled' });
    expect(late.statusCode).toBe(409);
    expect(await statusOf(shop, shop.orderId)).toBe('delivered');
    const live = await ctx.database.db.select().from(ticketLines).where(and(eq(ticketLines.ticketId, shop.ticketId), eq(ticketLines.status, 'cancelled')));
    expect(live).toHaveLength(0);
  });
});
