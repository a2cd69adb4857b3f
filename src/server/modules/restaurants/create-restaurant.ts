import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { passwordWeakness } from '../../../shared/password-policy';
import { memberships, users } from '../../db/schema';
import { runCreateRestaurant, type CommandDeps } from '../../lib/command';
import { normaliseEmail } from '../../../shared/email';
import { hashPassword } from '../auth';

export interface NewRestaurant {
  name: string;
  ownerEmail: string;
  ownerName?: string;
  /** generated (and returned once) when left out */
  ownerPassword?: string;
}

/** A readable one-time password: 12 characters without look-alikes (0/O, 1/l/I). */
export function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from(randomBytes(12), (b) => alphabet[b % alphabet.length]).join('');
}

/** Creates a restaurant and its first owner, the way a new installation starts in production. */
export async function createRestaurantWithOwner(deps: CommandDeps, input: NewRestaurant) {
  const name = input.name.trim();
  const email = normaliseEmail(input.ownerEmail);
  if (!name) throw new Error('Restoran adı boş olamaz');
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Error(`Geçersiz e-posta: ${input.ownerEmail}`);
  const password = input.ownerPassword ?? generatePassword();
  const weakness = passwordWeakness(password);
  if (weakness) throw new Error(weakness);
  const passwordHash = await hashPassword(password);

  return runCreateRestaurant(deps, name, async (c) => {
    const [taken] = await c.tx.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email)).limit(1);
    if (taken) throw new Error(`Bu e-posta zaten kayıtlı: ${email}`);
    const [owner] = await c.tx
      .insert(users)
      .values({ email, name: input.ownerName?.trim() ?? '', passwordHash })
      .returning();
    await c.tx.insert(memberships).values({ userId: owner.id, restaurantId: c.restaurantId, role: 'owner' });
    await c.audit({ action: 'restaurant.create', entity: 'restaurant', entityId: c.restaurantId, after: { name, ownerEmail: email }, reason: 'kurulum' });
    return { restaurantId: c.restaurantId, ownerId: owner.id, email, password, isPasswordGenerated: !input.ownerPassword };
  });
}
