import { and, asc, eq, inArray } from 'drizzle-orm';
import type { SofraMenuResponse } from '../../../shared/online-orders-contract';
import type { Db } from '../../db/client';
import { menuCategories, menuItemOptionGroups, menuItems, optionGroups, options } from '../../db/schema';

/**
 * The menu as the restaurant's own channel orders from it: visible categories in their order, every
 * dish in them (a sold-out one too, marked, so an integrator can grey it out), each with its option
 * groups and their option ids. Read the way the order route prices (price-lines.ts): the same ids.
 */
export async function readSofraMenu(db: Db, restaurantId: string): Promise<SofraMenuResponse> {
  const cats = await db
    .select()
    .from(menuCategories)
    .where(and(eq(menuCategories.restaurantId, restaurantId), eq(menuCategories.isVisible, true)))
    .orderBy(asc(menuCategories.sortOrder), asc(menuCategories.name));
  if (cats.length === 0) return { categories: [] };
  const items = await db
    .select()
    .from(menuItems)
    .where(and(eq(menuItems.restaurantId, restaurantId), inArray(menuItems.categoryId, cats.map((c) => c.id))))
    .orderBy(asc(menuItems.sortOrder), asc(menuItems.name));
  const links = items.length
    ? await db.select().from(menuItemOptionGroups).where(inArray(menuItemOptionGroups.itemId, items.map((i) => i.id))).orderBy(asc(menuItemOptionGroups.sortOrder))
    : [];
  const groupIds = [...new Set(links.map((l) => l.groupId))];
  const groups = groupIds.length ? await db.select().from(optionGroups).where(and(eq(optionGroups.restaurantId, restaurantId), inArray(optionGroups.id, groupIds))) : [];
  const opts = groupIds.length ? await db.select().from(options).where(inArray(options.groupId, groupIds)).orderBy(asc(options.sortOrder), asc(options.name)) : [];
  const groupView = new Map(
    groups.map((g) => [
      g.id,
      {
        id: g.id,
        name: g.name,
        isRequired: g.isRequired,
        isMultiple: g.isMultiple,
        minChoices: g.minChoices,
        maxChoices: g.maxChoices,
        options: opts.filter((o) => o.groupId === g.id).map((o) => ({ id: o.id, name: o.name, priceKurus: o.priceKurus })),
      },
    ]),
  );
  return {
    categories: cats.map((c) => ({
      id: c.id,
      name: c.name,
      items: items
        .filter((i) => i.categoryId === c.id)
        .map((i) => ({
          id: i.id,
          name: i.name,
          description: i.description,
          priceKurus: i.priceKurus,
          isAvailable: i.isAvailable,
          optionGroups: links.filter((l) => l.itemId === i.id).flatMap((l) => groupView.get(l.groupId) ?? []),
        })),
    })),
  };
}
