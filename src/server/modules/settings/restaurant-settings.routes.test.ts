import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DEFAULT_COMP_REASONS, defaultRestaurantSettings } from '../../../shared/restaurant-settings';
import { settings } from '../../db/schema';
import { createTestApp, staffedRestaurant, type TestContext } from '../../test-support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Cookies = Record<string, string>;
const urlOf = (id: string) => `/api/restaurants/${id}/settings/general`;
const getGeneral = (id: string, cookies: Cookies) => ctx.app.inject({ method: 'GET', url: urlOf(id), cookies });
const putGeneral = (id: string, cookies: Cookies, payload: object) => ctx.app.inject({ method: 'PUT', url: urlOf(id), cookies, payload });

describe('İkram reasons in Ayarlar', () => {
  it('a new restaurant has its own İkram reasons, apart from the cancellation reasons', async () => {
    const r = await staffedRestaurant(ctx);
    const doc = (await getGeneral(r.id, r.waiter.cookies)).json();
    expect(doc.compReasons).toEqual([...DEFAULT_COMP_REASONS]);
    expect(doc.compReasons).not.toContain('Müşteri vazgeçti');
    expect(doc.cancellationReasons).toContain('Müşteri vazgeçti');
  });

  it('the owner edits them like the cancellation reasons; every screen reads the saved list', async () => {
    const r = await staffedRestaurant(ctx);
    const doc = (await getGeneral(r.id, r.owner.cookies)).json();
    const res = await putGeneral(r.id, r.owner.cookies, { ...doc, compReasons: ['Müdavim', 'Açılış günü'] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await getGeneral(r.id, r.waiter.cookies)).json().compReasons).toEqual(['Müdavim', 'Açılış günü']);
  });

  it('a document saved before İkram had its own list reads with the defaults, and a save without the list keeps them', async () => {
    const r = await staffedRestaurant(ctx);
    const { compReasons: _, ...old } = defaultRestaurantSettings(r.name);
    await ctx.database.db.insert(settings).values({ restaurantId: r.id, key: 'general', value: old, version: 1 });
    expect((await getGeneral(r.id, r.owner.cookies)).json().compReasons).toEqual([...DEFAULT_COMP_REASONS]);
    const res = await putGeneral(r.id, r.owner.cookies, old);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await ctx.database.db.select().from(settings).where(and(eq(settings.restaurantId, r.id), eq(settings.key, 'general')));
    expect((row.value as { compReasons: string[] }).compReasons).toEqual([...DEFAULT_COMP_REASONS]);
  });

  it.each([
    ['an empty list', [], 'compReasons', 'En az bir ikram nedeni olmalı'],
    ['31 reasons', Array.from({ length: 31 }, (_, i) => `Neden ${i + 1}`), 'compReasons', 'En fazla 30 ikram nedeni olabilir'],
    ['a reason of 81 characters', ['x'.repeat(81)], 'compReasons.0', 'İkram nedeni en fazla 80 karakter olabilir'],
    ['a blank reason', ['Müdavim', '  '], 'compReasons.1', 'İkram nedeni boş olamaz'],
  ])('refuses %s with a Turkish 400 on the field and keeps the list', async (_label, compReasons, field, message) => {
    const r = await staffedRestaurant(ctx);
    const doc = (await getGeneral(r.id, r.owner.cookies)).json();
    const res = await putGeneral(r.id, r.owner.cookies, { ...doc, compReasons });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ [field]: message });
    expect((await getGeneral(r.id, r.owner.cookies)).json().compReasons).toEqual([...DEFAULT_COMP_REASONS]);
  });

  it('a waiter cannot change them', async () => {
    const r = await staffedRestaurant(ctx);
    const doc = (await getGeneral(r.id, r.owner.cookies)).json();
    expect((await putGeneral(r.id, r.waiter.cookies, { ...doc, compReasons: ['Bedava'] })).statusCode).toBe(403);
  });
});

describe('Yeni online siparişte mutfak ekranı da çalsın (Ayarlar)', () => {
  it('is off for a new restaurant, and for a document saved before it existed (a save without it keeps it off)', async () => {
    const r = await staffedRestaurant(ctx);
    expect((await getGeneral(r.id, r.kitchen.cookies)).json().kitchenRingsForOnlineOrders).toBe(false);
    const { kitchenRingsForOnlineOrders: _, ...old } = defaultRestaurantSettings(r.name);
    await ctx.database.db.insert(settings).values({ restaurantId: r.id, key: 'general', value: old, version: 1 });
    expect((await getGeneral(r.id, r.kitchen.cookies)).json().kitchenRingsForOnlineOrders).toBe(false);
    const res = await putGeneral(r.id, r.owner.cookies, old);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().kitchenRingsForOnlineOrders).toBe(false);
  });

  it('the owner turns it on with the version check; the kitchen reads it and a stale save is refused', async () => {
    const r = await staffedRestaurant(ctx);
    const first = await getGeneral(r.id, r.owner.cookies);
    const doc = first.json() as object;
    const etag = first.headers.etag as string;
    const on = await ctx.app.inject({
      method: 'PUT',
      url: urlOf(r.id),
      cookies: r.owner.cookies,
      headers: { 'if-match': etag },
      payload: { ...doc, kitchenRingsForOnlineOrders: true },
    });
    expect(on.statusCode, on.body).toBe(200);
    expect((await getGeneral(r.id, r.kitchen.cookies)).json().kitchenRingsForOnlineOrders).toBe(true);
    // the same version again: someone saved in between
    const stale = await ctx.app.inject({
      method: 'PUT',
      url: urlOf(r.id),
      cookies: r.owner.cookies,
      headers: { 'if-match': etag },
      payload: { ...doc, kitchenRingsForOnlineOrders: false },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toHaveProperty('error');
    expect((await getGeneral(r.id, r.kitchen.cookies)).json().kitchenRingsForOnlineOrders).toBe(true);
  });

  it('refuses a value that is not on or off with a Turkish 400 on the field', async () => {
    const r = await staffedRestaurant(ctx);
    const doc = (await getGeneral(r.id, r.owner.cookies)).json();
    const res = await putGeneral(r.id, r.owner.cookies, { ...doc, kitchenRingsForOnlineOrders: 'evet' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ kitchenRingsForOnlineOrders: 'Mutfak ekranı çalsın mı: açık ya da kapalı olmalı' });
    expect((await getGeneral(r.id, r.owner.cookies)).json().kitchenRingsForOnlineOrders).toBe(false);
  });

  it('the kitchen and waiters cannot turn it on', async () => {
    const r = await staffedRestaurant(ctx);
    const doc = (await getGeneral(r.id, r.owner.cookies)).json();
    expect((await putGeneral(r.id, r.kitchen.cookies, { ...doc, kitchenRingsForOnlineOrders: true })).statusCode).toBe(403);
    expect((await putGeneral(r.id, r.waiter.cookies, { ...doc, kitchenRingsForOnlineOrders: true })).statusCode).toBe(403);
    expect((await getGeneral(r.id, r.owner.cookies)).json().kitchenRingsForOnlineOrders).toBe(false);
  });
});
