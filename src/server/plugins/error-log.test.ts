import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/errors';
import { loggableError } from '../lib/loggable-error';
import { createRestaurant, createTestApp, createUser, loginAs, type TestContext } from '../test-support/test-app';

let ctx: TestContext;
let log = '';
let restaurantId: string;
let ownerCookies: Record<string, string>;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      log += String(chunk);
      done();
    },
  });
  ctx = await createTestApp({ logger: { level: 'error', stream } });
  restaurantId = (await createRestaurant(ctx)).id;
  const owner = await createUser(ctx, { restaurantId, role: 'owner' });
  ownerCookies = (await loginAs(ctx, owner.email)).cookies;
  // A database that refuses one name stands in for any failure of the insert (disk full, a bug).
  await ctx.database.db.execute(sql`ALTER TABLE users ADD CONSTRAINT test_refuses_name CHECK (name <> 'Hata Zorla')`);
});
afterAll(() => ctx.close());

describe('the log of a failed staff write', () => {
  it("holds the failure's SQL and constraint but never the query parameters: no password hash, no email", async () => {
    log = '';
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/restaurants/${restaurantId}/staff`,
      cookies: ownerCookies,
      payload: { name: 'Hata Zorla', email: 'gizli-kisi@lokanta.test', role: 'waiter', password: 'servis-2026' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: MESSAGES.internal });
    expect(res.body).not.toContain('scrypt');

    expect(log).toContain('unhandled error');
    expect(log).toContain('test_refuses_name');
    expect(log).toContain('insert into \\"users\\"');
    expect(log).not.toContain('scrypt$');
    expect(log).not.toContain('gizli-kisi');
    expect(log).not.toContain('servis-2026');
    expect(log).not.toMatch(/params|Failing row/i);
  });
});

describe('loggableError', () => {
  it("keeps drizzle's SQL, the cause's code and constraint, and drops params, detail and row values", () => {
    const cause = Object.assign(new Error('new row for relation "users" violates check constraint "c"'), {
      code: '23514',
      constraint: 'c',
      detail: 'Failing row contains (1, a@b.c, scrypt$131072$8$1$salt$hash).',
      params: ['a@b.c', 'scrypt$131072$8$1$salt$hash'],
    });
    const err = new DrizzleQueryError('insert into "users" ("email", "password_hash") values ($1, $2)', ['a@b.c', 'scrypt$131072$8$1$salt$hash'], cause);
    const safe = loggableError(err) as Error & Record<string, unknown>;
    const text = JSON.stringify({ ...safe, message: safe.message, stack: safe.stack, cause: { ...(safe.cause as object), message: (safe.cause as Error).message } });
    expect(safe.message).toBe('Failed query: insert into "users" ("email", "password_hash") values ($1, $2)');
    expect((safe.cause as Record<string, unknown>).code).toBe('23514');
    expect((safe.cause as Record<string, unknown>).constraint).toBe('c');
    expect(text).not.toContain('scrypt$');
    expect(text).not.toContain('a@b.c');
  });

  it('keeps a thrown string up to its params and hides anything that is neither an Error nor a string', () => {
    expect(loggableError('Failed query: select 1\nparams: secret')).toBe('Failed query: select 1');
    expect(loggableError({ password: 'secret' })).toBe('[redacted: not an Error]');
    expect(loggableError(undefined)).toBe('[redacted: not an Error]');
  });

  it('keeps the error name and only the stack frames, without the original message', () => {
    const err = new TypeError('Failed query: x\nparams: secret');
    err.stack = 'TypeError: Failed query: x\nparams: secret\n    at f (a.ts:1:1)\n    at g (b.ts:2:2)';
    const safe = loggableError(err) as Error;
    expect(safe.name).toBe('TypeError');
    expect(safe.stack).toBe('TypeError: Failed query: x\n    at f (a.ts:1:1)\n    at g (b.ts:2:2)');
  });

  it('follows causes three levels deep and no further', () => {
    const chain = new Error('0', { cause: new Error('1', { cause: new Error('2', { cause: new Error('3', { cause: new Error('4') }) }) }) });
    let safe = loggableError(chain) as Error;
    const messages: string[] = [];
    while (safe) {
      messages.push(safe.message);
      safe = safe.cause as Error;
    }
    expect(messages).toEqual(['0', '1', '2', '3']);
  });
});
