import { eq } from 'drizzle-orm';
import { hashPassword } from '../modules/auth/password';
import type { Db } from './client';
import { DEMO_ACCOUNTS, DEMO_MENU, DEMO_OPTION_GROUPS, DEMO_PASSWORD, DEMO_SECTIONS, type DemoOptionKey } from './demo-menu';
import {
  diningTables,
  memberships,
  menuCategories,
  menuItemOptionGroups,
  menuItems,
  optionGroups,
  options,
  restaurants,
  sections,
  users,
} from './schema';

const DEMO_NAME = 'Demo Lokanta';

export interface SeedResult {
  seeded: boolean;
  restaurantId?: string;
}

/** Seeds the demo restaurants on an empty database; does nothing when any restaurant exists. */
export async function seedDemo(db: Db, passwordCost?: number): Promise<SeedResult> {
  const [any] = await db.select({ id: restaurants.id }).from(restaurants).limit(1);
  if (any) {
    const [demo] = await db.select({ id: restaurants.id }).from(restaurants).where(eq(restaurants.name, DEMO_NAME)).limit(1);
    return { seeded: false, restaurantId: demo?.id };
  }

  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [demo] = await tx.insert(restaurants).values({ name: DEMO_NAME }).returning();
    const [second] = await tx.insert(restaurants).values({ name: 'İkinci Şube' }).returning();

    const accounts = [
      ...DEMO_ACCOUNTS.map((a) => ({ ...a, restaurantId: demo.id })),
      { email: 'owner2@demo.local', name: 'Zeynep Kaya', role: 'owner', restaurantId: second.id },
    ];
    const hashes = await Promise.all(accounts.map(() => hashPassword(DEMO_PASSWORD, passwordCost)));
    for (const [i, a] of accounts.entries()) {
      const [user] = await tx.insert(users).values({ email: a.email, name: a.name, passwordHash: hashes[i] }).returning();
      await tx.insert(memberships).values({ userId: user.id, restaurantId: a.restaurantId, role: a.role });
    }

    await seedMenu(tx, demo.id, DEMO_MENU);
    await seedMenu(tx, second.id, [
      { icon: '☕', name: 'Kahvaltı', items: [{ name: 'Serpme Kahvaltı', description: 'İki kişilik', price: 65000 }] },
    ]);
    for (const [s, section] of DEMO_SECTIONS.entries()) {
      const [row] = await tx.insert(sections).values({ restaurantId: demo.id, name: section.name, sortOrder: s }).returning();
      await tx.insert(diningTables).values(
        Array.from({ length: section.tables }, (_, i) => ({
          restaurantId: demo.id,
          sectionId: row.id,
          name: `${section.name} ${i + 1}`,
          seats: i % 3 === 0 ? 6 : 4,
          sortOrder: i,
        })),
      );
    }
    return { seeded: true, restaurantId: demo.id };
  });
}

async function seedMenu(tx: Db, restaurantId: string, menu: typeof DEMO_MENU) {
  const groupIds = new Map<DemoOptionKey, string>();
  for (const [key, group] of Object.entries(DEMO_OPTION_GROUPS) as [DemoOptionKey, (typeof DEMO_OPTION_GROUPS)[DemoOptionKey]][]) {
    const [row] = await tx
      .insert(optionGroups)
      .values({
        restaurantId,
        name: group.name,
        isMultiple: group.isMultiple,
        isRequired: group.isRequired,
        minChoices: group.isRequired ? 1 : 0,
        maxChoices: group.isMultiple ? group.options.length : 1,
      })
      .returning();
    groupIds.set(key, row.id);
    await tx
      .insert(options)
      .values(group.options.map(([name, priceKurus], i) => ({ groupId: row.id, name, priceKurus, sortOrder: i })));
  }

  for (const [c, category] of menu.entries()) {
    const [cat] = await tx
      .insert(menuCategories)
      .values({ restaurantId, icon: category.icon, name: category.name, sortOrder: c })
      .returning();
    for (const [i, item] of category.items.entries()) {
      const [row] = await tx
        .insert(menuItems)
        .values({
          restaurantId,
          categoryId: cat.id,
          name: item.name,
          description: item.description,
          priceKurus: item.price,
          vatRate: item.vatRate ?? 10,
          sortOrder: i,
          station: item.station ?? 'Mutfak',
        })
        .returning();
      for (const [g, key] of (item.options ?? []).entries()) {
        await tx.insert(menuItemOptionGroups).values({ itemId: row.id, groupId: groupIds.get(key as DemoOptionKey)!, sortOrder: g });
      }
    }
  }
}
