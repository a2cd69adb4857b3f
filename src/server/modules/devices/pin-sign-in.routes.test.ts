import { and, eq } from 'drizzle-orm';
import { MESSAGES } from '../../../shared/errors';
import { PIN_MESSAGES } from '../../../shared/pin-contract';
import { WRONG_CURRENT_PASSWORD } from '../../../shared/staff-contract';
import { auditEvents, sessions, sharedDevices } from '../../db/schema';
import { cookiesFrom, createTestApp, signedIn, staffedRestaurant, type TestContext } from '../../test-support/test-app';
import { pinKit } from './pin-test-kit';

let ctx: TestContext;
let kit: ReturnType<typeof pinKit>;
let r: Awaited<ReturnType<typeof staffedRestaurant>>;
let device: Awaited<ReturnType<ReturnType<typeof pinKit>['registerDevice']>>;

beforeAll(async () => {
  ctx = await createTestApp();
  kit = pinKit(ctx);
  r = await staffedRestaurant(ctx, 'Paylaşımlı Lokanta');
  device = await kit.registerDevice(r.id, r.owner);
  expect((await kit.setPin(r.waiter, '4826')).statusCode).toBe(200);
});
afterAll(() => ctx.close());

const auditOf = (action: string, entityId: string) =>
  ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, action), eq(auditEvents.entityId, entityId))).orderBy(auditEvents.id);

/** A fresh waiter of restaurant `r` with a PIN set. */
async function waiterWithPin(pin = '5937') {
  const w = await signedIn(ctx, r.id, 'waiter', { name: `Garson ${pin}` });
  expect((await kit.setPin(w, pin)).statusCode).toBe(200);
  return w;
}

describe('registering a shared device', () => {
  it('sets an HttpOnly cookie holding a token whose hash only is stored, and is audited', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: `/api/restaurants/${r.id}/devices`, cookies: r.owner.cookies, payload: { name: 'Mutfak Tableti' } });
    expect(res.statusCode).toBe(201);
    const cookie = res.cookies.find((c) => c.name === 'sofra_shared_device')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
    const [row] = await ctx.database.db.select().from(sharedDevices).where(eq(sharedDevices.id, res.json().id));
    expect(row.tokenHash).not.toContain(cookie.value);
    expect(row.tokenHash).toHaveLength(43);
    const [audit] = await auditOf('device.register', row.id);
    expect(audit).toMatchObject({ actorUserId: r.owner.user.id, after: { name: 'Mutfak Tableti' } });
    // the same browser again: told it is registered already
    const again = await ctx.app.inject({ method: 'POST', url: `/api/restaurants/${r.id}/devices`, cookies: { ...r.owner.cookies, sofra_shared_device: cookie.value }, payload: { name: 'Yine' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(PIN_MESSAGES.alreadyRegistered('Mutfak Tableti'));
  });

  it('is the owner’s alone', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: `/api/restaurants/${r.id}/devices`, cookies: r.waiter.cookies, payload: { name: 'Benim' } });
    expect(res.statusCode).toBe(403);
  });
});

describe('setting one’s own PIN', () => {
  it('needs the current password and refuses trivial PINs, in Turkish', async () => {
    const w = await signedIn(ctx, r.id, 'waiter');
    const wrong = await kit.setPin(w, '4826', 'yanlis-sifre');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(WRONG_CURRENT_PASSWORD);
    for (const trivial of ['0000', '1234', '1111', '4321', '1212', '123456']) {
      const res = await kit.setPin(w, trivial);
      expect(res.statusCode, trivial).toBe(400);
      expect(res.json().fields.pin).toBe(PIN_MESSAGES.trivial);
    }
    expect((await kit.setPin(w, '12a4')).json().fields.pin).toBe(PIN_MESSAGES.format);
    expect((await kit.setPin(w, '482')).statusCode).toBe(400);
    const ok = await kit.setPin(w, '7395');
    expect(ok.json()).toEqual({ hasPin: true, isLocked: false });
    const [audit] = await auditOf('pin.set', w.user.id);
    expect(JSON.stringify(audit)).not.toContain('7395');
  });
});

