import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, memberships } from '../../db/schema';
import { TEST_PASSWORD, appWithOwner, createUser, loginAs, type TestContext } from '../../test-support/test-app';

let ctx: TestContext;
let restaurantId: string;
let ownerId: string;
let ownerCookies: Record<string, string>;

beforeAll(async () => {
  ({ ctx, restaurantId, owner: { user: { id: ownerId }, cookies: ownerCookies } } = await appWithOwner('Denetim Lokantası'));
});
afterAll(() => ctx.close());

const staffUrl = (path = '') => `/api/restaurants/${restaurantId}/staff${path}`;
const asOwner = (method: 'POST' | 'PATCH', path: string, payload: object) =>
  ctx.app.inject({ method, url: staffUrl(path), cookies: ownerCookies, payload });

const auditOf = (userId: string) =>
  ctx.database.db.select().from(auditEvents).where(eq(auditEvents.entityId, userId)).orderBy(asc(auditEvents.id));

async function versionOf(userId: string) {
  const [row] = await ctx.database.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.restaurantId, restaurantId)));
  return row.version;
}

describe('audit of staff changes', () => {
  it('editing a staff member writes who changed what, before and after', async () => {
    const user = await createUser(ctx, { restaurantId, role: 'waiter', name: 'Eski Ad' });
    const res = await asOwner('PATCH', `/${user.id}`, { name: 'Yeni Ad', role: 'kitchen', version: await versionOf(user.id) });
    expect(res.statusCode).toBe(200);
    const rows = await auditOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      restaurantId,
      actorUserId: ownerId,
      actorRole: 'owner',
      action: 'staff.update',
      entity: 'staff',
      before: { name: 'Eski Ad', role: 'waiter' },
      after: { name: 'Yeni Ad', role: 'kitchen' },
    });
  });

  it('deactivating and reactivating each write their own audit row, in order', async () => {
    const user = await createUser(ctx, { restaurantId, role: 'waiter' });
    const off = await asOwner('POST', `/${user.id}/deactivate`, { version: await versionOf(user.id) });
    expect(off.statusCode).toBe(200);
    const on = await asOwner('POST', `/${user.id}/reactivate`, { version: off.json().version });
    expect(on.statusCode).toBe(200);
    const rows = await auditOf(user.id);
    expect(rows.map((r) => [r.action, r.before, r.after])).toEqual([
      ['staff.deactivate', { isActive: true }, { isActive: false }],
      ['staff.reactivate', { isActive: false }, { isActive: true }],
    ]);
    for (const row of rows) expect(row).toMatchObject({ restaurantId, actorUserId: ownerId, entity: 'staff' });
  });

  it('a refused change (stale version) leaves no audit row', async () => {
    const user = await createUser(ctx, { restaurantId, role: 'waiter' });
    const stale = await asOwner('POST', `/${user.id}/deactivate`, { version: (await versionOf(user.id)) + 5 });
    expect(stale.statusCode).toBe(409);
    expect(await auditOf(user.id)).toHaveLength(0);
  });
});

describe('the password minimum of 8 characters', () => {
  it('refuses 5, 6 and 7 characters for new staff and for a reset, and accepts 8', async () => {
    const cases = ['Ab3$x', 'Ab3$xy', 'Ab3$xyz'];
    for (const [i, password] of cases.entries()) {
      const res = await asOwner('POST', '', { name: 'Kısa', email: `kisa${i}@denetim.test`, role: 'waiter', password });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toContain('Şifre en az 8 karakter olmalı');
    }
    const user = await createUser(ctx, { restaurantId, role: 'waiter' });
    for (const password of cases) {
      const res = await asOwner('POST', `/${user.id}/reset-password`, { version: await versionOf(user.id), password });
      expect(res.statusCode).toBe(400);
    }
    // The reset was refused every time: the old password still works.
    await loginAs(ctx, user.email, TEST_PASSWORD);

    const ok = await asOwner('POST', '', { name: 'Sekiz', email: 'sekiz@denetim.test', role: 'waiter', password: 'Ab3$xyzw' });
    expect(ok.statusCode).toBe(201);
    await loginAs(ctx, 'sekiz@denetim.test', 'Ab3$xyzw');
  });
});

describe('audit of password resets', () => {
  it('records whether the password was generated or given, never the password', async () => {
    const user = await createUser(ctx, { restaurantId, role: 'waiter' });
    const given = await asOwner('POST', `/${user.id}/reset-password`, { version: await versionOf(user.id), password: 'Kx9!kendi' });
    expect(given.statusCode).toBe(200);
    expect(given.json().generatedPassword).toBeUndefined();
    const generated = await asOwner('POST', `/${user.id}/reset-password`, { version: await versionOf(user.id) });
    expect(generated.statusCode).toBe(200);
    const password = generated.json().generatedPassword as string;
    expect(password.length).toBeGreaterThanOrEqual(8);
    const rows = await auditOf(user.id);
    expect(rows.map((r) => [r.action, r.before, r.after])).toEqual([
      ['staff.reset-password', null, { generated: false }],
      ['staff.reset-password', null, { generated: true }],
    ]);
    expect(JSON.stringify(rows)).not.toContain(password);
    expect(JSON.stringify(rows)).not.toContain('Kx9!kendi');
  });
});
