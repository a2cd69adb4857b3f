import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicMenu } from '../../../shared/public-menu';
import { diningTables, menuItems, sections } from '../../db/schema';
import { EventHub } from '../events/event-hub';
import { restaurantWithStaff, type Staffed } from '../menu/menu-test-kit';
import { saveOwnerSettings } from '../../test-support/owner-settings';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { PublicMenuCache, acceptsGzip, matchesEtag } from './public-menu-cache';
import type { PublicMenuSnapshot } from './public-menu.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const get = (restaurantId: string, headers: Record<string, string> = {}, query = '') =>
  ctx.app.inject({ method: 'GET', url: `/api/public/menus/${restaurantId}${query}`, headers });

async function menuWithSoup(): Promise<Staffed & { soupId: string }> {
  const r = await restaurantWithStaff(ctx, 'Canlı Lokanta');
  const cat = await r.addCategory('Çorbalar');
  const soup = await r.addItem(cat.id, 'Mercimek', 9000);
  return { ...r, soupId: soup.id };
}

async function setPublicMenu(r: Staffed, change: { enabled?: boolean; baseUrl?: string }) {
  const res = await saveOwnerSettings(ctx, r, (s) => ({ publicMenu: { ...s.publicMenu, ...change } }));
  expect(res.statusCode).toBe(200);
}