describe('PIN sign-in', () => {
  it('signs the person in on a registered device, as themselves and audited as theirs', async () => {
    const res = await kit.pinLogin(device.cookies, r.waiter.user.id, '4826');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ uid: r.waiter.user.id, role: 'waiter', restaurantId: r.id });
    const session = await ctx.app.inject({ method: 'GET', url: '/api/auth/session', cookies: cookiesFrom(res) });
    expect(session.json()).toMatchObject({ uid: r.waiter.user.id, role: 'waiter' });
    const [audit] = (await auditOf('auth.pin-sign-in', r.waiter.user.id)).slice(-1);
    expect(audit).toMatchObject({ actorUserId: r.waiter.user.id, actorRole: 'waiter', after: { deviceId: device.device.id, deviceName: 'Kasa PC' } });
  });

  it('is refused with 403 in Turkish from a browser that is not a registered device', async () => {
    const res = await kit.pinLogin({}, r.waiter.user.id, '4826');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(PIN_MESSAGES.notSharedDevice);
    const forged = await kit.pinLogin({ sofra_shared_device: 'uydurma-bir-belirtec' }, r.waiter.user.id, '4826');
    expect(forged.statusCode).toBe(403);
    expect(res.cookies.find((c) => c.name === 'sofra_session')).toBeUndefined();
  });

  it('lists only active staff with a PIN, and only to a registered device', async () => {
    const info = (await kit.deviceInfo(device.cookies)).json();
    expect(info.device).toEqual({ name: 'Kasa PC', restaurantName: 'Paylaşımlı Lokanta' });
    expect(info.people.map((p: { id: string }) => p.id)).toContain(r.waiter.user.id);
    expect(info.people.map((p: { id: string }) => p.id)).not.toContain(r.kitchen.user.id);
    expect((await kit.deviceInfo({})).json()).toEqual({ device: null, people: [] });
  });

  it('ends the session the device held before (the previous person’s)', async () => {
    const first = await kit.pinLogin(device.cookies, r.waiter.user.id, '4826');
    const w2 = await waiterWithPin('6182');
    const second = await kit.pinLogin({ ...device.cookies, ...cookiesFrom(first) }, w2.user.id, '6182');
    expect(second.statusCode).toBe(200);
    const old = await ctx.app.inject({ method: 'GET', url: '/api/auth/session', cookies: cookiesFrom(first) });
    expect(old.statusCode).toBe(401);
  });

  it('ends the previous person’s live streams at once, not at their next heartbeat', async () => {
    const first = await kit.pinLogin(device.cookies, r.waiter.user.id, '4826');
    const [signIn] = (await auditOf('auth.pin-sign-in', r.waiter.user.id)).slice(-1);
    const previous = (signIn.after as { sessionId: string }).sessionId;
    const w2 = await waiterWithPin('5193');
    const endSessions = vi.spyOn(ctx.app.hub, 'endSessions');
    try {
      expect((await kit.pinLogin({ ...device.cookies, ...cookiesFrom(first) }, w2.user.id, '5193')).statusCode).toBe(200);
      expect(endSessions.mock.calls.flat(2)).toContain(previous);
    } finally {
      endSessions.mockRestore();
    }
  });

  it('marks the device as used by a right PIN only, as the owner’s device list shows', async () => {
    const own = await kit.registerDevice(r.id, r.owner, 'Bar Tableti');
    const w = await waiterWithPin('6140');
    const listed = async () => ((await kit.owner(r.id, r.owner).devices()).json() as { id: string; lastUsedAt: string | null }[]).find((d) => d.id === own.device.id)!;
    expect((await listed()).lastUsedAt).toBeNull();
    expect((await kit.pinLogin(own.cookies, w.user.id, '6141')).statusCode).toBe(401);
    expect((await listed()).lastUsedAt).toBeNull();
    const before = Date.now();
    expect((await kit.pinLogin(own.cookies, w.user.id, '6140')).statusCode).toBe(200);
    const usedAt = (await listed()).lastUsedAt;
    expect(usedAt).not.toBeNull();
    expect(Date.parse(usedAt!)).toBeGreaterThanOrEqual(before - 1000);
  });
});

