import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_USER_PREFERENCES } from '../../../shared/staff-contract';
import { rememberTokens } from '../../db/schema';
import { TEST_PASSWORD, appWithRestaurant, createUser, loginAs, type TestContext } from '../../test-support/test-app';

let ctx: TestContext;
let restaurantId: string;
beforeAll(async () => {
  ({ ctx, restaurantId } = await appWithRestaurant());
});
afterAll(() => ctx.close());

describe('own preferences', () => {
  it('start from the defaults, save with a version check and stay per user', async () => {
    const cook = await createUser(ctx, { restaurantId, role: 'kitchen' });
    const { cookies } = await loginAs(ctx, cook.email);
    const first = await ctx.app.inject({ method: 'GET', url: '/api/me/preferences', cookies });
    expect(first.json()).toEqual(DEFAULT_USER_PREFERENCES);
    expect(first.headers.etag).toBe('"0"');

    const mine = { ...DEFAULT_USER_PREFERENCES, soundEnabled: false, fontSize: 24, station: 'Bar' };
    const saved = await ctx.app.inject({ method: 'PUT', url: '/api/me/preferences', cookies, headers: { 'if-match': '"0"' }, payload: mine });
    expect(saved.statusCode).toBe(200);
    expect(saved.headers.etag).toBe('"1"');
    const stale = await ctx.app.inject({ method: 'PUT', url: '/api/me/preferences', cookies, headers: { 'if-match': '"0"' }, payload: mine });
    expect(stale.statusCode).toBe(409);

    const waiter = await createUser(ctx, { restaurantId, role: 'waiter' });
    const other = await loginAs(ctx, waiter.email);
    const theirs = await ctx.app.inject({ method: 'GET', url: '/api/me/preferences', cookies: other.cookies });
    expect(theirs.json()).toEqual(DEFAULT_USER_PREFERENCES);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me/preferences', cookies })).json()).toEqual(mine);
  });

  it('refuse out-of-range values with a Turkish 400', async () => {
    const cook = await createUser(ctx, { restaurantId, role: 'kitchen' });
    const { cookies } = await loginAs(ctx, cook.email);
    const res = await ctx.app.inject({ method: 'PUT', url: '/api/me/preferences', cookies, payload: { ...DEFAULT_USER_PREFERENCES, volume: 150 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('Ses düzeyi 0 ile 100 arasında olmalı');
  });
});

describe('own password and sessions', () => {
  it('changing the password needs the current one, keeps this session and ends the others', async () => {
    const user = await createUser(ctx, { restaurantId, role: 'waiter' });
    const here = await loginAs(ctx, user.email);
    const phone = await loginAs(ctx, user.email, TEST_PASSWORD, true);
    const changePassword = (currentPassword: string, newPassword: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/me/password', cookies: here.cookies, payload: { currentPassword, newPassword } });
    const wrong = await changePassword('yanlis', 'yepyeni-sifre');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'Mevcut şifre hatalı' });
    const weak = await changePassword(TEST_PASSWORD, '12345678');
    expect(weak.statusCode).toBe(400);

    const ok = await changePassword(TEST_PASSWORD, 'yepyeni-sifre');
    expect(ok.statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/session', cookies: here.cookies })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/session', cookies: phone.cookies })).statusCode).toBe(401);
    expect(await ctx.database.db.select().from(rememberTokens).where(eq(rememberTokens.userId, user.id))).toHaveLength(0);
    await loginAs(ctx, user.email, 'yepyeni-sifre');
  });

  it('signing out everywhere ends every session, this one included', async () => {
    const user = await createUser(ctx, { restaurantId, role: 'kitchen' });
    const a = await loginAs(ctx, user.email);
    const b = await loginAs(ctx, user.email);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/me/sign-out-everywhere', cookies: a.cookies });
    expect(res.statusCode).toBe(204);
    for (const cookies of [a.cookies, b.cookies]) {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/session', cookies })).statusCode).toBe(401);
    }
  });
});
