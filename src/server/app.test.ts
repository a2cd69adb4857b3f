import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connect } from 'node:net';
import type { InjectOptions } from 'fastify';
import { MESSAGES } from '../shared/errors';
import { appWithOwner, type TestContext } from './test-support/test-app';

let ctx: TestContext;
let restaurantId: string;
let ownerCookies: Record<string, string>;

beforeAll(async () => {
  ({ ctx, restaurantId, owner: { cookies: ownerCookies } } = await appWithOwner());
});
afterAll(() => ctx.close());

/** Lines of a JavaScript stack, file paths of the server, or Fastify's own English error shape. */
const LEAKS = [/\n\s+at /, /\bat .+:\d+:\d+/, /node_modules/, /\/work\/|\/src\/server\//, /\.ts\b/, /"statusCode"/, /"code":"FST_/, /Error:/];

function expectNoLeak(body: string) {
  for (const leak of LEAKS) expect(body).not.toMatch(leak);
}

describe('health', () => {
  it('answers ok with the database driver in use', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' });
  });
});

describe('security headers', () => {
  it.each([
    ['a public answer', { method: 'GET', url: '/api/health' }],
    ['a refusal', { method: 'GET', url: '/api/auth/session' }],
    ['an unknown route', { method: 'GET', url: '/api/yok' }],
    ['a page route', { method: 'GET', url: '/owner' }],
  ] as [string, InjectOptions][])('are sent on %s', async (_, request) => {
    const res = await ctx.app.inject(request);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe('unknown routes', () => {
  it.each(['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const)('answer %s on an unknown /api route with a Turkish 404', async (method) => {
    const res = await ctx.app.inject({ method, url: '/api/bilinmeyen/adres?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: MESSAGES.routeNotFound });
  });

  it('answer a method a route does not have with the Turkish 404', async () => {
    const res = await ctx.app.inject({ method: 'DELETE', url: '/api/health' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: MESSAGES.routeNotFound });
  });
});

describe('failures never leak internals', () => {
  const printerUrl = () => `/api/restaurants/${restaurantId}/settings/printer`;
  const cases: [string, () => InjectOptions][] = [
    ['malformed JSON', () => ({ method: 'PUT', url: printerUrl(), cookies: ownerCookies, headers: { 'content-type': 'application/json' }, payload: '{"a":' })],
    ['an empty JSON body', () => ({ method: 'PUT', url: printerUrl(), cookies: ownerCookies, headers: { 'content-type': 'application/json' }, payload: '' })],
    ['a body that is not JSON', () => ({ method: 'PUT', url: printerUrl(), cookies: ownerCookies, headers: { 'content-type': 'text/plain' }, payload: 'merhaba' })],
    ['a body over the size limit', () => ({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email: 'x'.repeat(1_100_000) }) })],
    ['a prototype-polluting body', () => ({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"__proto__":{"x":1},"email":"a@b.c","password":"x"}' })],
    ['a wrongly typed body', () => ({ method: 'POST', url: '/api/auth/login', payload: { email: 42, password: ['x'] } })],
    ['a bad query', () => ({ method: 'GET', url: '/api/events/poll?after=x&timeout=y', cookies: ownerCookies })],
    ['a broken percent-encoding', () => ({ method: 'GET', url: '/api/public/menus/%E0%A4%A' })],
    ['a too long path parameter', () => ({ method: 'GET', url: `/api/public/menus/${'a'.repeat(500)}` })],
    ['a forged session cookie', () => ({ method: 'GET', url: '/api/auth/session', cookies: { sofra_session: '../../etc/passwd' } })],
    ['a malformed remember-me cookie', () => ({ method: 'POST', url: '/api/auth/resume', cookies: { sofra_remember: '....' } })],
    ['an unknown route', () => ({ method: 'GET', url: '/api/../../etc/passwd' })],
  ];

  it.each(cases)('%s answers a 4xx with a Turkish {error}, the failing fields at most, and nothing else', async (_, request) => {
    const res = await ctx.app.inject(request());
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    const body = res.json();
    expect(Object.keys(body).filter((k) => k !== 'fields')).toEqual(['error']);
    for (const message of Object.values(body.fields ?? {})) expect(message).toEqual(expect.stringMatching(/\S/));
    expect(body.error).toMatch(/[çğıöşüÇĞİÖŞÜ]/); // Turkish, not Fastify's English
    expectNoLeak(res.body);
  });

  it('answers a request the HTTP parser refuses (address or headers over 16 KB, a garbled request line) in Turkish', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const long = await fetch(`${address}/api/restaurants/${restaurantId}/tickets?status=${'a'.repeat(20_000)}`);
    expect(long.status).toBe(431);
    expect(await long.json()).toEqual({ error: 'İstek adresi ya da başlıkları çok uzun' });
    const cookie = await fetch(`${address}/api/health`, { headers: { cookie: `sofra_session=${'x'.repeat(20_000)}` } });
    expect(cookie.status).toBe(431);
    const { port } = new URL(address);
    const garbled = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('MERHABA DÜNYA\r\n\r\n'));
      let answer = '';
      socket.on('data', (d) => (answer += d.toString('utf8')));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });
    expect(garbled).toMatch(/^HTTP\/1\.1 400 /);
    expect(garbled.slice(garbled.indexOf('\r\n\r\n') + 4)).toBe(JSON.stringify({ error: MESSAGES.invalidRequest }));
    expectNoLeak(garbled);
  });

  it('answers an unexpected failure with the Turkish 500 message and no detail', async () => {
    const failure = new Error('connection to /var/lib/postgresql refused at pool.query');
    const spy = vi.spyOn(ctx.database.db, 'select').mockImplementation(() => {
      throw failure;
    });
    try {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/public/menus/${restaurantId}` });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: MESSAGES.internal });
      expect(res.body).not.toContain('postgresql');
      expectNoLeak(res.body);
    } finally {
      spy.mockRestore();
    }
    // The app carries on once the database is back.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/public/menus/${restaurantId}` })).statusCode).toBe(200);
  });
});