describe('guessing limits', () => {
  it('locks a person’s PIN after 5 wrong tries until the owner unlocks it, audited', async () => {
    const w = await waiterWithPin('2749');
    // another device, so this device's own limit is not what stops it
    const tablet = await kit.registerDevice(r.id, await signedIn(ctx, r.id, 'owner'), 'Bar Tableti');
    for (let i = 0; i < 4; i++) {
      const res = await kit.pinLogin(tablet.cookies, w.user.id, `90${i}7`);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe(PIN_MESSAGES.wrongPin);
    }
    const fifth = await kit.pinLogin(tablet.cookies, w.user.id, '9057');
    expect(fifth.statusCode).toBe(403);
    expect(fifth.json().error).toBe(PIN_MESSAGES.locked);
    // the right PIN no longer works, on any device
    expect((await kit.pinLogin(device.cookies, w.user.id, '2749')).json().error).toBe(PIN_MESSAGES.locked);
    const [lock] = await auditOf('pin.lock', w.user.id);
    expect(lock.after).toMatchObject({ failures: 5, deviceId: tablet.device.id });
    expect((await kit.owner(r.id, r.owner).pins()).json()).toContainEqual({ userId: w.user.id, hasPin: true, isLocked: true });

    expect((await kit.owner(r.id, r.owner).unlock(w.user.id)).json()).toEqual({ hasPin: true, isLocked: false });
    expect((await kit.pinLogin(device.cookies, w.user.id, '2749')).statusCode).toBe(200);
    expect(await auditOf('pin.unlock', w.user.id)).toHaveLength(1);
  });

  it('a lock stays when the person sets or removes their own PIN; the owner’s clear lifts it', async () => {
    const w = await waiterWithPin('4719');
    const tablet = await kit.registerDevice(r.id, await signedIn(ctx, r.id, 'owner'), 'Kapı Tableti');
    for (let i = 0; i < 5; i++) await kit.pinLogin(tablet.cookies, w.user.id, `60${i}3`);
    expect((await kit.setPin(w, '5926')).json()).toEqual({ hasPin: true, isLocked: true });
    expect((await kit.pinLogin(device.cookies, w.user.id, '5926')).json().error).toBe(PIN_MESSAGES.locked);
    const removed = await ctx.app.inject({ method: 'DELETE', url: '/api/me/pin', cookies: w.cookies });
    expect(removed.json()).toEqual({ hasPin: false, isLocked: true });
    expect((await kit.owner(r.id, r.owner).clear(w.user.id)).json()).toEqual({ hasPin: false, isLocked: false });
    expect((await kit.setPin(w, '5926')).json()).toEqual({ hasPin: true, isLocked: false });
    expect((await kit.pinLogin(device.cookies, w.user.id, '5926')).statusCode).toBe(200);
  });

  it('a right PIN starts the count again', async () => {
    const w = await waiterWithPin('3816');
    const tablet = await kit.registerDevice(r.id, await signedIn(ctx, r.id, 'owner'), 'Teras');
    for (let i = 0; i < 4; i++) await kit.pinLogin(tablet.cookies, w.user.id, `70${i}1`);
    expect((await kit.pinLogin(tablet.cookies, w.user.id, '3816')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await kit.pinLogin(tablet.cookies, w.user.id, `70${i}1`)).statusCode).toBe(401);
  });

  it('gives a device 429 after 10 wrong PINs in 15 minutes, whoever was tried', async () => {
    const people = [await waiterWithPin('5281'), await waiterWithPin('5382'), await waiterWithPin('5483')];
    const tablet = await kit.registerDevice(r.id, await signedIn(ctx, r.id, 'owner'), 'Salon Tableti');
    for (let i = 0; i < 10; i++) {
      const res = await kit.pinLogin(tablet.cookies, people[i % 3].user.id, `80${i}9`);
      expect(res.statusCode).toBe(401);
    }
    const limited = await kit.pinLogin(tablet.cookies, people[0].user.id, '5281');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe(PIN_MESSAGES.tooManyOnDevice);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // another device is not affected
    expect((await kit.pinLogin(device.cookies, people[0].user.id, '5281')).statusCode).toBe(200);
  });
});

