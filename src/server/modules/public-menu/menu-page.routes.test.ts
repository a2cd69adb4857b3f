import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_DATA_ID } from '../../../shared/public-menu-view';
import { eq } from 'drizzle-orm';
import { diningTables, menuItems, sections } from '../../db/schema';
import { EventHub } from '../events/event-hub';
import { restaurantWithStaff } from '../menu/menu-test-kit';
import { saveOwnerSettings } from '../../test-support/owner-settings';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { scriptSafeJson } from './menu-page';

// menu.html as Vite builds it: the module script and the stylesheet in <head>, the menu's <main> in <body>.
const TEMPLATE = `<!doctype html>
<html lang="tr">
  <head>
    <meta charset="UTF-8" />
    <title>Menü</title>
    <script type="module" crossorigin src="/assets/menu-Test123.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/menu-Test123.css">
  </head>
  <body>
    <main id="menu" class="menu" aria-busy="true"><p class="menu-status">Menü yükleniyor...</p></main>
  </body>
</html>
`;

let ctx: TestContext;
let clientDir: string;
beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'sofra-menu-page-'));
  writeFileSync(path.join(clientDir, 'menu.html'), TEMPLATE);
  ctx = await createTestApp({ clientDir });
});
afterAll(async () => {
  await ctx.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const page = (restaurantId: string, query = '', headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url: `/menu/${restaurantId}${query}`, headers });
const api = (restaurantId: string, query = '') => ctx.app.inject({ method: 'GET', url: `/api/public/menus/${restaurantId}${query}` });

/**
 * The page as a browser's parser reads it. Inside a script element the parser looks only for
 * `</script` (and `<!--`, which changes how it looks): with no `<` in the block's text, the block
 * ends at its own end tag, and its text is exactly what is parsed here.
 */
function parse(html: string) {
  const open = new RegExp(`<script type="application/json" id="${MENU_DATA_ID}"(?: data-etag="([^"]*)")?>`).exec(html);
  const text = open ? html.slice(open.index + open[0].length, html.indexOf('</script>', open.index)) : '';
  return {
    scripts: [...html.matchAll(/<script\b[^>]*>/gi)].map((m) => /type="([^"]+)"/.exec(m[0])?.[1]),
    text,
    etag: open?.[1]?.replaceAll('&quot;', '"'),
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    data: open ? JSON.parse(text) : undefined,
  };
}

async function soupMenu(name?: string) {
  const r = await restaurantWithStaff(ctx, name);
  const cat = await r.addCategory('Çorbalar');
  await r.addItem(cat.id, 'Mercimek', 9000);
  return { ...r, categoryId: cat.id as string };
}

