import { MESSAGES } from '../../../shared/errors';
import { HttpError, retryAfter } from '../../errors';
import { AUTH_MESSAGES } from './auth-messages';
import { DeviceCookies } from './device-cookie';
import { HashQueueFull } from './hash-queue';
import { LoginLimiter } from './login-limiter';
import type { AttemptLimiter } from './shared-login-limiter';

export const LIMIT_WINDOW_MS = 15 * 60 * 1000;

/** What one password attempt counts against, and who it queues as. */
export interface AttemptKeys {
  /** limiter keys, reserved before the hash runs */
  limit: string[];
  /** the hash queue's client: the known device, else the address */
  client: string;
  /** the key a successful attempt clears */
  clearOnSuccess: string;
  /** the account was proven from this browser before */
  knownDevice: boolean;
}

/**
 * Runs one password check under a limiter: the attempt is counted before the hash (so concurrent
 * guesses cannot overtake the count), handed back when the password was right or never checked,
 * and a full hash queue answers at once (429 for this client, 503 for everyone) with Retry-After.
 */
export async function guardedCheck<T>(
  limiter: AttemptLimiter,
  keys: { limit: string[]; clearOnSuccess?: string },
  limitMessage: string,
  check: () => Promise<T>,
  isWrongPassword: (err: unknown) => boolean,
): Promise<T> {
  const reservation = await limiter.reserve(keys.limit);
  if (!reservation.ok) throw new HttpError(429, limitMessage, {}, retryAfter(reservation.retryAfterSeconds));
  try {
    const result = await check();
    reservation.release();
    if (keys.clearOnSuccess) await limiter.clear(keys.clearOnSuccess);
    return result;
  } catch (err) {
    if (isWrongPassword(err)) reservation.fail();
    else reservation.release();
    if (err instanceof HashQueueFull) {
      throw err.scope === 'client'
        ? new HttpError(429, AUTH_MESSAGES.busyClient, {}, retryAfter(err.retryAfterSeconds))
        : new HttpError(503, AUTH_MESSAGES.busyServer, {}, retryAfter(err.retryAfterSeconds));
    }
    throw err;
  }
}

/**
 * The login door. Unknown browsers: 10 failures per account and 30 per address in 15 minutes (a
 * whole restaurant often shares one address). A browser with a device cookie for the account: 10
 * failures per device, and neither the account's nor the address's count applies to it.
 */
export const LOGIN_LIMITS = { maxFailures: { account: 10, ip: 30, device: 10 }, windowMs: LIMIT_WINDOW_MS };

export class LoginGuard {
  readonly devices: DeviceCookies;

  /** `limiter`: the database's shared one when several server processes share it (ADR 0012) */
  constructor(
    deviceKey: Buffer,
    readonly limiter: AttemptLimiter = new LoginLimiter(LOGIN_LIMITS),
  ) {
    this.devices = new DeviceCookies(deviceKey);
  }

  keysFor(email: string, address: string, deviceCookie: string | undefined): AttemptKeys {
    const device = this.devices.deviceFor(deviceCookie, email);
    if (device) return { limit: [`device:${device}`], client: `device:${device}`, clearOnSuccess: `device:${device}`, knownDevice: true };
    const account = `account:${email}`;
    return { limit: [account, `ip:${address}`], client: `ip:${address}`, clearOnSuccess: account, knownDevice: false };
  }

  check<T>(keys: AttemptKeys, login: () => Promise<T>): Promise<T> {
    return guardedCheck(this.limiter, keys, MESSAGES.tooManyAttempts, login, isWrongCredentials);
  }
}

const isWrongCredentials = (err: unknown) => err instanceof HttpError && err.statusCode === 401;