describe('public menu revalidation', () => {
  it('answers 304 without a body to a phone that has the current menu, and 200 once it changed', async () => {
    const r = await menuWithSoup();
    const first = await get(r.id);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');

    const again = await get(r.id, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    await r.call('PATCH', `/items/${r.soupId}`, { version: 1, priceKurus: 9500 });
    const changed = await get(r.id, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().menuItems[0].price).toBe(9500);
  });

  it('sends the body gzipped to a client that accepts it', async () => {
    const r = await menuWithSoup();
    const res = await get(r.id, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toBe('accept-encoding');
    const menu = JSON.parse(gunzipSync(res.rawPayload).toString('utf8'));
    expect(publicMenu.strict().safeParse(menu).success).toBe(true);
    expect(menu.menuItems[0].name).toBe('Mercimek');
  });

  it("shows the table a QR code was printed for by the table's token, and ignores table ids, unknown and foreign tokens", async () => {
    const r = await menuWithSoup();
    const other = await restaurantWithStaff(ctx);
    const [salon] = await ctx.database.db.insert(sections).values({ restaurantId: r.id, name: 'Salon' }).returning();
    const [theirSection] = await ctx.database.db.insert(sections).values({ restaurantId: other.id, name: 'Bahçe' }).returning();
    const [seven] = await ctx.database.db.insert(diningTables).values({ restaurantId: r.id, sectionId: salon.id, name: '7' }).returning();
    const [theirs] = await ctx.database.db.insert(diningTables).values({ restaurantId: other.id, sectionId: theirSection.id, name: '9' }).returning();
    // The first read after adding tables: the layout screen will announce table changes itself.
    (ctx.app.hub as EventHub).publish(r.id, 'tables');

    expect(seven.qrToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const withTable = await get(r.id, {}, `?masa=${seven.qrToken}`);
    // a new restaurant takes no orders from its tables until the owner turns QR Sipariş on
    expect(withTable.json()).toMatchObject({ table: { name: '7' }, ordering: { enabled: false, confirmBy: 'waiter' } });
    expect(publicMenu.strict().safeParse(withTable.json()).success).toBe(true);
    const plain = await get(r.id);
    expect(plain.headers.etag).not.toBe(withTable.headers.etag);
    expect(plain.json()).not.toHaveProperty('ordering');
    for (const masa of [theirs.qrToken, seven.id, theirs.id, 'abc', '00000000-0000-4000-8000-000000000000', 'x'.repeat(200), `${seven.qrToken.slice(0, 20)}%E2%80%AE${seven.qrToken.slice(20)}`, '%3Cscript%3E']) {
      const res = await get(r.id, {}, `?masa=${masa}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).not.toHaveProperty('table');
    }
  });

  it('answers 404 while the owner has taken the public menu offline, and the menu again after', async () => {
    const r = await menuWithSoup();
    expect((await get(r.id)).statusCode).toBe(200);
    await setPublicMenu(r, { enabled: false });
    const offline = await get(r.id);
    expect(offline.statusCode).toBe(404);
    expect(offline.json()).toEqual({ error: 'Bu restoranın menüsü şu anda yayında değil' });
    await setPublicMenu(r, { enabled: true });
    expect((await get(r.id)).json().menuItems).toHaveLength(1);
  });

  it('shows a renamed restaurant at once', async () => {
    const r = await menuWithSoup();
    await get(r.id);
    const url = `/api/restaurants/${r.id}/settings/general`;
    const current = (await ctx.app.inject({ method: 'GET', url, cookies: r.owner.cookies })).json() as { profile: object };
    await ctx.app.inject({
      method: 'PUT',
      url,
      cookies: r.owner.cookies,
      payload: { ...current, profile: { ...current.profile, name: 'Yeni Ad Lokantası' } },
    });
    expect((await get(r.id)).json().restaurantInfo.name).toBe('Yeni Ad Lokantası');
  });
});

describe('the public menu cache', () => {
  const snapshot = (name: string): PublicMenuSnapshot => ({
    isOnline: true,
    tables: new Map([['t1', 'Bahçe 3']]),
    ordering: { enabled: false, confirmBy: 'waiter' },
    menu: { restaurantInfo: { name }, categories: [], menuItems: [] },
  });

  function cacheWith(names: string[], ttlMs = 1000) {
    let clock = 0;
    let loads = 0;
    const hub = new EventHub();
    const cache = new PublicMenuCache(async () => snapshot(names[Math.min(loads++, names.length - 1)]), hub, {
      ttlMs,
      maxEntries: 2,
      now: () => clock,
    });
    return { cache, hub, tick: (ms: number) => (clock += ms), loads: () => loads };
  }
  const nameIn = (rep: { json: Buffer } | null) => JSON.parse(rep!.json.toString()).restaurantInfo.name;

  it('builds once and answers from memory until a menu event for that restaurant', async () => {
    const { cache, hub, loads } = cacheWith(['A', 'B']);
    expect(nameIn(await cache.get('r1'))).toBe('A');
    expect(nameIn(await cache.get('r1'))).toBe('A');
    expect(loads()).toBe(1);
    hub.publish('r1', 'staff');
    hub.publish('r2', 'menu');
    expect(nameIn(await cache.get('r1'))).toBe('A');
    hub.publish('r1', 'menu');
    expect(nameIn(await cache.get('r1'))).toBe('B');
    expect(loads()).toBe(2);
  });

  it('rebuilds after a settings.general or a tables event too', async () => {
    const { cache, hub, loads } = cacheWith(['A', 'B', 'C']);
    expect(nameIn(await cache.get('r1'))).toBe('A');
    hub.publish('r1', 'settings.general');
    expect(nameIn(await cache.get('r1'))).toBe('B');
    hub.publish('r1', 'tables');
    expect(nameIn(await cache.get('r1'))).toBe('C');
    expect(loads()).toBe(3);
  });

  it('is still fresh at exactly its time-to-live', async () => {
    const { cache, tick, loads } = cacheWith(['A', 'B'], 1000);
    await cache.get('r1');
    tick(1000);
    expect(nameIn(await cache.get('r1'))).toBe('A');
    await new Promise((r) => setTimeout(r, 0));
    expect(nameIn(await cache.get('r1'))).toBe('A');
    expect(loads()).toBe(1);
  });

  it("answers a known table's token with the table's menu, and an unknown token with the plain one", async () => {
    const { cache } = cacheWith(['A']);
    const plain = await cache.get('r1');
    expect(JSON.parse(plain!.json.toString())).toEqual({ restaurantInfo: { name: 'A' }, categories: [], menuItems: [] });
    expect(await cache.get('r1', 'nope')).toBe(plain);
    const table = await cache.get('r1', 't1');
    expect(JSON.parse(table!.json.toString())).toEqual({
      restaurantInfo: { name: 'A' },
      categories: [],
      menuItems: [],
      table: { name: 'Bahçe 3' },
      ordering: { enabled: false, confirmBy: 'waiter' },
    });
    expect(table!.etag).not.toBe(plain!.etag);
    expect(await cache.get('r1', 't1')).toBe(table);
  });

  it('after its time-to-live serves the old menu once while it rebuilds, then the new one', async () => {
    const { cache, tick, loads } = cacheWith(['A', 'B'], 1000);
    await cache.get('r1');
    tick(1001);
    expect(nameIn(await cache.get('r1'))).toBe('A');
    await new Promise((r) => setTimeout(r, 0));
    expect(nameIn(await cache.get('r1'))).toBe('B');
    expect(loads()).toBe(2);
  });

  it('does not keep a build that an invalidation overtook', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let calls = 0;
    const hub = new EventHub();
    const cache = new PublicMenuCache(
      async () => {
        const call = ++calls;
        if (call === 1) await gate;
        return snapshot(call === 1 ? 'old' : 'new');
      },
      hub,
      { ttlMs: 1000, maxEntries: 10 },
    );
    const first = cache.get('r1');
    cache.invalidate('r1');
    expect(nameIn(await cache.get('r1'))).toBe('new');
    release();
    expect(nameIn(await first)).toBe('old');
    expect(nameIn(await cache.get('r1'))).toBe('new');
  });

  it('forgets the least recently used restaurant when full', async () => {
    const { cache, loads } = cacheWith(['A']);
    await cache.get('r1');
    await cache.get('r2');
    await cache.get('r1');
    await cache.get('r3'); // evicts r2
    expect(loads()).toBe(3);
    await cache.get('r1');
    expect(loads()).toBe(3);
    await cache.get('r2');
    expect(loads()).toBe(4);
  });

  it('reads If-None-Match and Accept-Encoding the way browsers send them', () => {
    expect(matchesEtag('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('*', 'W/"abc"')).toBe(true);
    expect(matchesEtag('W/"abd"', 'W/"abc"')).toBe(false);
    expect(matchesEtag(undefined, 'W/"abc"')).toBe(false);
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('gzip; q=0.000, br')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
  });
});

describe('items changed outside this server', () => {
  it('show up within the cache time-to-live even without an event', async () => {
    const r = await menuWithSoup();
    expect((await get(r.id)).json().menuItems[0].price).toBe(9000);
    // As another server instance would: straight into the database, no event here.
    await ctx.database.db.update(menuItems).set({ priceKurus: 9900 });
    // The entry is trusted for the TTL; an explicit invalidation stands in for waiting it out.
    (ctx.app.hub as EventHub).publish(r.id, 'menu');
    expect((await get(r.id)).json().menuItems[0].price).toBe(9900);
  });
});
