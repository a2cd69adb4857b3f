import { and, asc, eq, inArray } from 'drizzle-orm';
import { MESSAGES } from '../../../shared/errors';
import { isUuid } from '../../../shared/ids';
import { photoUrl } from '../../../shared/menu-contract';
import type { PublicMenu, PublicMenuOptionGroup } from '../../../shared/public-menu';
import { isWithinOrderingHours } from '../../../shared/table-requests-contract';
import type { Db } from '../../db/client';
import { diningTables, menuCategories, menuItemOptionGroups, menuItems, optionGroups, options, restaurants } from '../../db/schema';
import { HttpError } from '../../errors';
import { getRestaurantSettings } from '../settings';
import { readAll } from '../../lib/read-all';

export type PublicMenuSnapshot =
  | { isOnline: false }
  | {
      isOnline: true;
      menu: PublicMenu;
      /** a table's QR token → its name, for `?masa=` */
      tables: Map<string, string>;
      /** what a table's menu says of ordering from it (QR Sipariş), as of the build */
      ordering: NonNullable<PublicMenu['ordering']>;
    };

/**
 * The customer-facing menu: visible categories and available items, in their sort order, or
 * "offline" when the owner took the public menu down. Unknown restaurants answer 404.
 */
export async function loadPublicMenu(db: Db, restaurantId: string): Promise<PublicMenuSnapshot> {
  if (!isUuid(restaurantId)) throw new HttpError(404, MESSAGES.restaurantNotFound);
  const [restaurant] = await db.select().from(restaurants).where(eq(restaurants.id, restaurantId)).limit(1);
  if (!restaurant) throw new HttpError(404, MESSAGES.restaurantNotFound);

  const [settings, categories, items, tables] = await readAll(db, [
    () => getRestaurantSettings(db, restaurantId),
    () => db
      .select()
      .from(menuCategories)
      .where(and(eq(menuCategories.restaurantId, restaurantId), eq(menuCategories.isVisible, true)))
      .orderBy(asc(menuCategories.sortOrder), asc(menuCategories.name)),
    () => db
      .select()
      .from(menuItems)
      .where(and(eq(menuItems.restaurantId, restaurantId), eq(menuItems.isAvailable, true)))
      .orderBy(asc(menuItems.sortOrder), asc(menuItems.name)),
    () => db.select({ token: diningTables.qrToken, name: diningTables.name }).from(diningTables).where(eq(diningTables.restaurantId, restaurantId)),
  ]);
  if (!settings.value.publicMenu.enabled) return { isOnline: false };

  const visible = new Set(categories.map((c) => c.id));
  const groupsOf = await optionGroupsOf(db, items.map((i) => i.id));
  const { qrOrdering, timeZone } = settings.value;
  return {
    isOnline: true,
    tables: new Map(tables.map((t) => [t.token, t.name])),
    // Built with the menu: a cached menu may say "open" for up to the cache's time-to-live after
    // the hours end; the order itself is checked against the clock when it arrives.
    ordering: {
      enabled: qrOrdering.enabled && isWithinOrderingHours(qrOrdering.hours, new Date(), timeZone),
      confirmBy: qrOrdering.confirmBy,
      ...(qrOrdering.hours ? { hours: qrOrdering.hours } : {}),
    },
    menu: {
      restaurantInfo: { name: restaurant.name },
      categories: categories.map((c) => ({ id: c.id, label: `${c.icon} ${c.name}`, value: c.id })),
      menuItems: items
        .filter((i) => visible.has(i.categoryId))
        .map((i) => ({
          id: i.id,
          name: i.name,
          ...(i.description ? { description: i.description } : {}),
          price: i.priceKurus,
          category: i.categoryId,
          ...(i.photoPath ? { photo: photoUrl(i.photoPath) } : {}),
          ...(groupsOf.has(i.id) ? { optionGroups: groupsOf.get(i.id) } : {}),
        })),
    },
  };
}

/**
 * Each item's option groups with their options, in the owner's order: what a guest may choose when
 * ordering from the table, with the same min / max the server checks (orders module's priceLines).
 */
async function optionGroupsOf(db: Db, itemIds: string[]): Promise<Map<string, PublicMenuOptionGroup[]>> {
  const byItem = new Map<string, PublicMenuOptionGroup[]>();
  if (itemIds.length === 0) return byItem;
  const links = await db
    .select({ itemId: menuItemOptionGroups.itemId, group: optionGroups })
    .from(menuItemOptionGroups)
    .innerJoin(optionGroups, eq(optionGroups.id, menuItemOptionGroups.groupId))
    .where(inArray(menuItemOptionGroups.itemId, itemIds))
    .orderBy(asc(menuItemOptionGroups.sortOrder), asc(optionGroups.sortOrder), asc(optionGroups.name));
  if (links.length === 0) return byItem;
  const groupIds = [...new Set(links.map((l) => l.group.id))];
  const choices = await db.select().from(options).where(inArray(options.groupId, groupIds)).orderBy(asc(options.sortOrder), asc(options.name));
  const groups = new Map<string, PublicMenuOptionGroup>();
  for (const { group } of links) {
    if (groups.has(group.id)) continue;
    groups.set(group.id, {
      id: group.id,
      name: group.name,
      // the rule priceLines applies: a required group needs at least one, and none allows more than its max (at least 1)
      min: group.isRequired ? Math.max(1, group.minChoices) : group.minChoices,
      max: Math.max(1, group.maxChoices),
      options: choices.filter((o) => o.groupId === group.id).map((o) => ({ id: o.id, name: o.name, price: o.priceKurus })),
    });
  }
  for (const { itemId, group } of links) byItem.set(itemId, [...(byItem.get(itemId) ?? []), groups.get(group.id)!]);
  return byItem;
}