describe('what stops a PIN at once', () => {
  it('a revoked device: no more PIN sign-in, names no longer shown, audited', async () => {
    const owner = await signedIn(ctx, r.id, 'owner');
    const tablet = await kit.registerDevice(r.id, owner, 'Eski Tablet');
    expect((await kit.pinLogin(tablet.cookies, r.waiter.user.id, '4826')).statusCode).toBe(200);
    expect((await kit.owner(r.id, r.owner).revoke(tablet.device.id)).statusCode).toBe(204);
    const res = await kit.pinLogin(tablet.cookies, r.waiter.user.id, '4826');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(PIN_MESSAGES.notSharedDevice);
    expect((await kit.deviceInfo(tablet.cookies)).json().device).toBeNull();
    expect((await kit.owner(r.id, r.owner).devices()).json().map((d: { id: string }) => d.id)).not.toContain(tablet.device.id);
    expect(await auditOf('device.revoke', tablet.device.id)).toHaveLength(1);
  });

  it('a revoked device: the sessions opened on it end at once, with their live streams; a password sign-in stays', async () => {
    const owner = await signedIn(ctx, r.id, 'owner');
    const tablet = await kit.registerDevice(r.id, owner, 'Kayıp Tablet');
    const w = await waiterWithPin('3861');
    const login = await kit.pinLogin(tablet.cookies, w.user.id, '3861');
    expect(login.statusCode).toBe(200);
    const pinSession = { sofra_session: cookiesFrom(login).sofra_session };
    const read = (cookies: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/api/me/preferences', cookies });
    expect((await read(pinSession)).statusCode).toBe(200);
    const [signIn] = (await auditOf('auth.pin-sign-in', w.user.id)).slice(-1);
    const sessionId = (signIn.after as { sessionId: string }).sessionId;
    expect(sessionId).toEqual(expect.any(String));

    const endSessions = vi.spyOn(ctx.app.hub, 'endSessions');
    try {
      expect((await kit.owner(r.id, r.owner).revoke(tablet.device.id)).statusCode).toBe(204);
      expect(endSessions.mock.calls.flat(2)).toContain(sessionId);
    } finally {
      endSessions.mockRestore();
    }
    const after = await read(pinSession);
    expect(after.statusCode).toBe(401);
    expect(await ctx.database.db.select().from(sessions).where(eq(sessions.id, sessionId))).toEqual([]);
    // the same person's own password sign-in elsewhere, and sign-ins on another device, go on
    expect((await read(w.cookies)).statusCode).toBe(200);
    const [revoked] = await auditOf('device.revoke', tablet.device.id);
    expect(revoked.after).toEqual({ endedSessions: 1 });
  });

  it('revoking one device leaves the sessions opened on another', async () => {
    const owner = await signedIn(ctx, r.id, 'owner');
    const first = await kit.registerDevice(r.id, owner, 'Bahçe Tableti');
    const second = await kit.registerDevice(r.id, await signedIn(ctx, r.id, 'owner'), 'Teras Tableti');
    const w = await waiterWithPin('5274');
    const onFirst = { sofra_session: cookiesFrom(await kit.pinLogin(first.cookies, w.user.id, '5274')).sofra_session };
    const onSecond = { sofra_session: cookiesFrom(await kit.pinLogin(second.cookies, w.user.id, '5274')).sofra_session };
    expect((await kit.owner(r.id, r.owner).revoke(first.device.id)).statusCode).toBe(204);
    const read = (cookies: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/api/me/preferences', cookies });
    expect((await read(onFirst)).statusCode).toBe(401);
    expect((await read(onSecond)).statusCode).toBe(200);
  });

  it('a deactivated person', async () => {
    const w = await waiterWithPin('6294');
    const [membership] = [await ctx.app.inject({ method: 'GET', url: `/api/restaurants/${r.id}/staff`, cookies: r.owner.cookies })].map((res) => res.json().find((s: { id: string }) => s.id === w.user.id));
    const off = await ctx.app.inject({ method: 'POST', url: `/api/restaurants/${r.id}/staff/${w.user.id}/deactivate`, cookies: r.owner.cookies, payload: { version: membership.version } });
    expect(off.statusCode).toBe(200);
    const res = await kit.pinLogin(device.cookies, w.user.id, '6294');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(MESSAGES.accountDisabled);
    expect((await kit.deviceInfo(device.cookies)).json().people.map((p: { id: string }) => p.id)).not.toContain(w.user.id);
  });

  it('a PIN the owner cleared, audited', async () => {
    const w = await waiterWithPin('7305');
    expect((await kit.owner(r.id, r.owner).clear(w.user.id)).json()).toEqual({ hasPin: false, isLocked: false });
    const res = await kit.pinLogin(device.cookies, w.user.id, '7305');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(PIN_MESSAGES.noPin);
    expect(await auditOf('pin.clear', w.user.id)).toHaveLength(1);
  });
});

describe('tenant isolation', () => {
  it('a device of restaurant A cannot sign into B’s staff, nor can B’s owner see or revoke it', async () => {
    const b = await staffedRestaurant(ctx, 'Komşu');
    expect((await kit.setPin(b.waiter, '8416')).statusCode).toBe(200);
    const res = await kit.pinLogin(device.cookies, b.waiter.user.id, '8416');
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(PIN_MESSAGES.staffNotFound);
    expect((await kit.deviceInfo(device.cookies)).json().people.map((p: { id: string }) => p.id)).not.toContain(b.waiter.user.id);
    expect((await kit.owner(b.id, b.owner).revoke(device.device.id)).statusCode).toBe(404);
    expect((await kit.owner(b.id, b.owner).devices()).json()).toEqual([]);
    expect((await kit.owner(b.id, b.owner).unlock(r.waiter.user.id)).statusCode).toBe(404);
    expect((await kit.owner(r.id, b.owner).devices()).statusCode).toBe(404);
  });
});
