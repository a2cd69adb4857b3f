import { eq } from 'drizzle-orm';
import { runCreateRestaurant, type CommandContext, type CommandDeps } from '../lib/command';
import { hashPassword } from '../modules/auth';
import type { Db } from '../db/client';
import { seedDemoPlatforms } from './seed-demo-platforms';
import { seedDemoRecipes } from './seed-demo-recipes';
import { demoTablePosition, seedDemoService } from './seed-demo-service';
import { DEMO_ACCOUNTS, DEMO_MENU, DEMO_OPTION_GROUPS, DEMO_PASSWORD, DEMO_SECTIONS, type DemoOptionKey } from './demo-menu';
import { defaultRestaurantSettings } from '../../shared/restaurant-settings';
import { diningTables, memberships, menuCategories, menuItemOptionGroups, menuItems, optionGroups, options, restaurants, sections, settings, users } from '../db/schema';

const DEMO_NAME = 'Demo Lokanta';
type DemoAccount = { email: string; name: string; role: string };
/** The second restaurant's owner: restaurants never see each other's data. */
const SECOND_OWNER: DemoAccount = { email: 'owner2@demo.local', name: 'Zeynep Kaya', role: 'owner' };

export interface SeedResult {
  seeded: boolean;
  restaurantId?: string;
}

/**
 * Seeds the demo restaurants on an empty database; does nothing when any restaurant exists. Each
 * restaurant is created by one command (all of its data or none); the password hashes are made
 * before, so no lock waits for them.
 */
export async function seedDemo(deps: CommandDeps, passwordCost?: number): Promise<SeedResult> {
  const { db } = deps;
  const [any] = await db.select({ id: restaurants.id }).from(restaurants).limit(1);
  if (any) {
    const [demo] = await db.select({ id: restaurants.id }).from(restaurants).where(eq(restaurants.name, DEMO_NAME)).limit(1);
    return { seeded: false, restaurantId: demo?.id };
  }
  const accounts = [...DEMO_ACCOUNTS, SECOND_OWNER];
  // One at a time: each scrypt hash holds 128 MB, and four at once made the first start's peak
  // memory ~400 MB higher for a gain of well under a second on a two-core PC.
  const hashes = new Map<string, string>();
  for (const a of accounts) hashes.set(a.email, await hashPassword(DEMO_PASSWORD, passwordCost));
  const addMembers = async (c: CommandContext, members: readonly DemoAccount[]) => {
    for (const a of members) {
      const [user] = await c.tx.insert(users).values({ email: a.email, name: a.name, passwordHash: hashes.get(a.email)! }).returning();
      await c.tx.insert(memberships).values({ userId: user.id, restaurantId: c.restaurantId, role: a.role });
    }
  };

  const demoId = await runCreateRestaurant(deps, DEMO_NAME, async (c) => {
    await addMembers(c, DEMO_ACCOUNTS);
    // The quick start shows QR Sipariş working: guests order from the tables' codes, the waiter confirms.
    await c.tx.insert(settings).values({
      restaurantId: c.restaurantId,
      key: 'general',
      value: { ...defaultRestaurantSettings(DEMO_NAME), qrOrdering: { enabled: true, confirmBy: 'waiter', hours: null } },
    });
    await seedMenu(c.tx, c.restaurantId, DEMO_MENU);
    for (const [s, section] of DEMO_SECTIONS.entries()) {
      const [row] = await c.tx.insert(sections).values({ restaurantId: c.restaurantId, name: section.name, sortOrder: s }).returning();
      await c.tx.insert(diningTables).values(
        Array.from({ length: section.tables }, (_, i) => ({
          restaurantId: c.restaurantId,
          sectionId: row.id,
          name: `${section.name} ${i + 1}`,
          seats: i % 3 === 0 ? 6 : 4,
          sortOrder: i,
          ...demoTablePosition(i, i % 3 === 0 ? 6 : 4),
        })),
      );
    }
    await seedDemoRecipes(c);
    await seedDemoService(c, DEMO_ACCOUNTS.find((a) => a.role === 'waiter')!.email);
    await seedDemoPlatforms(c);
    return c.restaurantId;
  });
  await runCreateRestaurant(deps, 'İkinci Şube', async (c) => {
    await addMembers(c, [SECOND_OWNER]);
    await seedMenu(c.tx, c.restaurantId, [
      { icon: '☕', name: 'Kahvaltı', items: [{ name: 'Serpme Kahvaltı', description: 'İki kişilik', price: 65000 }] },
    ]);
  });
  return { seeded: true, restaurantId: demoId };
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