describe('the public menu page', () => {
  it('comes with the menu inside: the very JSON and ETag the API answers, so the first view needs no second request', async () => {
    const r = await soupMenu('Çınar Lokantası');
    const res = await page(r.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const { data, etag, scripts, title } = parse(res.body);
    const fromApi = await api(r.id);
    expect(data).toEqual(fromApi.json());
    expect(etag).toBe(fromApi.headers.etag);
    // the page's own script and markup are the template's, and its title is the restaurant's name
    expect(scripts).toEqual(['module', 'application/json']);
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/menu-Test123.js"></script>');
    expect(res.body).toContain('<main id="menu" class="menu" aria-busy="true">');
    expect(title).toBe('Çınar Lokantası');
  });

  it("carries the table's menu for its QR token, as the API does, and the plain menu for any other token", async () => {
    const r = await soupMenu();
    const [salon] = await ctx.database.db.insert(sections).values({ restaurantId: r.id, name: 'Salon' }).returning();
    const [seven] = await ctx.database.db.insert(diningTables).values({ restaurantId: r.id, sectionId: salon.id, name: 'Salon 7' }).returning();
    (ctx.app.hub as EventHub).publish(r.id, 'tables');
    const withTable = parse((await page(r.id, `?masa=${seven.qrToken}`)).body).data;
    expect(withTable).toEqual((await api(r.id, `?masa=${seven.qrToken}`)).json());
    expect(withTable.table).toEqual({ name: 'Salon 7' });
    for (const masa of ['abc', seven.id, 'x'.repeat(200)]) {
      const res = await page(r.id, `?masa=${masa}`);
      expect(res.statusCode).toBe(200);
      expect(parse(res.body).data).not.toHaveProperty('table');
    }
  });

  it('keeps a hostile dish name inside its data block: no early </script>, no comment trick, no U+2028, and the same text after parsing', async () => {
    const r = await soupMenu('Kötü <b>Niyet</b> $& Lokantası');
    // straight into the database: whatever a name holds, the page must survive it
    const names = ['</script><script>alert(1)</script>', '<!--<script>', 'Satır\u2028ayıran\u2029Künefe', '</SCRIPT >&amp;'];
    for (const name of names) await ctx.database.db.insert(menuItems).values({ restaurantId: r.id, categoryId: r.categoryId, name, priceKurus: 100 });
    (ctx.app.hub as EventHub).publish(r.id, 'menu');
    const { body } = await page(r.id);

    const { scripts, data, text, title } = parse(body);
    // nothing in the block the parser could take for a tag or a comment, nor a line separator
    expect(text).not.toMatch(/[<>\u2028\u2029]/);
    // so the template's module script and the data block are all the scripts there are…
    expect(scripts).toEqual(['module', 'application/json']);
    // …and the block, read to its own end, is the API's menu with every name as it was
    expect(data).toEqual((await api(r.id)).json());
    expect(data.menuItems.map((i: { name: string }) => i.name)).toEqual(expect.arrayContaining(names));
    expect(body).not.toMatch(/[\u2028\u2029]/);
    expect(title).toBe('Kötü &lt;b&gt;Niyet&lt;/b&gt; $&amp; Lokantası');
    expect(body).not.toContain('<b>');
  });

  it('keeps its Content-Security-Policy strict: scripts from our origin only, nothing inline is allowed to run', async () => {
    const r = await soupMenu();
    const csp = (await page(r.id)).headers['content-security-policy'] as string;
    const scriptSrc = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src'));
    expect(scriptSrc).toBe("script-src 'self'");
    // and nothing looser for elements or attributes beside it
    expect(csp).not.toMatch(/script-src-(elem|attr)/);
  });

  it('is sent gzipped to a phone that accepts it, and a reload with its ETag costs a 304', async () => {
    const r = await soupMenu();
    const zipped = await page(r.id, '', { 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('accept-encoding');
    expect(parse(gunzipSync(zipped.rawPayload).toString('utf8')).data.menuItems[0].name).toBe('Mercimek');
    const again = await page(r.id, '', { 'if-none-match': zipped.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // a dish sold out meanwhile: the page is new
    await ctx.database.db.update(menuItems).set({ isAvailable: false }).where(eq(menuItems.restaurantId, r.id));
    (ctx.app.hub as EventHub).publish(r.id, 'menu');
    const changed = await page(r.id, '', { 'if-none-match': zipped.headers.etag as string });
    expect(changed.statusCode).toBe(200);
    expect(parse(changed.body).data.menuItems).toEqual([]);
  });

  it('says there is no menu (null) for an unknown restaurant with 404, and for one the owner took offline', async () => {
    const unknown = await page('00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(parse(unknown.body).data).toBeNull();
    expect((await page('abc')).statusCode).toBe(404);

    const r = await soupMenu();
    expect((await saveOwnerSettings(ctx, r, (s) => ({ publicMenu: { ...s.publicMenu, enabled: false } }))).statusCode).toBe(200);
    const offline = await page(r.id);
    expect(offline.statusCode).toBe(200);
    const parsed = parse(offline.body);
    expect(parsed.data).toBeNull();
    expect(parsed.etag).toBeUndefined();
  });
});

describe('scriptSafeJson', () => {
  it('escapes only what could end or bend a script element, and parses back to the same value', () => {
    const value = { name: '</script><!-- & -->\u2028\u2029 Çiğ köfte "acılı"', n: 1 };
    const safe = scriptSafeJson(JSON.stringify(value));
    expect(safe).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(safe)).toEqual(value);
  });
});
