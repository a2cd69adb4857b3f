import { eq } from 'drizzle-orm';
import type { OnlineOrderInfo } from '../../../shared/online-orders-contract';
import { idempotencyKeys, kitchenBatches, onlineOrders } from '../../db/schema';
import { collectEvents, createTestApp, type TestContext } from '../../test-support/test-app';
import { menuFactory } from '../../test-support/factories';
import { verifyChains } from '../audit-chain';
import { onlineOrdersFixture, postSigned, signedHeaders, unixNow } from './online-orders-test-kit';
import { signSofraBody } from './sofra-signature';

/*
 * The restaurant's own channel (issue 24), exactly as integrators are told: a signed POST makes one
 * new order in the inbox; every refusal (signature, clock, restaurant, body, menu) writes nothing.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

const ordersOf = (restaurantId: string) => ctx.database.db.select().from(onlineOrders).where(eq(onlineOrders.restaurantId, restaurantId));

describe('a signed order from the restaurant’s own channel', () => {
  it('sent to the restaurant id in capitals, lands as the same restaurant’s order: the chain stays whole and the owner’s screens ring', async () => {
    const f = await onlineOrdersFixture(ctx);
    const events = collectEvents(ctx, f.restaurant.id);
    const res = await postSigned(ctx, f.restaurant.id.toUpperCase(), f.secret, f.order({ externalId: 'CAPS-1' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(events.map((e) => [e.type, e.id])).toContainEqual(['online-orders', res.json().orderId]);
    expect(await verifyChains(ctx.database.db, f.restaurant.id)).toMatchObject({ firstBroken: null, brokenChains: [] });
  });

  it('lands in the inbox as a new order, priced from the Sofra menu, and tells every owner screen', async () => {
    const f = await onlineOrdersFixture(ctx);
    const events = collectEvents(ctx, f.restaurant.id);
    const res = await f.post(f.order({ externalId: 'W-1042', expectedAt: '2026-11-26T19:30:00+03:00' }));
    expect(res.statusCode, res.body).toBe(201);
    const { orderId, status } = res.json();
    expect(status).toBe('new');
    expect(events.map((e) => [e.type, e.id])).toContainEqual(['online-orders', orderId]);

    const inbox = (await f.call(f.restaurant.owner, 'GET', '/online-orders')).json() as OnlineOrderInfo[];
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({
      id: orderId,
      source: 'sofra',
      externalId: 'W-1042',
      status: 'new',
      type: 'delivery',
      customer: { name: 'Ayşe Yılmaz', phone: '+905321234567', address: 'Moda Cad. No: 5 D: 3, Kadıköy', lat: 40.98, lng: 29.03 },
      payment: { method: 'cash', brand: null },
      note: 'Zili çalmayın',
      expectedAt: '2026-11-26T16:30:00.000Z',
      // Mercimek 90 TL + 1,5 porsiyon 45 TL, and 2 × Ezogelin 95 TL
      subtotal: 13_500 + 19_000,
      platformDiscount: 0,
      total: 32_500,
      ticketId: null,
    });
    expect(inbox[0].items).toEqual([
      expect.objectContaining({ name: 'Mercimek', quantity: 1, unitPrice: 13_500, note: 'Limonlu', options: [expect.objectContaining({ name: '1,5', price: 4500 })] }),
      expect.objectContaining({ name: 'Ezogelin', quantity: 2, unitPrice: 9500, total: 19_000, options: [] }),
    ]);
  });

  it('answers the same order again (keys in another order) with 200 and the first order, never a second one', async () => {
    const f = await onlineOrdersFixture(ctx);
    const order = f.order();
    const first = await f.post(order);
    expect(first.statusCode).toBe(201);
    const reordered = Object.fromEntries(Object.entries(order).reverse());
    const again = await f.post(reordered);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ orderId: first.json().orderId, status: 'new' });
    expect(await ordersOf(f.restaurant.id)).toHaveLength(1);
  });

  it('refuses the same externalId with another body with 409 naming the first order, and keeps the first', async () => {
    const f = await onlineOrdersFixture(ctx);
    const order = f.order();
    const first = await f.post(order);
    const changed = await f.post({ ...order, note: 'ikinci kez', items: [{ menuItemId: f.ezogelin.id, quantity: 5 }] });
    expect(changed.statusCode, changed.body).toBe(409);
    expect(changed.json().error).toContain(`(${order.externalId}) başka bir içerikle zaten alındı; ilk sipariş: ${first.json().orderId}`);
    const [kept] = await ordersOf(f.restaurant.id);
    expect(kept.note).toBe(order.note ?? null);
    expect(await ordersOf(f.restaurant.id)).toHaveLength(1);
  });

  it('makes one order and, once accepted, one kitchen batch of 50 copies sent at once', async () => {
    const f = await onlineOrdersFixture(ctx);
    const order = f.order();
    const answers = await Promise.all(Array.from({ length: 50 }, () => f.post(order)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(49);
    expect(new Set(answers.map((a) => a.json().orderId)).size).toBe(1);
    const rows = await ordersOf(f.restaurant.id);
    expect(rows).toHaveLength(1);

    const accepts = await Promise.all(Array.from({ length: 5 }, () => f.call(f.restaurant.owner, 'POST', `/online-orders/${rows[0].id}/accept`, { prepMinutes: 20 })));
    expect(accepts.map((a) => a.statusCode).sort((a, b) => a - b)).toEqual([200, 409, 409, 409, 409]);
    const batches = await ctx.database.db.select().from(kitchenBatches).where(eq(kitchenBatches.restaurantId, f.restaurant.id));
    expect(batches).toHaveLength(1);
  });
});

describe('refusals write nothing', () => {
  it('refuses a missing, wrong or foreign signature with 401', async () => {
    const f = await onlineOrdersFixture(ctx);
    const other = await onlineOrdersFixture(ctx);
    const body = JSON.stringify(f.order());
    const url = `/api/integrations/sofra/${f.restaurant.id}/orders`;
    const send = (headers: Record<string, string>) => ctx.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': 'application/json', ...headers } });
    const ts = unixNow();

    const missing = await send({});
    expect(missing.statusCode).toBe(401);
    expect(missing.json().error).toMatch(/İmza eksik/);
    expect((await send({ 'x-sofra-timestamp': ts })).statusCode).toBe(401);
    expect((await send({ 'x-sofra-timestamp': ts, 'x-sofra-signature': 'sha256=' + '0'.repeat(64) })).json()).toEqual({ error: 'İmza geçersiz' });
    expect((await send({ 'x-sofra-timestamp': ts, 'x-sofra-signature': 'sha256=abc' })).statusCode).toBe(401);
    expect((await send({ 'x-sofra-timestamp': 'yarın', 'x-sofra-signature': signSofraBody(f.secret, 'yarın', body) })).statusCode).toBe(401);
    // another restaurant's secret signs only for that restaurant
    expect((await send(signedHeaders(other.secret, body))).statusCode).toBe(401);
    expect(await ordersOf(f.restaurant.id)).toHaveLength(0);
  });

  it('refuses a replayed signature carrying another body', async () => {
    const f = await onlineOrdersFixture(ctx);
    const body = JSON.stringify(f.order());
    const headers = signedHeaders(f.secret, body);
    const url = `/api/integrations/sofra/${f.restaurant.id}/orders`;
    expect((await ctx.app.inject({ method: 'POST', url, payload: body, headers })).statusCode).toBe(201);
    const tampered = body.replace('"quantity":2', '"quantity":20');
    expect(tampered).not.toBe(body);
    const res = await ctx.app.inject({ method: 'POST', url, payload: tampered, headers });
    expect(res.statusCode).toBe(401);
    expect(await ordersOf(f.restaurant.id)).toHaveLength(1);
  });

  it('refuses a timestamp more than five minutes off, either way', async () => {
    const f = await onlineOrdersFixture(ctx);
    const body = JSON.stringify(f.order());
    for (const offset of [-310, 310, -86_400]) {
      const res = await f.post(body, signedHeaders(f.secret, body, unixNow(offset)));
      expect(res.statusCode, String(offset)).toBe(401);
      expect(res.json().error).toMatch(/5 dakikadan/);
    }
    expect((await f.post(body, signedHeaders(f.secret, body, unixNow(-240)))).statusCode).toBe(201);
  });

  it('answers an unknown restaurant, a malformed id and a restaurant whose channel has no secret exactly like a wrong signature', async () => {
    const f = await onlineOrdersFixture(ctx);
    const body = JSON.stringify(f.order());
    const known = await ctx.app.inject({ method: 'POST', url: `/api/integrations/sofra/${f.restaurant.id}/orders`, payload: body, headers: signedHeaders('yanlış-sır', body) });
    expect(known.statusCode).toBe(401);
    const unsigned = await ctx.app.inject({ method: 'POST', url: `/api/integrations/sofra/${f.restaurant.id}/orders`, payload: body, headers: { 'content-type': 'application/json' } });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'lokanta', f.restaurant.id.slice(0, -1) + (f.restaurant.id.endsWith('0') ? '1' : '0')]) {
      const res = await ctx.app.inject({ method: 'POST', url: `/api/integrations/sofra/${id}/orders`, payload: body, headers: signedHeaders(f.secret, body) });
      expect([res.statusCode, res.json()], id).toEqual([known.statusCode, known.json()]);
      const bare = await ctx.app.inject({ method: 'POST', url: `/api/integrations/sofra/${id}/orders`, payload: body, headers: { 'content-type': 'application/json' } });
      expect([bare.statusCode, bare.json()], id).toEqual([unsigned.statusCode, unsigned.json()]);
    }
  });

  it('refuses malformed bodies with a Turkish 400 once the signature holds', async () => {
    const f = await onlineOrdersFixture(ctx);
    const cases: [unknown, RegExp][] = [
      ['{"externalId": ', /geçerli bir JSON değil/],
      [{ ...f.order(), externalId: undefined }, /Sipariş numarası/],
      [{ ...f.order(), type: 'table' }, /Sipariş türü/],
      [{ ...f.order(), items: [] }, /en az bir ürün/],
      [{ ...f.order(), items: [{ menuItemId: f.ezogelin.id, quantity: '2' }] }, /Adet bir sayı olmalı/],
      [{ ...f.order(), customer: { name: 'Ali', phone: '0532 123 45 67' } }, /adres zorunludur/],
      [{ ...f.order(), customer: { name: 'Ali', phone: '12', address: 'Moda' } }, /telefon/i],
      [{ ...f.order(), customer: { ...f.order().customer, lat: 123 } }, /Enlem/],
      [{ ...f.order(), payment: { method: 'bitcoin' } }, /Ödeme yöntemi/],
      [{ ...f.order(), expectedAt: 'yarın akşam' }, /expectedAt/],
      [{ ...f.order(), expectedAt: '0001-01-01T00:00:00+14:00' }, /2000 ile 2100 yılları arasında/],
      [{ ...f.order(), expectedAt: '9999-12-31T23:59:59-12:00' }, /2000 ile 2100 yılları arasında/],
      [{ ...f.order(), note: 'a\u202eb' }, /yazı yönünü/],
      ['[]', /Geçersiz istek/],
      ['', /gövdesi boş/],
    ];
    for (const [body, message] of cases) {
      const res = await f.post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error, JSON.stringify(body)).toMatch(message);
    }
    expect(await ordersOf(f.restaurant.id)).toHaveLength(0);
  });

  it("refuses another restaurant's dish or option with 400", async () => {
    const f = await onlineOrdersFixture(ctx);
    const elsewhere = await menuFactory(ctx, (await onlineOrdersFixture(ctx)).restaurant.id);
    const foreignDish = await f.post(f.order({ items: [{ menuItemId: f.ezogelin.id, quantity: 1 }, { menuItemId: elsewhere.items[1].id, quantity: 1 }] }));
    expect(foreignDish.statusCode).toBe(400);
    expect(foreignDish.json().error).toBe(`Bu ürün restoranın menüsünde yok: ${elsewhere.items[1].id}`);
    const foreignOption = await f.post(f.order({ items: [{ menuItemId: f.mercimek.id, quantity: 1, optionIds: [elsewhere.optionGroup!.options[0].id] }] }));
    expect(foreignOption.statusCode).toBe(400);
    expect(await ordersOf(f.restaurant.id)).toHaveLength(0);
  });

  it('refuses an oversized body before reading it', async () => {
    const f = await onlineOrdersFixture(ctx);
    const res = await f.post({ ...f.order(), note: 'x'.repeat(70 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'İstek gövdesi çok büyük' });
    expect(await ordersOf(f.restaurant.id)).toHaveLength(0);
  });
});

describe('the channel secret', () => {
  it('rotated with an Idempotency-Key, is never kept with the key: a retry is told it was shown once', async () => {
    const f = await onlineOrdersFixture(ctx);
    const rotate = () =>
      ctx.app.inject({ method: 'POST', url: `/api/restaurants/${f.restaurant.id}/integrations/sofra/secret`, cookies: f.restaurant.owner.cookies, headers: { 'idempotency-key': 'sir-yenile-1' } });
    const first = await rotate();
    expect(first.statusCode).toBe(200);
    const { secret } = first.json() as { secret: string };
    await ctx.app.idempotency.settled();
    const kept = await ctx.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'sir-yenile-1'));
    expect(kept).toHaveLength(1);
    expect(JSON.stringify(kept)).not.toContain(secret);
    const again = await rotate();
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/yeni sır bir kez gösterildi/);
  });


  it('is shown to the owner, rotated by the owner only, and the old one stops at once', async () => {
    const f = await onlineOrdersFixture(ctx);
    const shown = await f.call(f.restaurant.owner, 'GET', '/integrations/sofra/secret');
    expect(shown.json()).toMatchObject({ secret: f.secret });
    expect((await f.call(f.restaurant.waiter, 'GET', '/integrations/sofra/secret')).statusCode).toBe(403);
    expect((await f.call(f.restaurant.waiter, 'POST', '/integrations/sofra/secret')).statusCode).toBe(403);

    const rotated = await f.call(f.restaurant.owner, 'POST', '/integrations/sofra/secret');
    expect(rotated.statusCode).toBe(200);
    const { secret } = rotated.json() as { secret: string };
    expect(secret).toMatch(/^sofra_sk_[A-Za-z0-9_-]{43}$/);
    expect(secret).not.toBe(f.secret);
    expect((await f.post(f.order())).statusCode).toBe(401);
    expect((await f.post(f.order(), {}, secret)).statusCode).toBe(201);
    expect((await f.call(f.restaurant.owner, 'GET', '/integrations/sofra/secret')).json().secret).toBe(secret);
  });
});

describe('the OpenAPI document', () => {
  it('describes the channel from the shared schemas at /api/docs and /api/docs/json, and nothing of the staff API', async () => {
    for (const url of ['/api/docs', '/api/docs/json']) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode).toBe(200);
      const doc = res.json();
      expect(doc.openapi).toMatch(/^3\./);
      expect(Object.keys(doc.paths).sort()).toEqual(['/api/integrations/sofra/{restaurantId}/menu', '/api/integrations/sofra/{restaurantId}/orders']);
      // the secret is where the owner really finds it
      expect(doc.info.description).toMatch(/Online Sipariş Takibi/);
      expect(doc.info.description).not.toMatch(/Ayarlar > Kendi Kanalımız/);
      const post = doc.paths['/api/integrations/sofra/{restaurantId}/orders'].post;
      const body = post.requestBody.content['application/json'].schema;
      expect(body.required).toEqual(expect.arrayContaining(['externalId', 'type', 'customer', 'items', 'payment']));
      expect(post.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['x-sofra-signature', 'x-sofra-timestamp', 'restaurantId']));
      expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['200', '201', '401']));
    }
  });
});

describe('the channel’s menu', () => {
  const getMenu = (restaurantId: string, headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: `/api/integrations/sofra/${restaurantId}/menu`, headers });
  const signedGet = (secret: string) => {
    const { 'content-type': _json, ...headers } = signedHeaders(secret, '');
    return headers;
  };

  it('signed like an order, gives the dishes with their option groups and the option ids an order names', async () => {
    const f = await onlineOrdersFixture(ctx);
    const res = await getMenu(f.restaurant.id, signedGet(f.secret));
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().categories.flatMap((c: { items: unknown[] }) => c.items) as { id: string; optionGroups: { id: string; isRequired: boolean; minChoices: number; maxChoices: number; options: { id: string }[] }[] }[];
    const mercimek = items.find((i) => i.id === f.mercimek.id)!;
    expect(mercimek.optionGroups[0]).toMatchObject({ isRequired: true, minChoices: 1, maxChoices: 1 });
    expect(mercimek.optionGroups[0].options.map((o) => o.id)).toEqual(expect.arrayContaining([f.single.id, f.large.id]));
    // the ids it gives are the ones the order route takes
    const order = await f.post(f.order({ externalId: 'MENU-1' }));
    expect(order.statusCode, order.body).toBe(201);
  });

  it('refuses an unsigned, a wrongly signed and another restaurant’s read with 401, telling nothing of the menu', async () => {
    const f = await onlineOrdersFixture(ctx);
    const other = await onlineOrdersFixture(ctx);
    expect((await getMenu(f.restaurant.id, {})).statusCode).toBe(401);
    expect((await getMenu(f.restaurant.id, signedGet('sofra_sk_yanlis'))).statusCode).toBe(401);
    const foreign = await getMenu(f.restaurant.id, signedGet(other.secret));
    expect(foreign.statusCode).toBe(401);
    expect(foreign.json()).toEqual({ error: 'İmza geçersiz' });
  });
});
