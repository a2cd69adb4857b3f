import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, appWithRestaurant, createUser, loginAs, type TestContext } from '../../test-support/test-app';
import { AUTH_MESSAGES } from '../auth/auth-messages';
import { STAFF_MESSAGES } from './staff-messages';

let ctx: TestContext;
let restaurantId: string;
beforeAll(async () => {
  ({ ctx, restaurantId } = await appWithRestaurant());
});
afterAll(() => ctx.close());

const changePassword = (cookies: Record<string, string>, currentPassword: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/me/password', cookies, payload: { currentPassword, newPassword: 'yepyeni-sifre-9' } });

describe('changing the own password under guessing', () => {
  it('refuses the 11th try after 10 wrong current passwords, even the right one, in Turkish with Retry-After', async () => {
    const user = await createUser(ctx, { restaurantId, role: 'waiter' });
    const { cookies } = await loginAs(ctx, user.email);
    for (let i = 0; i < 10; i++) {
      const wrong = await changePassword(cookies, `yanlis-${i}`);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ error: STAFF_MESSAGES.wrongCurrentPassword });
    }
    const locked = await changePassword(cookies, TEST_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ error: AUTH_MESSAGES.tooManyPasswordChecks });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // The password did not change.
    await loginAs(ctx, user.email, TEST_PASSWORD);
  });

  it('checks at most 10 of 40 wrong current passwords sent at once', async () => {
    const user = await createUser(ctx, { restaurantId, role: 'kitchen' });
    const { cookies } = await loginAs(ctx, user.email);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => changePassword(cookies, `yanlis-${i}`)));
    expect(answers.filter((r) => r.statusCode === 400).length).toBeLessThanOrEqual(10);
    expect(answers.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(30);
    expect(answers.every((r) => r.statusCode === 400 || r.statusCode === 429)).toBe(true);
  });

  it('counts per person: one user locked out of changing does not lock another', async () => {
    const a = await createUser(ctx, { restaurantId, role: 'waiter' });
    const b = await createUser(ctx, { restaurantId, role: 'waiter' });
    const signedA = await loginAs(ctx, a.email);
    const signedB = await loginAs(ctx, b.email);
    for (let i = 0; i < 10; i++) await changePassword(signedA.cookies, 'yanlis');
    expect((await changePassword(signedA.cookies, TEST_PASSWORD)).statusCode).toBe(429);
    expect((await changePassword(signedB.cookies, TEST_PASSWORD)).statusCode).toBe(204);
  });
});
