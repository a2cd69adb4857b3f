import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { createRestaurantWithOwner, generatePassword } from './create-restaurant';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('creating a restaurant with its first owner', () => {
  it('gives a new installation an owner who can sign in at once with the one-time password', async () => {
    const created = await createRestaurantWithOwner(ctx.app, { name: 'Karadeniz Pidecisi', ownerEmail: 'Sahip@Pide.test' });
    expect(created.isPasswordGenerated).toBe(true);
    expect(created.password).toMatch(/^[A-Za-z2-9]{12}$/);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'sahip@pide.test', password: created.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'owner', restaurantId: created.restaurantId });
  });

  it('refuses a taken email, a blank name and a short password, creating nothing', async () => {
    await createRestaurantWithOwner(ctx.app, { name: 'Bir', ownerEmail: 'iki@lokanta.test', ownerPassword: 'uzun-bir-sifre' });
    await expect(createRestaurantWithOwner(ctx.app, { name: 'İki', ownerEmail: 'IKI@lokanta.test' })).rejects.toThrow(
      'Bu e-posta zaten kayıtlı',
    );
    await expect(createRestaurantWithOwner(ctx.app, { name: '  ', ownerEmail: 'a@b.test' })).rejects.toThrow('Restoran adı');
    await expect(
      createRestaurantWithOwner(ctx.app, { name: 'Üç', ownerEmail: 'uc@lokanta.test', ownerPassword: 'kisa' }),
    ).rejects.toThrow('en az 8');
  });

  it.each(['sahip', 'sahip@lokanta', 'sahip @lokanta.test', '@lokanta.test', 'sahip@.test'])('refuses the owner e-mail %j, creating nothing', async (ownerEmail) => {
    await expect(createRestaurantWithOwner(ctx.app, { name: 'Dört', ownerEmail })).rejects.toThrow(`Geçersiz e-posta: ${ownerEmail}`);
  });

  it("stores the owner's name trimmed", async () => {
    const created = await createRestaurantWithOwner(ctx.app, { name: 'Beş', ownerEmail: 'bes@lokanta.test', ownerName: '  Ayla Kaya ', ownerPassword: 'uzun-bir-sifre' });
    const [owner] = await ctx.database.db.select({ name: users.name }).from(users).where(eq(users.id, created.ownerId));
    expect(owner.name).toBe('Ayla Kaya');
  });

  it('generates passwords without look-alike characters', () => {
    for (let i = 0; i < 50; i++) expect(generatePassword()).not.toMatch(/[01OlI]/);
  });
});
