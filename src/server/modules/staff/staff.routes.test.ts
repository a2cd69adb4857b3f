import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, idempotencyKeys, memberships, rememberTokens, sessions } from '../../db/schema';
import { TEST_PASSWORD, appWithOwner, createRestaurant, createUser, loginAs, type TestContext } from '../../test-support/test-app';
import { STAFF_MESSAGES } from './staff-messages';

let ctx: TestContext;
let restaurantId: string;
let ownerCookies: Record<string, string>;
let ownerId: string;

beforeAll(async () => {
  ({ ctx, restaurantId, owner: { user: { id: ownerId }, cookies: ownerCookies } } = await appWithOwner('Personel Lokantası', { email: 'patron@personel.test' }));
});
afterAll(() => ctx.close());

const url = (path = '') => `/api/restaurants/${restaurantId}/staff${path}`;
const asOwner = (method: 'GET' | 'POST' | 'PATCH', path: string, payload?: object) =>
  ctx.app.inject({ method, url: url(path), cookies: ownerCookies, ...(payload ? { payload } : {}) });

async function addStaff(body: object) {
  const res = await asOwner('POST', '', body);
  expect(res.statusCode).toBe(201);
  return res.json() as { staff: { id: string; version: number; email: string; role: string }; generatedPassword?: string };
}

describe('adding staff', () => {
  it('a retried add with the same Idempotency-Key is one person, and the generated password is never kept with the key', async () => {
    const add = () =>
      ctx.app.inject({ method: 'POST', url: url(), cookies: ownerCookies, headers: { 'idempotency-key': 'personel-ekle-1' }, payload: { name: 'Tekrar Garson', email: 'tekrar@personel.test', role: 'waiter' } });
    const first = await add();
    expect(first.statusCode).toBe(201);
    const { generatedPassword, staff } = first.json() as { generatedPassword: string; staff: { id: string } };
    expect(generatedPassword).toEqual(expect.any(String));
    await ctx.app.idempotency.settled();
    const kept = await ctx.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'personel-ekle-1'));
    expect(JSON.stringify(kept)).not.toContain(generatedPassword);
    const again = await add();
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ staff: expect.objectContaining({ id: staff.id }) });
  });

  it('creates an account that can sign in at once and lands with its role', async () => {
    const { staff, generatedPassword } = await addStaff({ name: 'Ali Garson', email: 'Ali@Personel.test', role: 'waiter', password: 'servis-2026' });
    expect(generatedPassword).toBeUndefined();
    expect(staff).toMatchObject({ name: 'Ali Garson', email: 'ali@personel.test', role: 'waiter', isActive: true, lastLoginAt: null });
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'ali@personel.test', password: 'servis-2026' } });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ role: 'waiter', restaurantId });
  });

  it('generates a password when none is given and shows it once', async () => {
    const { generatedPassword } = await addStaff({ name: 'Usta', email: 'usta@personel.test', role: 'kitchen' });
    expect(generatedPassword).toMatch(/^[A-Za-z2-9]{12}$/);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'usta@personel.test', password: generatedPassword } });
    expect(login.statusCode).toBe(200);
    const list = await asOwner('GET', '');
    expect(list.body).not.toContain(generatedPassword);
  });

  it('refuses a duplicate email case-insensitively, Turkish İ included, with 409', async () => {
    await addStaff({ name: 'İlk', email: 'ilker@personel.test', role: 'waiter', password: 'servis-2026' });
    for (const email of ['ILKER@personel.test', 'İLKER@PERSONEL.TEST']) {
      const res = await asOwner('POST', '', { name: 'İkinci', email, role: 'waiter', password: 'servis-2026' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: STAFF_MESSAGES.emailTaken });
    }
  });

  it('refuses weak passwords, invalid roles, bad emails and empty names, creating nothing', async () => {
    const before = (await asOwner('GET', '')).json().length;
    const cases: [object, RegExp][] = [
      [{ name: 'A', email: 'a1@personel.test', role: 'waiter', password: 'kisa' }, /en az 8 karakter/],
      [{ name: 'A', email: 'a2@personel.test', role: 'waiter', password: 'Galatasaray' }, /çok yaygın/],
      [{ name: 'A', email: 'a3@personel.test', role: 'cashier', password: 'servis-2026' }, /Rol İşletme Sahibi, Mutfak ya da Garson/],
      [{ name: 'A', email: 'bozuk-adres', role: 'waiter', password: 'servis-2026' }, /Geçerli bir e-posta/],
      [{ name: '  ', email: 'a4@personel.test', role: 'waiter', password: 'servis-2026' }, /Ad boş olamaz/],
    ];
    for (const [body, message] of cases) {
      const res = await asOwner('POST', '', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(message);
    }
    expect((await asOwner('GET', '')).json()).toHaveLength(before);
  });

  it('audits the creation without the password', async () => {
    const { staff } = await addStaff({ name: 'Denetim', email: 'denetim@personel.test', role: 'waiter', password: 'servis-2026' });
    const rows = await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.entityId, staff.id));
    expect(rows.map((r) => r.action)).toEqual(['staff.create']);
    expect(rows[0].actorUserId).toBe(ownerId);
    expect(JSON.stringify(rows[0])).not.toContain('servis-2026');
  });
});

