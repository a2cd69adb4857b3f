import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/errors';
import type { LiveEvent } from '../events/event-hub';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { TINY_PNG, auditRows, multipart, restaurantWithStaff, type Staffed } from './menu-test-kit';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const publicItems = async (restaurantId: string) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/public/menus/${restaurantId}` })).json().menuItems.map((i: { name: string }) => i.name);

async function withCategory(): Promise<Staffed & { categoryId: string }> {
  const r = await restaurantWithStaff(ctx);
  const { id } = await r.addCategory('Çorbalar');
  return { ...r, categoryId: id };
}

describe('creating items', () => {
  it('stores the price in kuruş with the defaults: VAT 10, station Mutfak, available, after the last item', async () => {
    const r = await withCategory();
    await r.addItem(r.categoryId, 'Mercimek Çorbası', 9000);
    const res = await r.call('POST', '/items', { categoryId: r.categoryId, name: 'Ezogelin', description: '  Naneli  ', priceKurus: 125050 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      categoryId: r.categoryId,
      name: 'Ezogelin',
      description: 'Naneli',
      priceKurus: 125050,
      vatRate: 10,
      station: 'Mutfak',
      isAvailable: true,
      sortOrder: 1,
      photoUrl: null,
      optionGroupIds: [],
      version: 1,
    });
    const [audit] = await auditRows(ctx, r.id, 'menu.item.create');
    expect(audit).toMatchObject({ actorRole: 'owner', before: null });
  });

  it("gives a new item without a VAT rate the owner's default from Ayarlar, and keeps a rate it is given", async () => {
    const r = await withCategory();
    const settingsUrl = `/api/restaurants/${r.id}/settings/general`;
    const general = (await ctx.app.inject({ method: 'GET', url: settingsUrl, cookies: r.owner.cookies })).json();
    const saved = await ctx.app.inject({ method: 'PUT', url: settingsUrl, cookies: r.owner.cookies, payload: { ...general, defaultVatRate: 20 } });
    expect(saved.statusCode).toBe(200);
    expect((await r.addItem(r.categoryId, 'Rakı')).vatRate).toBe(20);
    expect((await r.addItem(r.categoryId, 'Ayran', 3000, { vatRate: 1 })).vatRate).toBe(1);
  });

  it('keeps every field it is given, option groups in their order', async () => {
    const r = await withCategory();
    const portion = await r.addGroup('Porsiyon');
    const extras = await r.addGroup('Ekstralar', { isMultiple: true, isRequired: false, minChoices: 0, maxChoices: 2 });
    const item = await r.addItem(r.categoryId, 'Rakı', 45000, {
      vatRate: 20,
      sortOrder: 7,
      isAvailable: false,
      station: 'Bar',
      description: '',
      optionGroupIds: [extras.id, portion.id, extras.id],
    });
    expect(item).toMatchObject({ vatRate: 20, sortOrder: 7, isAvailable: false, station: 'Bar', description: null });
    expect(item.optionGroupIds).toEqual([extras.id, portion.id]);
    expect((await r.menu()).items[0].optionGroupIds).toEqual([extras.id, portion.id]);
  });

  it.each([
    [{ priceKurus: -1 }, 'Fiyat negatif olamaz'],
    [{ priceKurus: '90' }, 'Fiyat bir sayı olmalı'],
    [{ priceKurus: 'doksan' }, 'Fiyat bir sayı olmalı'],
    [{ priceKurus: 12.5 }, 'Fiyat kuruş cinsinden tam sayı olmalı'],
    [{ priceKurus: 100_000_001 }, 'Fiyat en fazla 1.000.000,00 TL olabilir'],
    [{ priceKurus: null }, 'Fiyat bir sayı olmalı'],
    [{ priceKurus: undefined }, 'Fiyat gerekli'],
    [{ name: '' }, 'Ürün adı boş olamaz'],
    [{ name: '   ' }, 'Ürün adı boş olamaz'],
    [{ name: 'Çay\tBardak' }, 'Ürün adı kontrol karakteri ya da satır sonu içeremez'],
    [{ name: 'x'.repeat(101) }, 'Ürün adı en fazla 100 karakter olabilir'],
    [{ vatRate: 18 }, 'KDV oranı %1, %10 ya da %20 olmalı'],
    [{ description: 'x'.repeat(501) }, 'Açıklama en fazla 500 karakter olabilir'],
    [{ sortOrder: -1 }, 'Sıra negatif olamaz'],
    [{ station: '' }, 'İstasyon boş olamaz'],
  ])('refuses %j with a Turkish reason and creates nothing', async (override, message) => {
    const r = await withCategory();
    const res = await r.call('POST', '/items', { categoryId: r.categoryId, name: 'Mercimek', priceKurus: 9000, ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(message);
    expect((await r.menu()).items).toEqual([]);
  });

  it('accepts exactly 1.000.000 TL and a free item the owner confirmed', async () => {
    const r = await withCategory();
    expect((await r.call('POST', '/items', { categoryId: r.categoryId, name: 'Altın Tabak', priceKurus: 100_000_000 })).statusCode).toBe(201);
    const free = await r.call('POST', '/items', { categoryId: r.categoryId, name: 'Su', priceKurus: 0, allowZeroPrice: true });
    expect(free.statusCode).toBe(201);
    expect(free.json()).toMatchObject({ priceKurus: 0 });
  });

  it('refuses a price of 0 that the owner did not confirm, in Turkish, and the public menu stays without it', async () => {
    const r = await withCategory();
    for (const extra of [{}, { allowZeroPrice: false }]) {
      const res = await r.call('POST', '/items', { categoryId: r.categoryId, name: 'Su', priceKurus: 0, ...extra });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Fiyat 0,00 TL olamaz. Ürünü bedava sunmak istiyorsanız bunu onaylayarak kaydedin.' });
    }
    expect((await r.menu()).items).toEqual([]);
    expect(await publicItems(r.id)).not.toContain('Su');
  });

  it('refuses an unknown category and another restaurant’s category or option group', async () => {
    const r = await withCategory();
    const other = await restaurantWithStaff(ctx);
    const theirCategory = await other.addCategory('Onların');
    const theirGroup = await other.addGroup('Onların Grubu');
    const cases = [
      [{ categoryId: '9b2f6a9e-1c1d-4c1e-8f0a-2f6d0b1c2d3e' }, 'Kategori bulunamadı'],
      [{ categoryId: 'abc' }, 'Kategori bulunamadı'],
      [{ categoryId: theirCategory.id }, 'Kategori bulunamadı'],
      [{ optionGroupIds: [theirGroup.id] }, 'Seçenek grubu bulunamadı'],
      [{ optionGroupIds: ['abc'] }, 'Seçenek grubu bulunamadı'],
    ] as const;
    for (const [override, error] of cases) {
      const res = await r.call('POST', '/items', { categoryId: r.categoryId, name: 'Mercimek', priceKurus: 9000, ...override });
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json()).toEqual({ error });
    }
    expect((await r.menu()).items).toEqual([]);
    expect((await other.menu()).items).toEqual([]);
  });

  it('refuses a second item of the same name in a category, but not in another one', async () => {
    const r = await withCategory();
    const drinks = await r.addCategory('İçecekler');
    await r.addItem(r.categoryId, 'İşkembe');
    const same = await r.call('POST', '/items', { categoryId: r.categoryId, name: 'İŞKEMBE', priceKurus: 1 });
    expect(same.statusCode).toBe(409);
    expect(same.json()).toEqual({ error: 'Bu kategoride aynı adla bir ürün zaten var' });
    expect((await r.call('POST', '/items', { categoryId: drinks.id, name: 'İşkembe', priceKurus: 1 })).statusCode).toBe(201);
  });
});

describe('changing items', () => {
  it('updates the fields sent, with the version read, and audits before and after', async () => {
    const r = await withCategory();
    const drinks = await r.addCategory('İçecekler');
    const item = await r.addItem(r.categoryId, 'Ayran', 4500);
    const res = await r.call('PATCH', `/items/${item.id}`, { version: 1, categoryId: drinks.id, priceKurus: 5000, station: 'Bar' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ categoryId: drinks.id, name: 'Ayran', priceKurus: 5000, station: 'Bar', version: 2 });
    const [audit] = await auditRows(ctx, r.id, 'menu.item.update');
    expect(audit.before).toMatchObject({ categoryId: r.categoryId, priceKurus: 4500, station: 'Mutfak' });
    expect(audit.after).toMatchObject({ categoryId: drinks.id, priceKurus: 5000, station: 'Bar' });
  });

  it('asks for the confirmation when a price changes to 0, not when an item already at 0 is edited', async () => {
    const r = await withCategory();
    const item = await r.addItem(r.categoryId, 'Ayran', 4500);
    const unconfirmed = await r.call('PATCH', `/items/${item.id}`, { version: 1, priceKurus: 0 });
    expect(unconfirmed.statusCode).toBe(400);
    expect((await r.menu()).items[0]).toMatchObject({ priceKurus: 4500, version: 1 });
    expect((await r.call('PATCH', `/items/${item.id}`, { version: 1, priceKurus: 0, allowZeroPrice: true })).statusCode).toBe(200);
    const renamed = await r.call('PATCH', `/items/${item.id}`, { version: 2, name: 'Köpüklü Ayran', priceKurus: 0 });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Köpüklü Ayran', priceKurus: 0, version: 3 });
  });

  it('refuses a stale version with 409 and keeps the newer change', async () => {
    const r = await withCategory();
    const item = await r.addItem(r.categoryId, 'Ayran', 4500);
    await r.call('PATCH', `/items/${item.id}`, { version: 1, priceKurus: 5000 });
    const stale = await r.call('PATCH', `/items/${item.id}`, { version: 1, priceKurus: 4000 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ error: MESSAGES.versionConflict });
    expect((await r.menu()).items[0]).toMatchObject({ priceKurus: 5000, version: 2 });
  });

  it('refuses bad values on update too and changes nothing', async () => {
    const r = await withCategory();
    const item = await r.addItem(r.categoryId, 'Ayran', 4500);
    for (const body of [{ priceKurus: -100 }, { name: '' }, { categoryId: 'abc' }, { vatRate: 8 }]) {
      const res = await r.call('PATCH', `/items/${item.id}`, { version: 1, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await r.menu()).items[0]).toMatchObject({ name: 'Ayran', priceKurus: 4500, version: 1 });
  });

  it('marks an item sold out: it leaves the public menu at once, and comes back when available again', async () => {
    const r = await withCategory();
    await r.addItem(r.categoryId, 'Mercimek');
    const tripe = await r.addItem(r.categoryId, 'İşkembe');
    expect(await publicItems(r.id)).toEqual(['Mercimek', 'İşkembe']);
    const events: LiveEvent[] = [];
    ctx.app.hub.subscribe(r.id, (e) => events.push(e));

    const soldOut = await r.call('PATCH', `/items/${tripe.id}`, { version: 1, isAvailable: false });
    expect(soldOut.json().isAvailable).toBe(false);
    expect(await publicItems(r.id)).toEqual(['Mercimek']);
    expect(events).toEqual([expect.objectContaining({ type: 'menu', id: tripe.id })]);
    expect((await r.menu()).items.map((i: { isAvailable: boolean }) => i.isAvailable)).toEqual([true, false]);

    await r.call('PATCH', `/items/${tripe.id}`, { version: 2, isAvailable: true });
    expect(await publicItems(r.id)).toEqual(['Mercimek', 'İşkembe']);
  });

  it('clears the description with an empty string', async () => {
    const r = await withCategory();
    const item = await r.addItem(r.categoryId, 'Ayran', 4500, { description: 'Yayık' });
    const res = await r.call('PATCH', `/items/${item.id}`, { version: 1, description: '' });
    expect(res.json().description).toBeNull();
  });

  it('replaces the option groups when a list is sent, keeps them when not', async () => {
    const r = await withCategory();
    const a = await r.addGroup('Porsiyon');
    const b = await r.addGroup('Pişirme');
    const item = await r.addItem(r.categoryId, 'Köfte', 32000, { optionGroupIds: [a.id] });
    expect((await r.call('PATCH', `/items/${item.id}`, { version: 1, priceKurus: 33000 })).json().optionGroupIds).toEqual([a.id]);
    expect((await r.call('PATCH', `/items/${item.id}`, { version: 2, optionGroupIds: [b.id, a.id] })).json().optionGroupIds).toEqual([b.id, a.id]);
    expect((await r.call('PATCH', `/items/${item.id}`, { version: 3, optionGroupIds: [] })).json().optionGroupIds).toEqual([]);
  });

  it('refuses a move onto a namesake in the target category', async () => {
    const r = await withCategory();
    const drinks = await r.addCategory('İçecekler');
    await r.addItem(drinks.id, 'Ayran');
    const item = await r.addItem(r.categoryId, 'ayran');
    const res = await r.call('PATCH', `/items/${item.id}`, { version: 1, categoryId: drinks.id });
    expect(res.statusCode).toBe(409);
  });
});

describe('deleting and duplicating', () => {
  it('deletes an item, audited with what it was', async () => {
    const r = await withCategory();
    const item = await r.addItem(r.categoryId, 'Tarhana', 8500);
    expect((await r.call('DELETE', `/items/${item.id}`)).statusCode).toBe(204);
    expect((await r.menu()).items).toEqual([]);
    const [audit] = await auditRows(ctx, r.id, 'menu.item.delete');
    expect(audit).toMatchObject({ entityId: item.id, after: null });
    expect(audit.before).toMatchObject({ name: 'Tarhana', priceKurus: 8500 });
  });

  it('duplicates with "(kopya)", the same options and its own copy of the photo', async () => {
    const r = await withCategory();
    const group = await r.addGroup('Porsiyon');
    const item = await r.addItem(r.categoryId, 'Adana Kebap', 38000, { optionGroupIds: [group.id], station: 'Izgara', vatRate: 10 });
    const withPhoto = (await r.call('PUT', `/items/${item.id}/photo`, undefined, r.owner.cookies, multipart(TINY_PNG))).json();

    const first = await r.call('POST', `/items/${item.id}/duplicate`);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      name: 'Adana Kebap (kopya)',
      priceKurus: 38000,
      station: 'Izgara',
      optionGroupIds: [group.id],
      sortOrder: 1,
      version: 1,
    });
    expect(first.json().photoUrl).toMatch(/^\/api\/public\/photos\/.+\.png$/);
    expect(first.json().photoUrl).not.toBe(withPhoto.photoUrl);
    const second = await r.call('POST', `/items/${first.json().id}/duplicate`);
    expect(second.json().name).toBe('Adana Kebap (kopya 2)');

    // Removing the original's photo leaves the copy's.
    await r.call('DELETE', `/items/${item.id}/photo`);
    expect((await ctx.app.inject({ method: 'GET', url: withPhoto.photoUrl })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: first.json().photoUrl })).statusCode).toBe(200);
    const audit = await auditRows(ctx, r.id, 'menu.item.duplicate');
    expect(audit[0].reason).toBe(`kopyalanan: ${item.id}`);
  });
});

describe('another restaurant’s items', () => {
  it('look exactly like missing ones, and stay as they were', async () => {
    const r = await withCategory();
    const other = await restaurantWithStaff(ctx);
    const theirCategory = await other.addCategory('Onların');
    const theirs = await other.addItem(theirCategory.id, 'Onların Çorbası', 9000);
    const attempts = [
      r.call('PATCH', `/items/${theirs.id}`, { version: 1, priceKurus: 1 }),
      r.call('DELETE', `/items/${theirs.id}`),
      r.call('POST', `/items/${theirs.id}/duplicate`),
      r.call('PUT', `/items/${theirs.id}/photo`, undefined, r.owner.cookies, multipart(TINY_PNG)),
      r.call('DELETE', `/items/${theirs.id}/photo`),
      r.call('PATCH', '/items/123', { version: 1, priceKurus: 1 }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Ürün bulunamadı' });
    }
    expect((await other.menu()).items).toEqual([expect.objectContaining({ name: 'Onların Çorbası', priceKurus: 9000, version: 1, photoUrl: null })]);
  });
});
