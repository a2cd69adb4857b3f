import { describe, expect, it } from 'vitest';
import type { HttpError } from '../../errors';
import { AUTH_MESSAGES } from './auth-messages';
import { HashQueueFull } from './hash-queue';
import { guardedCheck } from './login-guard';
import { LoginLimiter } from './login-limiter';

class WrongPassword extends Error {}
const isWrongPassword = (err: unknown) => err instanceof WrongPassword;
/** One failure locks the account: whether an attempt was counted shows at once. */
const limiter = () => new LoginLimiter({ maxFailures: { account: 1 }, windowMs: 60_000 });
const KEYS = { limit: ['account:a'] };

const attempt = (l: LoginLimiter, fails: Error) =>
  guardedCheck(l, KEYS, 'kilitli', () => Promise.reject(fails), isWrongPassword).catch((err: unknown) => err);

describe('a guarded password check', () => {
  it('counts a wrong password against the account', async () => {
    const l = limiter();
    expect(await attempt(l, new WrongPassword())).toBeInstanceOf(WrongPassword);
    expect(l.isBlocked(KEYS.limit)).toBe(true);
  });

  it.each([
    ['total', 503, AUTH_MESSAGES.busyServer],
    ['client', 429, AUTH_MESSAGES.busyClient],
  ] as const)('does not count a sign-in the full hash queue (%s) never checked: %i with a Turkish message and Retry-After', async (scope, status, message) => {
    const l = limiter();
    const err = (await attempt(l, new HashQueueFull(scope, 7))) as HttpError;
    expect([err.statusCode, err.message, err.headers]).toEqual([status, message, { 'retry-after': '7' }]);
    expect(l.isBlocked(KEYS.limit)).toBe(false);
  });

  it('does not count any other failure of the check (the database down, say)', async () => {
    const l = limiter();
    expect(await attempt(l, new Error('bağlantı koptu'))).toMatchObject({ message: 'bağlantı koptu' });
    expect(l.isBlocked(KEYS.limit)).toBe(false);
  });
});
