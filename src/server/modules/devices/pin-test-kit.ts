import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { memberships, sharedDevices } from '../../db/schema';
import { staffFactory } from '../../test-support/factories';
import { TEST_PASSWORD, cookiesFrom, type TestContext } from '../../test-support/test-app';
import { hashToken, newToken } from '../auth';
import { hashPin, pinKeyFrom } from './pin-hash';
import { SHARED_DEVICE_COOKIE } from './shared-devices.service';

type Who = { cookies: Record<string, string> };

/** Shortcuts for the shared-device tests: register a device, set a PIN, sign in at the pad. */
export function pinKit(ctx: TestContext) {
  const inject = (opts: InjectOptions) => ctx.app.inject(opts);
  return {
    /** The owner registers the browser they use; answers the device and its cookie. */
    async registerDevice(restaurantId: string, owner: Who, name = 'Kasa PC') {
      const res = await inject({ method: 'POST', url: `/api/restaurants/${restaurantId}/devices`, cookies: owner.cookies, payload: { name } });
      if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
      const token = cookiesFrom(res)[SHARED_DEVICE_COOKIE];
      return { device: res.json() as { id: string; name: string }, cookies: { [SHARED_DEVICE_COOKIE]: token } };
    },
    setPin: (who: Who, pin: string, currentPassword = TEST_PASSWORD) =>
      inject({ method: 'PUT', url: '/api/me/pin', cookies: who.cookies, payload: { currentPassword, pin } }),
    pinLogin: (deviceCookies: Record<string, string>, userId: string, pin: string) =>
      inject({ method: 'POST', url: '/api/auth/pin', cookies: deviceCookies, payload: { userId, pin } }),
    deviceInfo: (deviceCookies: Record<string, string>) => inject({ method: 'GET', url: '/api/auth/shared-device', cookies: deviceCookies }),
    owner: (restaurantId: string, owner: Who) => ({
      revoke: (deviceId: string) => inject({ method: 'POST', url: `/api/restaurants/${restaurantId}/devices/${deviceId}/revoke`, cookies: owner.cookies }),
      devices: () => inject({ method: 'GET', url: `/api/restaurants/${restaurantId}/devices`, cookies: owner.cookies }),
      pins: () => inject({ method: 'GET', url: `/api/restaurants/${restaurantId}/pins`, cookies: owner.cookies }),
      unlock: (userId: string) => inject({ method: 'POST', url: `/api/restaurants/${restaurantId}/pins/${userId}/unlock`, cookies: owner.cookies }),
      clear: (userId: string) => inject({ method: 'POST', url: `/api/restaurants/${restaurantId}/pins/${userId}/clear`, cookies: owner.cookies }),
    }),
  };
}

/**
 * Rows for the access table (route-matrix.test.ts), written straight into the database: a shared
 * device of the restaurant (its cookie) and a waiter with a PIN to sign in with.
 */
export function pinMatrixFixtures(getCtx: () => TestContext) {
  const device = async (restaurantId: string) => {
    const token = newToken();
    const [row] = await getCtx().database.db.insert(sharedDevices).values({ restaurantId, name: 'Matris Cihazı', tokenHash: hashToken(token) }).returning();
    return { deviceId: row.id, cookies: { [SHARED_DEVICE_COOKIE]: token } };
  };
  return {
    device,
    async pinLogin({ restaurantId }: { restaurantId: string }) {
      const ctx = getCtx();
      const made = await device(restaurantId);
      const user = await staffFactory(ctx, restaurantId, { role: 'waiter' });
      const pin = '4826';
      const pinHash = hashPin(pinKeyFrom(ctx.app.deviceKey), user.id, pin);
      await ctx.database.db.update(memberships).set({ pinHash }).where(and(eq(memberships.userId, user.id), eq(memberships.restaurantId, restaurantId)));
      return { cookies: made.cookies, payload: { userId: user.id, pin } };
    },
  };
}
