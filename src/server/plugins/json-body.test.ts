import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithOwner, type OwnerApp } from '../test-support/test-app';
import { JSON_TOO_DEEP, MAX_JSON_DEPTH, jsonDepth } from './json-body';

let t: OwnerApp;
beforeAll(async () => {
  t = await appWithOwner();
});
afterAll(() => t.ctx.close());

const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
const post = (url: string, body: string, headers: Record<string, string> = {}) =>
  t.ctx.app.inject({ method: 'POST', url, cookies: t.owner.cookies, payload: body, headers: { 'content-type': 'application/json', ...headers } });

describe('JSON body depth', () => {
  it('counts nesting without parsing, ignoring brackets inside strings', () => {
    expect(jsonDepth('{"a":[1,{"b":2}]}')).toBe(3);
    expect(jsonDepth('{"a":"[[[[{{{{\\"[["}')).toBe(1);
    expect(jsonDepth('42')).toBe(0);
  });

  it('answers a 100k-level body with an Idempotency-Key on a route without a body schema with a Turkish 400, not a 500', async () => {
    const res = await post('/api/me/sign-out-everywhere', nested(100_000), { 'idempotency-key': 'derin-govde-0001' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: JSON_TOO_DEEP });
  });

  it('refuses a deep body on a route with a schema too, before validation runs', async () => {
    const body = `{"name":"Derin","email":"d@lokanta.test","role":"waiter","x":${nested(10_000)}}`;
    const res = await post(`/api/restaurants/${t.restaurantId}/staff`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: JSON_TOO_DEEP });
  });

  it(`still accepts ${MAX_JSON_DEPTH} levels`, async () => {
    // the object itself is the first level
    const body = `{"name":"Derin","email":"derin@lokanta.test","role":"waiter","x":${nested(MAX_JSON_DEPTH - 1)}}`;
    const res = await post(`/api/restaurants/${t.restaurantId}/staff`, body);
    expect(res.statusCode).toBe(201);
  });

  it('keeps refusing prototype poisoning and broken JSON with Turkish 400s', async () => {
    const poisoned = await post(`/api/restaurants/${t.restaurantId}/staff`, '{"__proto__":{"isAdmin":true}}');
    expect(poisoned.statusCode).toBe(400);
    expect(poisoned.json()).toEqual({ error: 'İstek gövdesi geçerli bir JSON değil' });
    const broken = await post(`/api/restaurants/${t.restaurantId}/staff`, '{"a":');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ error: 'İstek gövdesi geçerli bir JSON değil' });
  });
});
