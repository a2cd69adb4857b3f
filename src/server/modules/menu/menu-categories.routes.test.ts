import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/errors';
import type { LiveEvent } from '../events/event-hub';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { auditRows, restaurantWithStaff } from './menu-test-kit';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const publicMenu = async (restaurantId: string) => (await ctx.app.inject({ method: 'GET', url: `/api/public/menus/${restaurantId}` })).json();

describe('creating categories', () => {
  it('adds a category at the end, readable by every role, audited and announced', async () => {
    const r = await restaurantWithStaff(ctx);
    const events: LiveEvent[] = [];
    ctx.app.hub.subscribe(r.id, (e) => events.push(e));
    const soups = await r.addCategory('Çorbalar', '🍲');
    const res = await r.call('POST', '/categories', { icon: '🔥', name: '  Izgara   Çeşitleri ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ icon: '🔥', name: 'Izgara Çeşitleri', sortOrder: 1, isVisible: true, version: 1 });
    expect(soups.sortOrder).toBe(0);

    for (const who of [r.owner, r.kitchen, r.waiter]) {
      const menu = (await r.call('GET', '', undefined, who.cookies)).json();
      expect(menu.categories.map((c: { name: string }) => c.name)).toEqual(['Çorbalar', 'Izgara Çeşitleri']);
    }
    const [audit] = await auditRows(ctx, r.id, 'menu.category.create');
    expect(audit).toMatchObject({ actorUserId: r.owner.user.id, actorRole: 'owner', entityId: soups.id, before: null });
    expect(audit.after).toMatchObject({ icon: '🍲', name: 'Çorbalar' });
    expect(events.map((e) => [e.type, e.id])).toEqual([
      ['menu', soups.id],
      ['menu', res.json().id],
    ]);
  });

  it('shows on the public menu as "icon name", so the title there is exactly the name', async () => {
    const r = await restaurantWithStaff(ctx);
    const cat = await r.addCategory('Mezeler ve Salatalar', '🥗');
    await r.addItem(cat.id, 'Haydari');
    const menu = await publicMenu(r.id);
    expect(menu.categories).toEqual([{ id: cat.id, label: '🥗 Mezeler ve Salatalar', value: cat.id }]);
  });

  it.each([
    [{ icon: '🍲', name: '' }, 'Kategori adı boş olamaz'],
    [{ icon: '🍲', name: '   ' }, 'Kategori adı boş olamaz'],
    [{ icon: '🍲', name: 'x'.repeat(61) }, 'Kategori adı en fazla 60 karakter olabilir'],
    [{ icon: '', name: 'Çorbalar' }, 'Simge boş olamaz'],
    [{ icon: '🍲 🍜', name: 'Çorbalar' }, 'Simge boşluk içeremez'],
    [{ name: 'Çorbalar' }, 'Simge gerekli'],
    [{ icon: '🍲', name: 42 }, 'Kategori adı metin olmalı'],
  ])('refuses %j with a Turkish reason and creates nothing', async (body, message) => {
    const r = await restaurantWithStaff(ctx);
    const res = await r.call('POST', '/categories', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(message);
    expect((await r.menu()).categories).toEqual([]);
  });

  it('refuses a second category with the same name, Turkish case-insensitively', async () => {
    const r = await restaurantWithStaff(ctx);
    await r.addCategory('İçecekler', '🥤');
    const res = await r.call('POST', '/categories', { icon: '🍹', name: 'İÇECEKLER' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'Bu adla bir kategori zaten var' });
    expect((await r.menu()).categories).toHaveLength(1);
  });

  it('lets only the owner create one', async () => {
    const r = await restaurantWithStaff(ctx);
    for (const who of [r.kitchen, r.waiter]) {
      const res = await r.call('POST', '/categories', { icon: '🍲', name: 'Çorbalar' }, who.cookies);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: MESSAGES.forbidden });
    }
  });
});

describe('renaming, hiding and the version check', () => {
  it('renames with the version it read and answers the new version', async () => {
    const r = await restaurantWithStaff(ctx);
    const cat = await r.addCategory('Çorba', '🍲');
    const res = await r.call('PATCH', `/categories/${cat.id}`, { name: 'Çorbalar', icon: '🍜', version: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Çorbalar', icon: '🍜', version: 2 });
    const [audit] = await auditRows(ctx, r.id, 'menu.category.update');
    expect(audit.before).toMatchObject({ name: 'Çorba', icon: '🍲' });
    expect(audit.after).toMatchObject({ name: 'Çorbalar', icon: '🍜' });
  });

  it('refuses a change based on an old version with 409 and keeps the newer one', async () => {
    const r = await restaurantWithStaff(ctx);
    const cat = await r.addCategory('Tatlılar', '🍮');
    await r.call('PATCH', `/categories/${cat.id}`, { name: 'Tatlı Çeşitleri', version: 1 });
    const stale = await r.call('PATCH', `/categories/${cat.id}`, { name: 'Eski Düzenleme', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ error: MESSAGES.versionConflict });
    expect((await r.menu()).categories[0]).toMatchObject({ name: 'Tatlı Çeşitleri', version: 2 });
  });

  it('needs the version', async () => {
    const r = await restaurantWithStaff(ctx);
    const cat = await r.addCategory('Tatlılar', '🍮');
    const res = await r.call('PATCH', `/categories/${cat.id}`, { name: 'Yeni' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('Sürüm (version) gerekli');
  });

  it('refuses a rename onto another category’s name', async () => {
    const r = await restaurantWithStaff(ctx);
    await r.addCategory('Çorbalar');
    const other = await r.addCategory('Mezeler');
    const res = await r.call('PATCH', `/categories/${other.id}`, { name: 'çorbalar', version: 1 });
    expect(res.statusCode).toBe(409);
  });

  it('hides a category and its items from the public menu, and shows them again', async () => {
    const r = await restaurantWithStaff(ctx);
    const cat = await r.addCategory('Şaraplar', '🍷');
    await r.addItem(cat.id, 'Kalecik Karası', 90000, { vatRate: 20 });
    expect((await publicMenu(r.id)).menuItems).toHaveLength(1);

    const hidden = await r.call('PATCH', `/categories/${cat.id}`, { isVisible: false, version: 1 });
    expect(hidden.json().isVisible).toBe(false);
    const menu = await publicMenu(r.id);
    expect(menu.categories).toEqual([]);
    expect(menu.menuItems).toEqual([]);
    expect((await r.menu()).categories[0].isVisible).toBe(false);

    await r.call('PATCH', `/categories/${cat.id}`, { isVisible: true, version: 2 });
    expect((await publicMenu(r.id)).menuItems).toHaveLength(1);
  });
});

describe('reordering', () => {
  it('stores the new order without touching versions', async () => {
    const r = await restaurantWithStaff(ctx);
    const a = await r.addCategory('Çorbalar');
    const b = await r.addCategory('Izgaralar');
    const c = await r.addCategory('Tatlılar');
    const res = await r.call('PUT', '/categories/order', { ids: [c.id, a.id, b.id] });
    expect(res.statusCode).toBe(200);
    const menu = await r.menu();
    expect(menu.categories.map((x: { name: string; sortOrder: number; version: number }) => [x.name, x.sortOrder, x.version])).toEqual([
      ['Tatlılar', 0, 1],
      ['Çorbalar', 1, 1],
      ['Izgaralar', 2, 1],
    ]);
    const [audit] = await auditRows(ctx, r.id, 'menu.category.reorder');
    expect(audit.before).toEqual(['Çorbalar', 'Izgaralar', 'Tatlılar']);
    expect(audit.after).toEqual(['Tatlılar', 'Çorbalar', 'Izgaralar']);
  });

  it('lists the items in the new category order, then by their own order, then by name', async () => {
    const r = await restaurantWithStaff(ctx);
    const drinks = await r.addCategory('İçecekler');
    const starters = await r.addCategory('Mezeler');
    await r.addItem(drinks.id, 'Ayran', 3000);
    await r.addItem(drinks.id, 'Şalgam', 3500);
    await r.addItem(starters.id, 'Zeytinyağlı Enginar', 12000);
    const res = await r.call('PUT', '/categories/order', { ids: [starters.id, drinks.id] });
    expect(res.statusCode).toBe(200);
    expect((await r.menu()).items.map((i: { name: string }) => i.name)).toEqual(['Zeytinyağlı Enginar', 'Ayran', 'Şalgam']);
  });

  it('refuses a list that leaves one out, repeats one or names another restaurant’s', async () => {
    const r = await restaurantWithStaff(ctx);
    const other = await restaurantWithStaff(ctx);
    const foreign = await other.addCategory('Yabancı');
    const a = await r.addCategory('Çorbalar');
    const b = await r.addCategory('Izgaralar');
    for (const ids of [[b.id], [b.id, b.id], [b.id, foreign.id], [b.id, a.id, foreign.id], ['abc', a.id]]) {
      const res = await r.call('PUT', '/categories/order', { ids });
      expect(res.statusCode, JSON.stringify(ids)).toBe(400);
      expect(res.json().error).toContain('bütün kategorilerini');
    }
    expect((await r.menu()).categories.map((x: { id: string }) => x.id)).toEqual([a.id, b.id]);
    expect((await other.menu()).categories.map((x: { sortOrder: number }) => x.sortOrder)).toEqual([0]);
  });
});

describe('deleting', () => {
  it('deletes an empty category, audited', async () => {
    const r = await restaurantWithStaff(ctx);
    const cat = await r.addCategory('Geçici');
    const res = await r.call('DELETE', `/categories/${cat.id}`);
    expect(res.statusCode).toBe(204);
    expect((await r.menu()).categories).toEqual([]);
    const [audit] = await auditRows(ctx, r.id, 'menu.category.delete');
    expect(audit).toMatchObject({ entityId: cat.id, after: null });
    expect(audit.before).toMatchObject({ name: 'Geçici' });
  });

  it('refuses while items are in it, saying how many, and deletes nothing', async () => {
    const r = await restaurantWithStaff(ctx);
    const cat = await r.addCategory('Çorbalar');
    await r.addItem(cat.id, 'Mercimek');
    await r.addItem(cat.id, 'Ezogelin');
    const res = await r.call('DELETE', `/categories/${cat.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(
      'Bu kategoride 2 ürün var. Kategoriyi silmeden önce ürünleri başka bir kategoriye taşıyın ya da silin.',
    );
    const menu = await r.menu();
    expect(menu.categories).toHaveLength(1);
    expect(menu.items).toHaveLength(2);
  });
});

describe('another restaurant’s categories', () => {
  it('look exactly like missing ones, and nothing of theirs changes', async () => {
    const r = await restaurantWithStaff(ctx);
    const other = await restaurantWithStaff(ctx);
    const theirs = await other.addCategory('Onların Çorbaları');
    await other.addItem(theirs.id, 'Onların Çorbası');
    const attempts = [
      r.call('PATCH', `/categories/${theirs.id}`, { name: 'Ele Geçirildi', version: 1 }),
      r.call('DELETE', `/categories/${theirs.id}`),
      r.call('POST', `/categories/${theirs.id}/price-change`, { percent: 50 }),
      r.call('PATCH', '/categories/not-a-uuid', { name: 'X', version: 1 }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Kategori bulunamadı' });
    }
    const menu = await other.menu();
    expect(menu.categories[0]).toMatchObject({ name: 'Onların Çorbaları', version: 1 });
    expect(menu.items[0].priceKurus).toBe(9000);
  });

  it('cannot be reached through their restaurant id either', async () => {
    const r = await restaurantWithStaff(ctx);
    const other = await restaurantWithStaff(ctx);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/restaurants/${other.id}/menu`, cookies: r.owner.cookies });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: MESSAGES.restaurantNotFound });
  });
});

describe('bulk price change for a category', () => {
  it('moves every price by the percentage, rounded to the kuruş, with one audit row per item', async () => {
    const r = await restaurantWithStaff(ctx);
    const cat = await r.addCategory('Çorbalar');
    const other = await r.addCategory('Tatlılar');
    const lentil = await r.addItem(cat.id, 'Mercimek', 9000);
    const tripe = await r.addItem(cat.id, 'İşkembe', 14055);
    const dessert = await r.addItem(other.id, 'Sütlaç', 11000);
    const res = await r.call('POST', `/categories/${cat.id}/price-change`, { percent: 12.5 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 2 });
    const items = new Map((await r.menu()).items.map((i: { id: string }) => [i.id, i]));
    expect(items.get(lentil.id)).toMatchObject({ priceKurus: 10125, version: 2 });
    expect(items.get(tripe.id)).toMatchObject({ priceKurus: 15812, version: 2 }); // 15811,875 → 15812
    expect(items.get(dessert.id)).toMatchObject({ priceKurus: 11000, version: 1 });
    const audits = await auditRows(ctx, r.id, 'menu.item.price-change');
    expect(audits.map((a) => [a.entityId, a.before, a.after, a.reason])).toEqual([
      [lentil.id, { priceKurus: 9000 }, { priceKurus: 10125 }, 'Çorbalar: %+12.5'],
      [tripe.id, { priceKurus: 14055 }, { priceKurus: 15812 }, 'Çorbalar: %+12.5'],
    ]);
  });

  it('lowers prices and rounds to whole or five lira when asked', async () => {
    const r = await restaurantWithStaff(ctx);
    const cat = await r.addCategory('Izgaralar');
    const adana = await r.addItem(cat.id, 'Adana', 38000);
    await r.call('POST', `/categories/${cat.id}/price-change`, { percent: -10, roundToKurus: 100 });
    expect((await r.menu()).items[0].priceKurus).toBe(34200);
    await r.call('POST', `/categories/${cat.id}/price-change`, { percent: 7, roundToKurus: 500 });
    expect((await r.menu()).items.find((i: { id: string }) => i.id === adana.id).priceKurus).toBe(36500); // 365,94 → 365
  });

  it('refuses a change that makes a dish 0,00 TL unless the request confirms it', async () => {
    const r = await restaurantWithStaff(ctx);
    const cat = await r.addCategory('İçecekler');
    const water = await r.addItem(cat.id, 'Su', 200);
    const soda = await r.addItem(cat.id, 'Soda', 240);
    const tea = await r.addItem(cat.id, 'Çay', 2000);
    // −60 % rounded to 5 TL steps: 0,80 and 0,96 TL become 0; 8 TL becomes 10
    const body = { percent: -60, roundToKurus: 500 };
    for (const more of [{}, { allowZeroPrice: false }]) {
      const refused = await r.call('POST', `/categories/${cat.id}/price-change`, { ...body, ...more });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe(
        'Bu değişiklikle 2 ürünün fiyatı 0,00 TL olur ("Su", "Soda"). Ürünleri bedava sunmak istiyorsanız bunu onaylayarak kaydedin.',
      );
      expect((await r.menu()).items.map((i: { priceKurus: number; version: number }) => [i.priceKurus, i.version])).toEqual([[200, 1], [240, 1], [2000, 1]]);
    }
    const res = await r.call('POST', `/categories/${cat.id}/price-change`, { ...body, allowZeroPrice: true });
    expect(res.json()).toEqual({ updated: 3 });
    const prices = new Map((await r.menu()).items.map((i: { id: string; priceKurus: number }) => [i.id, i.priceKurus]));
    expect([prices.get(water.id), prices.get(soda.id), prices.get(tea.id)]).toEqual([0, 0, 1000]);
  });

  it.each([
    [{ percent: 0 }, 'Yüzde 0 olamaz'],
    [{ percent: -95 }, 'Yüzde -90 ile +500 arasında olmalı'],
    [{ percent: 501 }, 'Yüzde -90 ile +500 arasında olmalı'],
    [{ percent: 1.005 }, 'Yüzde en fazla 2 ondalık basamak içerebilir'],
    [{ percent: '10' }, 'Yüzde bir sayı olmalı'],
    [{ percent: 10, roundToKurus: 3 }, 'Yuvarlama 1, 100 ya da 500 kuruş olmalı'],
  ])('refuses %j and changes nothing', async (body, message) => {
    const r = await restaurantWithStaff(ctx);
    const cat = await r.addCategory('Çorbalar');
    await r.addItem(cat.id, 'Mercimek', 9000);
    const res = await r.call('POST', `/categories/${cat.id}/price-change`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(message);
    expect((await r.menu()).items[0]).toMatchObject({ priceKurus: 9000, version: 1 });
  });

  it('changes nothing at all when one new price would pass 1.000.000 TL', async () => {
    const r = await restaurantWithStaff(ctx);
    const cat = await r.addCategory('Özel');
    await r.addItem(cat.id, 'Ucuz', 1000);
    await r.addItem(cat.id, 'Çok Pahalı', 90_000_000);
    const res = await r.call('POST', `/categories/${cat.id}/price-change`, { percent: 20 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Bu değişiklikle "Çok Pahalı" ürününün fiyatı 1.000.000,00 TL sınırını aşar');
    expect((await r.menu()).items.map((i: { priceKurus: number }) => i.priceKurus)).toEqual([1000, 90_000_000]);
  });

  it('accepts a change that lands exactly on 1.000.000 TL', async () => {
    const r = await restaurantWithStaff(ctx);
    const cat = await r.addCategory('Sınırda');
    await r.addItem(cat.id, 'Tam Sınır', 80_000_000);
    const res = await r.call('POST', `/categories/${cat.id}/price-change`, { percent: 25 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: 1 });
    expect((await r.menu()).items[0]).toMatchObject({ priceKurus: 100_000_000, version: 2 });
  });

  it('says so for a category without items', async () => {
    const r = await restaurantWithStaff(ctx);
    const cat = await r.addCategory('Boş');
    const res = await r.call('POST', `/categories/${cat.id}/price-change`, { percent: 10 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Bu kategoride fiyatı değiştirilecek ürün yok');
  });
});
