import { and, asc, eq } from 'drizzle-orm';
import { MESSAGES } from '../../../shared/errors';
import { isUuid } from '../../../shared/ids';
import { photoUrl } from '../../../shared/menu-contract';
import type { PublicMenu } from '../../../shared/public-menu';
import type { Db } from '../../db/client';
import { diningTables, menuCategories, menuItems, restaurants } from '../../db/schema';
import { HttpError } from '../../errors';
import { getRestaurantSettings } from '../settings';

export type PublicMenuSnapshot =
  | { isOnline: false }
  | { isOnline: true; menu: PublicMenu; /** table id → name, for `?masa=` */ tables: Map<string, string> };

/**
 * The customer-facing menu: visible categories and available items, in their sort order, or
 * "offline" when the owner took the public menu down. Unknown restaurants answer 404.
 */
export async function loadPublicMenu(db: Db, restaurantId: string): Promise<PublicMenuSnapshot> {
  if (!isUuid(restaurantId)) throw new HttpError(404, MESSAGES.restaurantNotFound);
  const [restaurant] = await db.select().from(restaurants).where(eq(restaurants.id, restaurantId)).limit(1);
  if (!restaurant) throw new HttpError(404, MESSAGES.restaurantNotFound);

  const [settings, categories, items, tables] = await Promise.all([
    getRestaurantSettings(db, restaurantId),
    db
      .select()
      .from(menuCategories)
      .where(and(eq(menuCategories.restaurantId, restaurantId), eq(menuCategories.isVisible, true)))
      .orderBy(asc(menuCategories.sortOrder), asc(menuCategories.name)),
    db
      .select()
      .from(menuItems)
      .where(and(eq(menuItems.restaurantId, restaurantId), eq(menuItems.isAvailable, true)))
      .orderBy(asc(menuItems.sortOrder), asc(menuItems.name)),
    db.select({ id: diningTables.id, name: diningTables.name }).from(diningTables).where(eq(diningTables.restaurantId, restaurantId)),
  ]);
  if (!settings.value.publicMenu.enabled) return { isOnline: false };

  const visible = new Set(categories.map((c) => c.id));
  return {
    isOnline: true,
    tables: new Map(tables.map((t) => [t.id, t.name])),
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
        })),
    },
  };
}
