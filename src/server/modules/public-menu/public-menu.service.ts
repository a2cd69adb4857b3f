import { and, asc, eq } from 'drizzle-orm';
import { MESSAGES } from '../../../shared/errors';
import { isUuid } from '../../../shared/ids';
import type { PublicMenu } from '../../../shared/public-menu';
import type { Db } from '../../db/client';
import { menuCategories, menuItems, restaurants } from '../../db/schema';
import { HttpError } from '../../errors';

/** The customer-facing menu: visible categories and available items, in their sort order. */
export async function getPublicMenu(db: Db, restaurantId: string): Promise<PublicMenu> {
  if (!isUuid(restaurantId)) throw new HttpError(404, MESSAGES.restaurantNotFound);
  const [restaurant] = await db.select().from(restaurants).where(eq(restaurants.id, restaurantId)).limit(1);
  if (!restaurant) throw new HttpError(404, MESSAGES.restaurantNotFound);

  const [categories, items] = await Promise.all([
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
  ]);
  const visible = new Set(categories.map((c) => c.id));
  return {
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
      })),
  };
}