describe('listing staff', () => {
  it('shows name, email, role, status and last sign-in, searchable Turkish-aware and filterable by role', async () => {
    await addStaff({ name: 'Işıl Işık', email: 'isil@personel.test', role: 'kitchen', password: 'servis-2026' });
    const all = (await asOwner('GET', '')).json();
    const owner = all.find((s: { id: string }) => s.id === ownerId);
    expect(owner).toMatchObject({ email: 'patron@personel.test', role: 'owner', isActive: true });
    expect(owner.lastLoginAt).not.toBeNull();
    const found = (await asOwner('GET', '?search=ışıl')).json();
    expect(found.map((s: { name: string }) => s.name)).toEqual(['Işıl Işık']);
    expect((await asOwner('GET', '?search=ISIL')).json()).toHaveLength(1);
    const kitchen = (await asOwner('GET', '?role=kitchen')).json();
    expect(kitchen.length).toBeGreaterThan(0);
    expect(kitchen.every((s: { role: string }) => s.role === 'kitchen')).toBe(true);
  });
});

describe('editing, deactivating and resetting', () => {
  it('edits name and role with a version check (409 on a stale version, nothing changed)', async () => {
    const { staff } = await addStaff({ name: 'Eski Ad', email: 'duzenle@personel.test', role: 'waiter', password: 'servis-2026' });
    const ok = await asOwner('PATCH', `/${staff.id}`, { name: 'Yeni Ad', role: 'kitchen', version: staff.version });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ name: 'Yeni Ad', role: 'kitchen', version: staff.version + 1 });
    const stale = await asOwner('PATCH', `/${staff.id}`, { name: 'Üçüncü', role: 'waiter', version: staff.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ error: STAFF_MESSAGES.versionConflict });
    const list = (await asOwner('GET', '?search=Yeni')).json();
    expect(list[0]).toMatchObject({ name: 'Yeni Ad', role: 'kitchen' });
  });

  it('deactivation ends sessions and remembered devices at once and blocks login; reactivation lets them back', async () => {
    const user = await createUser(ctx, { restaurantId, role: 'waiter' });
    const { cookies } = await loginAs(ctx, user.email, TEST_PASSWORD, true);
    const [row] = await ctx.database.db.select().from(memberships).where(eq(memberships.userId, user.id));
    const events: { type: string; id?: string }[] = [];
    const unsubscribe = ctx.app.hub.subscribe(restaurantId, (e) => events.push(e));
    const off = await asOwner('POST', `/${user.id}/deactivate`, { version: row.version });
    unsubscribe();
    // Their open screens hear it at once and leave, without waiting for their next request.
    expect(events).toContainEqual(expect.objectContaining({ type: 'sessions-ended', id: user.id }));
    expect(off.statusCode).toBe(200);
    expect(off.json().isActive).toBe(false);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/session', cookies })).statusCode).toBe(401);
    expect(await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect(await ctx.database.db.select().from(rememberTokens).where(eq(rememberTokens.userId, user.id))).toHaveLength(0);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: TEST_PASSWORD } });
    expect(login.statusCode).toBe(403);
    expect(login.json().error).toBe('Hesabınız devre dışı bırakılmış');

    const on = await asOwner('POST', `/${user.id}/reactivate`, { version: off.json().version });
    expect(on.json().isActive).toBe(true);
    await loginAs(ctx, user.email);
  });

  it('resetting a password ends all their sessions; the new password works, the old does not', async () => {
    const user = await createUser(ctx, { restaurantId, role: 'kitchen' });
    const { cookies } = await loginAs(ctx, user.email);
    const [row] = await ctx.database.db.select().from(memberships).where(eq(memberships.userId, user.id));
    const res = await asOwner('POST', `/${user.id}/reset-password`, { version: row.version });
    expect(res.statusCode).toBe(200);
    const { generatedPassword } = res.json();
    expect(generatedPassword).toMatch(/^[A-Za-z2-9]{12}$/);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/session', cookies })).statusCode).toBe(401);
    const old = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: TEST_PASSWORD } });
    expect(old.statusCode).toBe(401);
    await loginAs(ctx, user.email, generatedPassword);
  });

  it('never lets the last active owner be deactivated or demoted', async () => {
    const [row] = await ctx.database.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, ownerId), eq(memberships.restaurantId, restaurantId)));
    const off = await asOwner('POST', `/${ownerId}/deactivate`, { version: row.version });
    expect(off.statusCode).toBe(409);
    expect(off.json()).toEqual({ error: STAFF_MESSAGES.lastOwner });
    const demote = await asOwner('PATCH', `/${ownerId}`, { name: 'Patron', role: 'waiter', version: row.version });
    expect(demote.statusCode).toBe(409);
    // With a second active owner the first may step down.
    const { staff: second } = await addStaff({ name: 'Ortak', email: 'ortak@personel.test', role: 'owner', password: 'servis-2026' });
    const ok = await asOwner('PATCH', `/${second.id}`, { name: 'Ortak', role: 'waiter', version: second.version });
    expect(ok.statusCode).toBe(200);
  });

  it("answers 404 for another restaurant's staff and for a malformed id, changing nothing", async () => {
    const other = await createRestaurant(ctx, 'Komşu');
    const stranger = await createUser(ctx, { restaurantId: other.id, role: 'waiter' });
    for (const id of [stranger.id, 'not-a-uuid']) {
      const res = await asOwner('PATCH', `/${id}`, { name: 'Ele Geçir', role: 'owner', version: 1 });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: STAFF_MESSAGES.notFound });
    }
    const [row] = await ctx.database.db.select().from(memberships).where(eq(memberships.userId, stranger.id));
    expect(row).toMatchObject({ role: 'waiter', isActive: true, version: 1 });
    const cross = await ctx.app.inject({ method: 'GET', url: `/api/restaurants/${other.id}/staff`, cookies: ownerCookies });
    expect(cross.statusCode).toBe(404);
  });

  it('refuses every staff route to waiters and the kitchen with 403', async () => {
    for (const role of ['waiter', 'kitchen']) {
      const user = await createUser(ctx, { restaurantId, role });
      const { cookies } = await loginAs(ctx, user.email);
      const list = await ctx.app.inject({ method: 'GET', url: url(), cookies });
      expect(list.statusCode).toBe(403);
      const add = await ctx.app.inject({ method: 'POST', url: url(), cookies, payload: { name: 'X', email: 'x@y.test', role: 'owner' } });
      expect(add.statusCode).toBe(403);
    }
  });
});
