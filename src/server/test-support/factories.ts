import { randomUUID } from 'node:crypto';
import type { Role } from '../../shared/domain/roles';
import type { Db } from '../db/client';
import { diningTables, memberships, menuCategories, menuItemOptionGroups, menuItems, optionGroups, options, restaurants, sections, users } from '../db/schema';
import { hashPassword } from '../modules/auth/password';

/**
 * Test data written straight into the database, small and obvious: each factory makes one thing
 * with sensible defaults and returns the rows. Sign-in is `loginAs` (test-app.ts); a restaurant
 * with one signed-in account per role is `staffedRestaurant`.
 */

/** Anything that holds the test database (a TestContext does). */
export interface HasDb {
  database: { db: Db };
}

/** Cheap hashes keep tests fast; production uses the default cost (the format carries N). */
export const TEST_PASSWORD_COST = 2 ** 10;
export const TEST_PASSWORD = 'gizli-sifre-1';

let counter = 0;
const next = () => ++counter;

export async function restaurantFactory(ctx: HasDb, name = `Test Lokanta ${next()}`) {
  const [row] = await ctx.database.db.insert(restaurants).values({ name }).returning();
  return row;
}

export interface StaffOptions {
  role?: Role | string;
  email?: string;
  name?: string;
  password?: string;
  isActive?: boolean;
}

/** A user, and a member of `restaurantId` when given (owner unless told otherwise). */
export async function staffFactory(ctx: HasDb, restaurantId: string | undefined, opts: StaffOptions = {}) {
  const db = ctx.database.db;
  const password = opts.password ?? TEST_PASSWORD;
  const [user] = await db
    .insert(users)
    .values({
      email: opts.email ?? `user${next()}-${randomUUID().slice(0, 6)}@test.local`,
      name: opts.name ?? 'Test Kullanıcı',
      passwordHash: await hashPassword(password, TEST_PASSWORD_COST),
      isActive: opts.isActive ?? true,
    })
    .returning();
  if (restaurantId) await db.insert(memberships).values({ userId: user.id, restaurantId, role: opts.role ?? 'owner' });
  return { ...user, password };
}

export interface MenuOptions {
  category?: { name?: string; icon?: string };
  /** defaults: Mercimek 90 TL and Ezogelin 95 TL, 10 % VAT, station Mutfak */
  items?: { name: string; priceKurus?: number; vatRate?: number; station?: string; isAvailable?: boolean }[];
  /** a required single choice "Porsiyon" (1 / 1,5 +45 TL) linked to the first item; false = none */
  optionGroup?: false | { name?: string; options?: [string, number][] };
}

/** One category with its items and an option group, as the order screens need them. */
export async function menuFactory(ctx: HasDb, restaurantId: string, opts: MenuOptions = {}) {
  const db = ctx.database.db;
  const n = next();
  const [category] = await db
    .insert(menuCategories)
    .values({ restaurantId, icon: opts.category?.icon ?? '🍲', name: opts.category?.name ?? `Çorbalar ${n}`, sortOrder: n })
    .returning();
  const wanted = opts.items ?? [
    { name: 'Mercimek', priceKurus: 9000 },
    { name: 'Ezogelin', priceKurus: 9500 },
  ];
  const items = await db
    .insert(menuItems)
    .values(
      wanted.map((item, sortOrder) => ({
        restaurantId,
        categoryId: category.id,
        name: item.name,
        priceKurus: item.priceKurus ?? 9000,
        vatRate: item.vatRate ?? 10,
        station: item.station ?? 'Mutfak',
        isAvailable: item.isAvailable ?? true,
        sortOrder,
      })),
    )
    .returning();
  if (opts.optionGroup === false) return { category, items, optionGroup: null };

  const [group] = await db
    .insert(optionGroups)
    .values({ restaurantId, name: opts.optionGroup?.name ?? `Porsiyon ${n}`, isRequired: true, minChoices: 1, maxChoices: 1 })
    .returning();
  const choices = opts.optionGroup?.options ?? [
    ['1', 0],
    ['1,5', 4500],
  ];
  const groupOptions = await db
    .insert(options)
    .values(choices.map(([name, priceKurus], sortOrder) => ({ groupId: group.id, name, priceKurus, sortOrder })))
    .returning();
  if (items[0]) await db.insert(menuItemOptionGroups).values({ itemId: items[0].id, groupId: group.id });
  return { category, items, optionGroup: { ...group, options: groupOptions } };
}

/** Sections with their tables: "Salon 1", "Salon 2", ... (defaults: Salon with 2 tables, 4 seats each). */
export async function tablesFactory(ctx: HasDb, restaurantId: string, layout: { name: string; tables: number }[] = [{ name: 'Salon', tables: 2 }]) {
  const db = ctx.database.db;
  const made = [];
  for (const [sortOrder, wanted] of layout.entries()) {
    const [section] = await db.insert(sections).values({ restaurantId, name: wanted.name, sortOrder }).returning();
    const tables = wanted.tables
      ? await db
          .insert(diningTables)
          .values(Array.from({ length: wanted.tables }, (_, i) => ({ restaurantId, sectionId: section.id, name: `${wanted.name} ${i + 1}`, seats: 4, sortOrder: i })))
          .returning()
      : [];
    made.push({ ...section, tables });
  }
  return { sections: made, tables: made.flatMap((s) => s.tables) };
}
