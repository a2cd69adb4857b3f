import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/errors';
import { appWithRestaurant, createUser, TEST_PASSWORD, type TestContext } from '../../test-support/test-app';
import { DEVICE_COOKIE, DeviceCookies, loadDeviceKey } from './device-cookie';

describe('device cookies over HTTP', () => {
  let ctx: TestContext;
  let restaurantId: string;
  beforeEach(async () => {
    ({ ctx, restaurantId } = await appWithRestaurant());
  });
  afterEach(() => ctx.close());

  const login = (email: string, password: string, from: string, device?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: from,
      ...(device ? { cookies: { [DEVICE_COOKIE]: device } } : {}),
    });

  /** Signs in once from the restaurant's tablet and returns the device cookie it got. */
  async function knownDevice(email: string, from = '192.168.1.20') {
    const res = await login(email, TEST_PASSWORD, from);
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE)!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.path).toBe('/api/auth');
    expect(cookie.value).not.toContain(email.split('@')[0]);
    return cookie.value;
  }

  it('lets a browser that signed in before in after 10 wrong passwords from elsewhere', async () => {
    const owner = await createUser(ctx, { restaurantId });
    const device = await knownDevice(owner.email);
    for (let i = 0; i < 10; i++) expect((await login(owner.email, 'yanlis', '203.0.113.9')).statusCode).toBe(401);
    // The attacker (and any unknown browser) is locked out…
    expect((await login(owner.email, TEST_PASSWORD, '203.0.113.9')).statusCode).toBe(429);
    expect((await login(owner.email, TEST_PASSWORD, '192.168.1.20')).statusCode).toBe(429);
    // …the owner's own tablet is not.
    expect((await login(owner.email, TEST_PASSWORD, '192.168.1.20', device)).statusCode).toBe(200);
  });

  it('lets accounts signing in from a known device past a locked address', async () => {
    const waiter = await createUser(ctx, { restaurantId, role: 'waiter' });
    const device = await knownDevice(waiter.email, '192.168.1.20');
    for (let a = 0; a < 3; a++) {
      const { email } = await createUser(ctx, { restaurantId });
      for (let i = 0; i < 10; i++) expect((await login(email, 'yanlis', '192.168.1.20')).statusCode).toBe(401);
    }
    expect((await login(waiter.email, TEST_PASSWORD, '192.168.1.20')).statusCode).toBe(429);
    expect((await login(waiter.email, TEST_PASSWORD, '192.168.1.20', device)).statusCode).toBe(200);
  });

  it('limits a known device on its own: 10 wrong passwords lock that device', async () => {
    const owner = await createUser(ctx, { restaurantId });
    const device = await knownDevice(owner.email);
    for (let i = 0; i < 10; i++) expect((await login(owner.email, 'yanlis', '192.168.1.20', device)).statusCode).toBe(401);
    const locked = await login(owner.email, TEST_PASSWORD, '192.168.1.20', device);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ error: MESSAGES.tooManyAttempts });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // The device's failures were not the account's: another browser still gets in.
    expect((await login(owner.email, TEST_PASSWORD, '192.168.1.30')).statusCode).toBe(200);
  });

  it("trusts neither another account's device cookie nor a forged one", async () => {
    const owner = await createUser(ctx, { restaurantId });
    const other = await createUser(ctx, { restaurantId });
    const othersDevice = await knownDevice(other.email);
    for (let i = 0; i < 10; i++) await login(owner.email, 'yanlis', '203.0.113.9');
    const forged = `${'A'.repeat(16)}.${'B'.repeat(22)}`;
    for (const cookie of [othersDevice, forged, 'cop~deger.x']) {
      expect((await login(owner.email, TEST_PASSWORD, '192.168.1.20', cookie)).statusCode).toBe(429);
    }
  });

  it('keeps the proofs of every account signed in on a shared tablet', async () => {
    const a = await createUser(ctx, { restaurantId, role: 'waiter' });
    const b = await createUser(ctx, { restaurantId, role: 'waiter' });
    const first = await knownDevice(a.email);
    const res = await login(b.email, TEST_PASSWORD, '192.168.1.20', first);
    const both = res.cookies.find((c) => c.name === DEVICE_COOKIE)!.value;
    for (const user of [a, b]) for (let i = 0; i < 10; i++) await login(user.email, 'yanlis', '203.0.113.9');
    expect((await login(a.email, TEST_PASSWORD, '192.168.1.20', both)).statusCode).toBe(200);
    expect((await login(b.email, TEST_PASSWORD, '192.168.1.20', both)).statusCode).toBe(200);
  });
});

describe('DeviceCookies', () => {
  const devices = new DeviceCookies(Buffer.alloc(32, 7));

  it('keeps the same device id for an account when it signs in again', () => {
    const first = devices.issue(undefined, 'a@x.test');
    const id = devices.deviceFor(first, 'a@x.test');
    expect(id).toBeTruthy();
    expect(devices.deviceFor(devices.issue(first, 'a@x.test'), 'a@x.test')).toBe(id);
    expect(devices.deviceFor(first, 'b@x.test')).toBeNull();
  });

  it('is worthless under another key', () => {
    const cookie = devices.issue(undefined, 'a@x.test');
    expect(new DeviceCookies(Buffer.alloc(32, 8)).deviceFor(cookie, 'a@x.test')).toBeNull();
  });

  it('remembers at most 10 accounts, the most recent first', () => {
    let cookie: string | undefined;
    for (let i = 0; i < 12; i++) cookie = devices.issue(cookie, `u${i}@x.test`);
    expect(cookie!.split('~')).toHaveLength(10);
    expect(devices.deviceFor(cookie, 'u11@x.test')).toBeTruthy();
    expect(devices.deviceFor(cookie, 'u0@x.test')).toBeNull();
  });
});

describe('loadDeviceKey', () => {
  it('creates the key once in DATA_DIR, readable by the server alone, and reads the same key after a restart', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sofra-key-'));
    try {
      const first = loadDeviceKey(dir);
      expect(first).toHaveLength(32);
      expect(loadDeviceKey(dir).equals(first)).toBe(true);
      expect(statSync(path.join(dir, 'secrets', 'device-cookie.key')).mode & 0o077).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses to start on a key path it cannot read rather than making a new key', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sofra-key-'));
    try {
      mkdirSync(path.join(dir, 'secrets', 'device-cookie.key'), { recursive: true });
      expect(() => loadDeviceKey(dir)).toThrow(expect.objectContaining({ code: 'EISDIR' }));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('makes a fresh key for every start without a data directory', () => {
    const a = loadDeviceKey(undefined);
    expect(a).toHaveLength(32);
    expect(a.equals(loadDeviceKey(undefined))).toBe(false);
  });
});
