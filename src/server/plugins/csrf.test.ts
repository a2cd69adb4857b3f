import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { TINY_PNG, multipart, restaurantWithStaff, type Staffed } from '../modules/menu/menu-test-kit';
import { createTestApp, type TestContext } from '../test-support/test-app';
import { CSRF_MESSAGES } from './csrf';

let ctx: TestContext;
let r: Staffed;
let itemId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  r = await restaurantWithStaff(ctx, 'Çapraz Lokanta');
  const category = await r.addCategory('Çorbalar');
  itemId = (await r.addItem(category.id, 'Mercimek')).id;
});
afterAll(() => ctx.close());

const itemCount = async () => (await r.menu()).items.length;
const duplicate = (headers: Record<string, string>, app: App = ctx.app) =>
  app.inject({ method: 'POST', url: `${r.base}/items/${itemId}/duplicate`, cookies: r.owner.cookies, headers });

describe('cross-site request forgery', () => {
  it('refuses a plain form post from another port of the same host (same site, other origin), changing nothing', async () => {
    const before = await itemCount();
    const res = await duplicate({
      host: 'localhost:3000',
      origin: 'http://localhost:4000',
      'sec-fetch-site': 'same-site',
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': '0',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: CSRF_MESSAGES.crossOrigin });
    expect(await itemCount()).toBe(before);
  });

  it.each([
    ['an Origin of another site', { origin: 'https://kotu-site.example' }],
    ["the opaque Origin 'null' (sandboxed frame, data: page)", { origin: 'null' }],
    ['no Origin but Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['no Origin but Sec-Fetch-Site same-site', { 'sec-fetch-site': 'same-site' }],
  ])('refuses a write with %s', async (_what, headers) => {
    const before = await itemCount();
    const res = await duplicate({ host: 'localhost:3000', ...headers });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: CSRF_MESSAGES.crossOrigin });
    expect(await itemCount()).toBe(before);
  });

  it.each([
    ['its own origin', { host: 'localhost:3000', origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' }],
    ['its own origin behind a TLS proxy that keeps Host', { host: 'sofra.ornek.com', origin: 'https://sofra.ornek.com' }],
    ['no Origin and Sec-Fetch-Site same-origin', { host: 'localhost:3000', 'sec-fetch-site': 'same-origin' }],
    ['neither header (curl, an integration)', { host: 'localhost:3000' }],
  ])('accepts a write from %s', async (_what, headers) => {
    const before = await itemCount();
    const res = await duplicate(headers);
    expect(res.statusCode).toBe(201);
    expect(await itemCount()).toBe(before + 1);
  });

  it('lets reads from another origin through (they change nothing and CORS keeps their answers)', async () => {
    const res = await r.call('GET', '', undefined, r.owner.cookies, { headers: { origin: 'https://kotu-site.example' } });
    expect(res.statusCode).toBe(200);
  });

  it('accepts the configured PUBLIC_URL as its own origin, and X-Forwarded-Host only with TRUST_PROXY', async () => {
    const config = { cookieSecure: 'auto' as const, clientDir: '/nonexistent' };
    const behindProxy = await buildApp({ database: ctx.database, config: { ...config, trustProxy: false, publicUrl: 'https://sofra.ornek.com' }, clientDir: '/nonexistent' });
    const trusting = await buildApp({ database: ctx.database, config: { ...config, trustProxy: true }, clientDir: '/nonexistent' });
    const untrusting = await buildApp({ database: ctx.database, config: { ...config, trustProxy: false }, clientDir: '/nonexistent' });
    try {
      const fromPublic = { host: '127.0.0.1:3000', origin: 'https://sofra.ornek.com' };
      expect((await duplicate(fromPublic, behindProxy)).statusCode).toBe(201);
      expect((await duplicate({ ...fromPublic, origin: 'https://baska.ornek.com' }, behindProxy)).statusCode).toBe(403);
      const forwarded = { host: '127.0.0.1:3000', 'x-forwarded-host': 'sofra.ornek.com', origin: 'https://sofra.ornek.com' };
      expect((await duplicate(forwarded, trusting)).statusCode).toBe(201);
      expect((await duplicate(forwarded, untrusting)).statusCode).toBe(403);
    } finally {
      await Promise.all([behindProxy.close(), trusting.close(), untrusting.close()]);
    }
  });
});

describe('PUBLIC_URL lookalikes', () => {
  it.each([
    ['a longer host that starts with it', 'https://sofra.ornek.com.evil.test'],
    ['the URL with a trailing dot host', 'https://sofra.ornek.com.'],
    ['a subdomain of another site named like it', 'https://sofra.ornek.com-evil.test'],
    ['another scheme and port', 'http://sofra.ornek.com:8443'],
    ['user info before another host', 'https://sofra.ornek.com@evil.test'],
  ])('refuses %s as the origin of a write, changing nothing', async (_what, origin) => {
    const app = await buildApp({ database: ctx.database, config: { cookieSecure: 'auto', trustProxy: false, publicUrl: 'https://sofra.ornek.com' }, clientDir: '/nonexistent' });
    try {
      const before = await itemCount();
      // the server sits behind a proxy: the Host it sees is its own address, not the public one
      const res = await duplicate({ host: '127.0.0.1:3000', origin }, app);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: CSRF_MESSAGES.crossOrigin });
      expect(await itemCount()).toBe(before);
      // the real public origin still writes
      expect((await duplicate({ host: '127.0.0.1:3000', origin: 'https://sofra.ornek.com' }, app)).statusCode).toBe(201);
    } finally {
      await app.close();
    }
  });
});

describe('write bodies are JSON', () => {
  it.each([
    ['text/plain', 'text/plain', '{"icon":"🍲","name":"Düz Metin"}'],
    ['a urlencoded form', 'application/x-www-form-urlencoded', 'icon=x&name=Form'],
    ['multipart on a JSON route', multipart(TINY_PNG).headers['content-type'], multipart(TINY_PNG).payload],
    ['no content type at all', undefined, '{"icon":"🍲","name":"Türsüz"}'],
  ])('refuses %s with a Turkish 415 and creates nothing', async (_what, type, payload) => {
    const before = (await r.menu()).categories.length;
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${r.base}/categories`,
      cookies: r.owner.cookies,
      headers: type ? { 'content-type': type } : {},
      payload,
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: CSRF_MESSAGES.notJson });
    expect((await r.menu()).categories.length).toBe(before);
  });

  it('keeps accepting a write without a body, and a photo as multipart', async () => {
    expect((await duplicate({})).statusCode).toBe(201);
    const upload = await r.call('PUT', `/items/${itemId}/photo`, undefined, r.owner.cookies, multipart(TINY_PNG));
    expect(upload.statusCode).toBe(200);
  });

  it('refuses a text/plain photo upload with the photo screen’s own Turkish message', async () => {
    const res = await r.call('PUT', `/items/${itemId}/photo`, undefined, r.owner.cookies, { headers: { 'content-type': 'text/plain' }, payload: 'resim' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: 'Fotoğrafı dosya olarak (multipart/form-data) gönderin' });
  });
});
