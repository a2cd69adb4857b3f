import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '../../../shared/errors';
import { rememberTokens, sessions } from '../../db/schema';
import { hashToken } from './tokens';
import { TEST_PASSWORD, appWithRestaurant, cookiesFrom, createRestaurant, createUser, loginAs, type TestContext } from '../../test-support/test-app';

let ctx: TestContext;
let restaurantId: string;

beforeAll(async () => {
  ({ ctx, restaurantId } = await appWithRestaurant());
});
afterAll(() => ctx.close());

const login = (payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload, headers });

describe('login', () => {
  it('answers the user with uid, email, role and restaurantId and sets an HttpOnly session cookie', async () => {
    const user = await createUser(ctx, { restaurantId, role: 'waiter' });
    const res = await login({ email: user.email, password: TEST_PASSWORD, remember: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ uid: user.id, email: user.email, role: 'waiter', restaurantId });
    const cookie = res.cookies.find((c) => c.name === 'sofra_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.value.length).toBeGreaterThanOrEqual(43); // 256 bits in base64url
    expect(res.cookies.find((c) => c.name === 'sofra_remember')?.value ?? '').toBe('');
  });

  it('stores only the hash of the session token', async () => {
    const user = await createUser(ctx, { restaurantId });
    const { cookies } = await loginAs(ctx, user.email);
    const rows = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(hashToken(cookies.sofra_session));
    expect(rows[0].tokenHash).not.toBe(cookies.sofra_session);
  });

  it('finds the email case-insensitively', async () => {
    const user = await createUser(ctx, { restaurantId, email: 'kasa@lokanta.test' });
    const res = await login({ email: '  KASA@Lokanta.test ', password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().uid).toBe(user.id);
  });

  it('gives an unknown email and a wrong password the same answer', async () => {
    const user = await createUser(ctx, { restaurantId });
    const wrong = await login({ email: user.email, password: 'yanlis-sifre' });
    const unknown = await login({ email: 'kimse@yok.test', password: 'yanlis-sifre' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: MESSAGES.invalidCredentials });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it("answers 'Kullanıcı bulunamadı' when the password is right but the user belongs to no restaurant", async () => {
    const user = await createUser(ctx);
    const res = await login({ email: user.email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Kullanıcı bulunamadı' });
  });

  it("answers 'Geçersiz kullanıcı rolü' for an imported membership role", async () => {
    const user = await createUser(ctx, { restaurantId, role: 'cashier' });
    const res = await login({ email: user.email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Geçersiz kullanıcı rolü' });
  });

  it('refuses a deactivated account', async () => {
    const user = await createUser(ctx, { restaurantId, isActive: false });
    const res = await login({ email: user.email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: MESSAGES.accountDisabled });
  });

  it('works for a user of the eleventh restaurant and beyond (no "first 10" scan)', async () => {
    for (let i = 0; i < 11; i++) await createRestaurant(ctx);
    const last = await createRestaurant(ctx, 'On İkinci Restoran');
    const user = await createUser(ctx, { restaurantId: last.id, role: 'kitchen' });
    const res = await login({ email: user.email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().restaurantId).toBe(last.id);
  });

  it('rejects a malformed body with a Turkish 400', async () => {
    const res = await login({ email: 'a@b.c' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^Geçersiz istek: password/);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: MESSAGES.badJson });
  });

  it('refuses an email with a control character in Turkish, never a 500 (PostgreSQL cannot look up a NUL)', async () => {
    for (const email of ['\u0000', 'sahip\u0000@example.com', 'sahip@example.com\u0007']) {
      const res = await login({ email, password: 'x' });
      expect(res.statusCode, email).toBe(400);
      expect(res.json().error).toMatch(/E-posta kontrol karakteri ya da satır sonu içeremez/);
    }
  });
});

describe('session, logout and remember-me', () => {
  it('answers the session while signed in and 401 after logout', async () => {
    const user = await createUser(ctx, { restaurantId, role: 'kitchen' });
    const { cookies } = await loginAs(ctx, user.email);
    const before = await ctx.app.inject({ method: 'GET', url: '/api/auth/session', cookies });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ uid: user.id, role: 'kitchen', restaurantId });

    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', cookies });
    expect(out.statusCode).toBe(204);
    const after = await ctx.app.inject({ method: 'GET', url: '/api/auth/session', cookies });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: MESSAGES.notSignedIn });
  });

  it('answers 401 with no cookie and with a forged one', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/session' })).statusCode).toBe(401);
    const forged = await ctx.app.inject({ method: 'GET', url: '/api/auth/session', cookies: { sofra_session: 'x'.repeat(43) } });
    expect(forged.statusCode).toBe(401);
  });

  it('resumes from the remember-me cookie and rotates it so each token works once', async () => {
    const user = await createUser(ctx, { restaurantId, role: 'owner' });
    const { cookies } = await loginAs(ctx, user.email, TEST_PASSWORD, true);
    const first = cookies.sofra_remember;
    expect(first).toMatch(/^[\w-]+\.[\w-]+$/);

    const resumed = await ctx.app.inject({ method: 'POST', url: '/api/auth/resume', cookies: { sofra_remember: first } });
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json()).toEqual({ uid: user.id, email: user.email, role: 'owner', restaurantId });
    const next = cookiesFrom(resumed);
    expect(next.sofra_remember).toBeTruthy();
    expect(next.sofra_remember).not.toBe(first);
    expect(next.sofra_session).toBeTruthy();

    const replay = await ctx.app.inject({ method: 'POST', url: '/api/auth/resume', cookies: { sofra_remember: first } });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ error: MESSAGES.rememberInvalid });
  });

  it('revokes every remembered device when a copied token is replayed with a wrong validator', async () => {
    const user = await createUser(ctx, { restaurantId });
    const { cookies } = await loginAs(ctx, user.email, TEST_PASSWORD, true);
    const [selector] = cookies.sofra_remember.split('.');
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/resume', cookies: { sofra_remember: `${selector}.forged` } });
    expect(res.statusCode).toBe(401);
    const left = await ctx.database.db.select().from(rememberTokens).where(eq(rememberTokens.userId, user.id));
    expect(left).toHaveLength(0);
  });

  it('logout revokes the remember-me token too', async () => {
    const user = await createUser(ctx, { restaurantId });
    const { cookies } = await loginAs(ctx, user.email, TEST_PASSWORD, true);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', cookies });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/resume', cookies: { sofra_remember: cookies.sofra_remember } });
    expect(res.statusCode).toBe(401);
  });

  it('resume without a cookie is a 401 with the Turkish message', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/resume' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: MESSAGES.rememberInvalid });
  });
});

describe('email normalisation', () => {
  it('matches I and İ typed on a Turkish keyboard to the stored lower-case i', async () => {
    const user = await createUser(ctx, { restaurantId, email: 'iskender@lokanta.test' });
    for (const typed of ['ISKENDER@lokanta.test', 'İSKENDER@LOKANTA.TEST']) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: typed, password: TEST_PASSWORD } });
      expect(res.statusCode).toBe(200);
      expect(res.json().uid).toBe(user.id);
    }
  });
});
