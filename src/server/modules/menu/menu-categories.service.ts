import { asc, eq, sql } from 'drizzle-orm';
import type { CreateCategoryRequest, MenuCategory, UpdateCategoryRequest } from '../../../shared/menu-contract';
import { MAX_PRICE_KURUS } from '../../../shared/domain/money';
import { menuCategories, menuItems } from '../../db/schema';
import { HttpError } from '../../errors';
import type { CommandContext } from '../../lib/command';
import { assertNameFree } from '../../lib/names';
import { MENU_MESSAGES } from './menu-messages';
import { presentCategory, type CategoryRow } from './menu-read.service';

const auditView = (c: CategoryRow) => ({ icon: c.icon, name: c.name, sortOrder: c.sortOrder, isVisible: c.isVisible });
const lockCategory = (c: CommandContext, id: string) => c.lockOwned(menuCategories, id, MENU_MESSAGES.categoryNotFound);
const assertCategoryNameFree = (c: CommandContext, name: string, exceptId?: string) =>
  assertNameFree(c, menuCategories, name, MENU_MESSAGES.categoryNameTaken, { exceptId });

export async function createCategory(c: CommandContext, input: CreateCategoryRequest): Promise<MenuCategory> {
  await assertCategoryNameFree(c, input.name);
  const [row] = await c.tx
    .insert(menuCategories)
    .values({
      restaurantId: c.restaurantId,
      icon: input.icon,
      name: input.name,
      isVisible: input.isVisible ?? true,
      sortOrder: await c.nextSortOrder(menuCategories),
    })
    .returning();
  await c.audit({ action: 'menu.category.create', entity: 'menu_category', entityId: row.id, after: auditView(row) });
  c.emit('menu', row.id);
  return presentCategory(row);
}

export async function updateCategory(c: CommandContext, input: UpdateCategoryRequest & { categoryId: string }): Promise<MenuCategory> {
  const before = await lockCategory(c, input.categoryId);
  c.assertVersion(before, input.version);
  if (input.name !== undefined) await assertCategoryNameFree(c, input.name, before.id);
  const [row] = await c.tx
    .update(menuCategories)
    .set({
      ...(input.icon !== undefined ? { icon: input.icon } : {}),
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.isVisible !== undefined ? { isVisible: input.isVisible } : {}),
      version: before.version + 1,
    })
    .where(eq(menuCategories.id, before.id))
    .returning();
  await c.audit({ action: 'menu.category.update', entity: 'menu_category', entityId: row.id, before: auditView(before), after: auditView(row) });
  c.emit('menu', row.id);
  return presentCategory(row);
}

/** A category with items is never deleted: items would be orphaned (and orders refer to them). */
export async function deleteCategory(c: CommandContext, input: { categoryId: string }): Promise<void> {
  const before = await lockCategory(c, input.categoryId);
  const [{ count }] = await c.tx
    .select({ count: sql<number>`count(*)::int` })
    .from(menuItems)
    .where(eq(menuItems.categoryId, before.id));
  if (count > 0) throw new HttpError(409, MENU_MESSAGES.categoryHasItems(count));
  await c.tx.delete(menuCategories).where(eq(menuCategories.id, before.id));
  await c.audit({ action: 'menu.category.delete', entity: 'menu_category', entityId: before.id, before: auditView(before) });
  c.emit('menu', before.id);
}

/**
 * New order of all categories (drag and drop). Sort order is not content: it moves without
 * touching versions, so an open edit form is not refused because someone reordered meanwhile.
 */
export async function reorderCategories(c: CommandContext, input: { ids: string[] }): Promise<MenuCategory[]> {
  const { ids } = input;
  const rows = await c.tx
    .select()
    .from(menuCategories)
    .where(eq(menuCategories.restaurantId, c.restaurantId))
    .orderBy(asc(menuCategories.sortOrder), asc(menuCategories.createdAt));
  const byId = new Map(rows.map((r) => [r.id, r]));
  if (ids.length !== rows.length || new Set(ids).size !== ids.length || !ids.every((id) => byId.has(id))) {
    throw new HttpError(400, MENU_MESSAGES.reorderMismatch);
  }
  for (const [index, id] of ids.entries()) {
    if (byId.get(id)!.sortOrder !== index) await c.tx.update(menuCategories).set({ sortOrder: index }).where(eq(menuCategories.id, id));
  }
  await c.audit({
    action: 'menu.category.reorder',
    entity: 'menu_category',
    entityId: c.restaurantId,
    before: rows.map((r) => r.name),
    after: ids.map((id) => byId.get(id)!.name),
  });
  c.emit('menu');
  return ids.map((id, index) => presentCategory({ ...byId.get(id)!, sortOrder: index }));
}

/** New price of a bulk change: percent may have two decimals; rounded once, to the chosen step. */
export function changedPrice(priceKurus: number, percent: number, roundToKurus: number): number {
  const basisPoints = Math.round(percent * 100);
  const exact = (priceKurus * (10_000 + basisPoints)) / 10_000;
  return Math.max(0, Math.round(exact / roundToKurus) * roundToKurus);
}

/** Moves every price of a category by a percentage, all or nothing, one audit row per item. */
export async function changeCategoryPrices(
  c: CommandContext,
  input: { categoryId: string; percent: number; roundToKurus: number; allowZeroPrice?: boolean },
): Promise<{ updated: number }> {
  const category = await lockCategory(c, input.categoryId);
  const items = await c.tx.select().from(menuItems).where(eq(menuItems.categoryId, category.id));
  if (items.length === 0) throw new HttpError(400, MENU_MESSAGES.emptyCategory);
  const changes = items.map((item) => ({ item, price: changedPrice(item.priceKurus, input.percent, input.roundToKurus) }));
  const tooHigh = changes.find((ch) => ch.price > MAX_PRICE_KURUS);
  if (tooHigh) throw new HttpError(400, MENU_MESSAGES.priceChangeTooHigh(tooHigh.item.name));
  const moved = changes.filter((ch) => ch.price !== ch.item.priceKurus);
  // A cut with coarse rounding can bring a cheap dish to 0 (2 TL − 10 %, to 5 TL steps): free on the public menu.
  const zeroed = moved.filter((ch) => ch.price === 0);
  if (zeroed.length && !input.allowZeroPrice) throw new HttpError(400, MENU_MESSAGES.zeroPrices(zeroed.map((ch) => ch.item.name)));
  for (const { item, price } of moved) {
    await c.tx.update(menuItems).set({ priceKurus: price, version: item.version + 1 }).where(eq(menuItems.id, item.id));
  }
  const sign = input.percent > 0 ? '+' : '';
  await c.audit(
    moved.map(({ item, price }) => ({
      action: 'menu.item.price-change',
      entity: 'menu_item',
      entityId: item.id,
      before: { priceKurus: item.priceKurus },
      after: { priceKurus: price },
      reason: `${category.name}: %${sign}${input.percent}`,
    })),
  );
  c.emit('menu', category.id);
  return { updated: moved.length };
}
