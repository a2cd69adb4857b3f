import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type {
  CreateCategoryRequest,
  MenuCategory,
  UpdateCategoryRequest,
} from '../../../shared/menu-contract';
import { MAX_PRICE_KURUS } from '../../../shared/money';
import { isSameName } from '../../../shared/turkish-search';
import type { Db } from '../../db/client';
import { menuCategories, menuItems } from '../../db/schema';
import { HttpError } from '../../errors';
import type { Actor } from '../auth/auth.service';
import { auditMenu, inTransaction } from './menu-audit';
import { MENU_MESSAGES } from './menu-messages';
import { checkVersion, lockCategory, presentCategory, type CategoryRow } from './menu-read.service';

const auditView = (c: CategoryRow) => ({ icon: c.icon, name: c.name, sortOrder: c.sortOrder, isVisible: c.isVisible });

async function assertNameFree(tx: Db, restaurantId: string, name: string, exceptId?: string) {
  const rows = await tx
    .select({ name: menuCategories.name })
    .from(menuCategories)
    .where(and(eq(menuCategories.restaurantId, restaurantId), exceptId ? ne(menuCategories.id, exceptId) : undefined));
  if (rows.some((r) => isSameName(r.name, name))) throw new HttpError(409, MENU_MESSAGES.categoryNameTaken);
}

export async function createCategory(db: Db, actor: Actor, input: CreateCategoryRequest): Promise<MenuCategory> {
  return inTransaction(db, async (tx) => {
    await assertNameFree(tx, actor.restaurantId, input.name);
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${menuCategories.sortOrder}) + 1, 0)::int` })
      .from(menuCategories)
      .where(eq(menuCategories.restaurantId, actor.restaurantId));
    const [row] = await tx
      .insert(menuCategories)
      .values({ restaurantId: actor.restaurantId, icon: input.icon, name: input.name, isVisible: input.isVisible ?? true, sortOrder: next })
      .returning();
    await auditMenu(tx, actor, [{ action: 'menu.category.create', entity: 'menu_category', entityId: row.id, before: null, after: auditView(row) }]);
    return presentCategory(row);
  });
}

export async function updateCategory(db: Db, actor: Actor, categoryId: string, input: UpdateCategoryRequest): Promise<MenuCategory> {
  return inTransaction(db, async (tx) => {
    const before = await lockCategory(tx, actor.restaurantId, categoryId);
    checkVersion(before, input.version);
    if (input.name !== undefined) await assertNameFree(tx, actor.restaurantId, input.name, categoryId);
    const [row] = await tx
      .update(menuCategories)
      .set({
        ...(input.icon !== undefined ? { icon: input.icon } : {}),
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.isVisible !== undefined ? { isVisible: input.isVisible } : {}),
        version: before.version + 1,
      })
      .where(eq(menuCategories.id, categoryId))
      .returning();
    await auditMenu(tx, actor, [
      { action: 'menu.category.update', entity: 'menu_category', entityId: row.id, before: auditView(before), after: auditView(row) },
    ]);
    return presentCategory(row);
  });
}

/** A category with items is never deleted: items would be orphaned (and orders refer to them). */
export async function deleteCategory(db: Db, actor: Actor, categoryId: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const before = await lockCategory(tx, actor.restaurantId, categoryId);
    const [{ count }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(menuItems)
      .where(eq(menuItems.categoryId, categoryId));
    if (count > 0) throw new HttpError(409, MENU_MESSAGES.categoryHasItems(count));
    await tx.delete(menuCategories).where(eq(menuCategories.id, categoryId));
    await auditMenu(tx, actor, [{ action: 'menu.category.delete', entity: 'menu_category', entityId: categoryId, before: auditView(before), after: null }]);
  });
}

/**
 * New order of all categories (drag and drop). Sort order is not content: it moves without
 * touching versions, so an open edit form is not refused because someone reordered meanwhile.
 */
export async function reorderCategories(db: Db, actor: Actor, ids: string[]): Promise<MenuCategory[]> {
  return inTransaction(db, async (tx) => {
    const rows = await tx
      .select()
      .from(menuCategories)
      .where(eq(menuCategories.restaurantId, actor.restaurantId))
      .orderBy(asc(menuCategories.sortOrder), asc(menuCategories.createdAt))
      .for('update');
    const known = new Set(rows.map((r) => r.id));
    if (ids.length !== rows.length || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id))) {
      throw new HttpError(400, MENU_MESSAGES.reorderMismatch);
    }
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const [index, id] of ids.entries()) {
      if (byId.get(id)!.sortOrder !== index) await tx.update(menuCategories).set({ sortOrder: index }).where(eq(menuCategories.id, id));
    }
    await auditMenu(tx, actor, [
      {
        action: 'menu.category.reorder',
        entity: 'menu_category',
        entityId: actor.restaurantId,
        before: rows.map((r) => r.name),
        after: ids.map((id) => byId.get(id)!.name),
      },
    ]);
    return ids.map((id, index) => presentCategory({ ...byId.get(id)!, sortOrder: index }));
  });
}

/** New price of a bulk change: percent may have two decimals; rounded once, to the chosen step. */
export function changedPrice(priceKurus: number, percent: number, roundToKurus: number): number {
  const basisPoints = Math.round(percent * 100);
  const exact = (priceKurus * (10_000 + basisPoints)) / 10_000;
  return Math.max(0, Math.round(exact / roundToKurus) * roundToKurus);
}

/** Moves every price of a category by a percentage, all or nothing, one audit row per item. */
export async function changeCategoryPrices(
  db: Db,
  actor: Actor,
  categoryId: string,
  input: { percent: number; roundToKurus: number },
): Promise<{ updated: number }> {
  return inTransaction(db, async (tx) => {
    const category = await lockCategory(tx, actor.restaurantId, categoryId);
    const items = await tx.select().from(menuItems).where(eq(menuItems.categoryId, categoryId)).for('update');
    if (items.length === 0) throw new HttpError(400, MENU_MESSAGES.emptyCategory);
    const changes = items.map((item) => ({ item, price: changedPrice(item.priceKurus, input.percent, input.roundToKurus) }));
    const tooHigh = changes.find((c) => c.price > MAX_PRICE_KURUS);
    if (tooHigh) throw new HttpError(400, MENU_MESSAGES.priceChangeTooHigh(tooHigh.item.name));
    const moved = changes.filter((c) => c.price !== c.item.priceKurus);
    for (const { item, price } of moved) {
      await tx.update(menuItems).set({ priceKurus: price, version: item.version + 1 }).where(eq(menuItems.id, item.id));
    }
    const sign = input.percent > 0 ? '+' : '';
    await auditMenu(
      tx,
      actor,
      moved.map(({ item, price }) => ({
        action: 'menu.item.price-change',
        entity: 'menu_item' as const,
        entityId: item.id,
        before: { priceKurus: item.priceKurus },
        after: { priceKurus: price },
        reason: `${category.name}: %${sign}${input.percent}`,
      })),
    );
    return { updated: moved.length };
  });
}
