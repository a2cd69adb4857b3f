import { and, asc, eq, inArray } from 'drizzle-orm';
import { photoUrl, type AdminMenu, type MenuCategory, type MenuItem, type OptionGroup } from '../../../shared/menu-contract';
import type { Db } from '../../db/client';
import { menuCategories, menuItemOptionGroups, menuItems, optionGroups, options } from '../../db/schema';
import { readAll } from '../../lib/read-all';

export type CategoryRow = typeof menuCategories.$inferSelect;
export type ItemRow = typeof menuItems.$inferSelect;

export const presentCategory = (c: CategoryRow): MenuCategory => ({
  id: c.id,
  icon: c.icon,
  name: c.name,
  sortOrder: c.sortOrder,
  isVisible: c.isVisible,
  version: c.version,
});

/** What the owner sets on an item, as stored: the API answer and the audit trail both show these. */
export const itemSettings = (i: ItemRow) => ({
  categoryId: i.categoryId,
  name: i.name,
  description: i.description,
  priceKurus: i.priceKurus,
  vatRate: i.vatRate,
  sortOrder: i.sortOrder,
  isAvailable: i.isAvailable,
  station: i.station,
});

export const presentItem = (i: ItemRow, optionGroupIds: string[]): MenuItem => ({
  id: i.id,
  ...itemSettings(i),
  photoUrl: i.photoPath ? photoUrl(i.photoPath) : null,
  optionGroupIds,
  version: i.version,
});

const collator = new Intl.Collator('tr');

/** The option group ids linked to each item, in link order. */
export async function linkedGroups(db: Db, itemIds: string[]): Promise<Map<string, string[]>> {
  const links = new Map<string, string[]>(itemIds.map((id) => [id, []]));
  if (itemIds.length === 0) return links;
  const rows = await db
    .select()
    .from(menuItemOptionGroups)
    .where(inArray(menuItemOptionGroups.itemId, itemIds))
    .orderBy(asc(menuItemOptionGroups.sortOrder));
  for (const row of rows) links.get(row.itemId)?.push(row.groupId);
  return links;
}

export async function presentItems(db: Db, rows: ItemRow[]): Promise<MenuItem[]> {
  const links = await linkedGroups(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => presentItem(r, links.get(r.id) ?? []));
}

export async function listOptionGroups(db: Db, restaurantId: string, ids?: string[]): Promise<OptionGroup[]> {
  const groups = await db
    .select()
    .from(optionGroups)
    .where(and(eq(optionGroups.restaurantId, restaurantId), ids ? inArray(optionGroups.id, ids) : undefined))
    .orderBy(asc(optionGroups.sortOrder), asc(optionGroups.createdAt));
  const choices = groups.length
    ? await db
        .select()
        .from(options)
        .where(
          inArray(
            options.groupId,
            groups.map((g) => g.id),
          ),
        )
        .orderBy(asc(options.sortOrder))
    : [];
  return groups.map((g) => ({
    id: g.id,
    name: g.name,
    isMultiple: g.isMultiple,
    isRequired: g.isRequired,
    minChoices: g.minChoices,
    maxChoices: g.maxChoices,
    sortOrder: g.sortOrder,
    version: g.version,
    options: choices
      .filter((o) => o.groupId === g.id)
      .map((o) => ({ id: o.id, name: o.name, priceKurus: o.priceKurus, sortOrder: o.sortOrder })),
  }));
}

/** Everything the menu screens need: every category (hidden too), item and option group. */
export async function getAdminMenu(db: Db, restaurantId: string): Promise<AdminMenu> {
  const [categories, items, groups] = await readAll(db, [
    () => db
      .select()
      .from(menuCategories)
      .where(eq(menuCategories.restaurantId, restaurantId))
      .orderBy(asc(menuCategories.sortOrder), asc(menuCategories.createdAt)),
    () => db
      .select()
      .from(menuItems)
      .where(eq(menuItems.restaurantId, restaurantId))
      .orderBy(asc(menuItems.sortOrder), asc(menuItems.createdAt)),
    () => listOptionGroups(db, restaurantId),
  ]);
  const order = new Map(categories.map((c, i) => [c.id, i]));
  items.sort((a, b) => order.get(a.categoryId)! - order.get(b.categoryId)! || a.sortOrder - b.sortOrder || collator.compare(a.name, b.name));
  return { categories: categories.map(presentCategory), items: await presentItems(db, items), optionGroups: groups };
}
