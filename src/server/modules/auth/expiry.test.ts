import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/errors';
import { rememberTokens, sessions } from '../../db/schema';
import { TEST_PASSWORD, appWithRestaurant, createUser, loginAs, type TestContext } from '../../test-support/test-app';

let ctx: TestContext;
let restaurantId: string;
beforeAll(async () => {
  ({ ctx, restaurantId } = await appWithRestaurant());
});
afterAll(() => ctx.close());

const aMinuteAgo = () => new Date(Date.now() - 60_000);
const session = (cookies: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/api/auth/session', cookies });

describe('expiry', () => {
  it('refuses a session whose expiresAt has passed, and clears its cookie', async () => {
    const user = await createUser(ctx, { restaurantId });
    const { cookies } = await loginAs(ctx, user.email);
    expect((await session(cookies)).statusCode).toBe(200);
    await ctx.database.db.update(sessions).set({ expiresAt: aMinuteAgo() }).where(eq(sessions.userId, user.id));
    const res = await session(cookies);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: MESSAGES.notSignedIn });
    expect(res.cookies.find((c) => c.name === 'sofra_session')?.value).toBe('');
    // Every route, not only the session check.
    const prefs = await ctx.app.inject({ method: 'GET', url: '/api/me/preferences', cookies });
    expect(prefs.statusCode).toBe(401);
  });

  it('refuses a remember-me token whose expiresAt has passed, and uses it up', async () => {
    const user = await createUser(ctx, { restaurantId });
    const { cookies } = await loginAs(ctx, user.email, TEST_PASSWORD, true);
    await ctx.database.db.update(rememberTokens).set({ expiresAt: aMinuteAgo() }).where(eq(rememberTokens.userId, user.id));
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/resume', cookies: { sofra_remember: cookies.sofra_remember } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: MESSAGES.rememberInvalid });
    expect(res.cookies.find((c) => c.name === 'sofra_session')).toBeUndefined();
    expect(await ctx.database.db.select().from(rememberTokens).where(eq(rememberTokens.userId, user.id))).toHaveLength(0);
  });

  it('still accepts both while expiresAt is ahead', async () => {
    const user = await createUser(ctx, { restaurantId });
    const { cookies } = await loginAs(ctx, user.email, TEST_PASSWORD, true);
    const soon = new Date(Date.now() + 60_000);
    await ctx.database.db.update(sessions).set({ expiresAt: soon }).where(eq(sessions.userId, user.id));
    await ctx.database.db.update(rememberTokens).set({ expiresAt: soon }).where(eq(rememberTokens.userId, user.id));
    expect((await session(cookies)).statusCode).toBe(200);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/resume', cookies: { sofra_remember: cookies.sofra_remember } });
    expect(res.statusCode).toBe(200);
  });
});
