import { eq, sql } from 'drizzle-orm';
import { businessDayBounds } from '../../../shared/domain/calendar';
import type { RecipeReportQuery, RecipeReportResponse } from '../../../shared/recipes-contract';
import type { Db } from '../../db/client';
import { ingredients, menuCategories, menuItems } from '../../db/schema';
import { RECIPE_DIMENSIONS } from './recipe-figures';
import { periodRows } from './sales-report.service';
import { getRestaurantSettings } from '../settings';
import { actualUse, costPerMicro, ingredientUse, presentReport } from '../recipes';
import { readAll } from '../../lib/read-all';

/**
 * Reçete Raporu for business days `from`–`to`, from the figures each close kept
 * (reports/recipe-figures.ts: what the bill's lines used by the recipe in force at their send, what
 * they brought, the dishes sold without a recipe), summed over the days like the sales report. Costs
 * are today's average unit costs. Cancelled lines are out, İkram lines in (the food went out, no
 * revenue). recipe-report.property.test.ts proves it equal to the same report made from the lines.
 */
export async function recipeReport(db: Db, restaurantId: string, query: RecipeReportQuery): Promise<RecipeReportResponse> {
  const { value: settings } = await getRestaurantSettings(db, restaurantId);
  const from = businessDayBounds(query.from, settings.timeZone, settings.businessDayStartHour).from;
  const to = businessDayBounds(query.to, settings.timeZone, settings.businessDayStartHour).to;

  const [ingredientRows, itemRows, figures] = await readAll(db, [
    () => db.select().from(ingredients).where(eq(ingredients.restaurantId, restaurantId)),
    () => db
      .select({ id: menuItems.id, categoryName: menuCategories.name })
      .from(menuItems)
      .innerJoin(menuCategories, eq(menuCategories.id, menuItems.categoryId))
      .where(eq(menuItems.restaurantId, restaurantId)),
    () => db.execute(
      sql`select dim, key, max(label) as label, sum(quantity::float8) as quantity, sum(net::float8) as net
          from (${periodRows(restaurantId, RECIPE_DIMENSIONS, query.from, query.to)}) f group by dim, key`,
    ),
  ]);
  const rows = ((figures as { rows?: unknown[] }).rows ?? figures) as { dim: string; key: string; label: string; quantity: number; net: number }[];
  const ingredientById = new Map(ingredientRows.map((i) => [i.id, i]));
  const categoryOf = new Map(itemRows.map((i) => [i.id, i.categoryName]));

  const useMicro = new Map<string, number>();
  const dishCost = new Map<string, number>();
  for (const r of rows.filter((x) => x.dim === 'recipe_use')) {
    const cut = r.key.lastIndexOf('|');
    const [dish, ingredientId] = [r.key.slice(0, cut), r.key.slice(cut + 1)];
    const micro = Number(r.quantity);
    useMicro.set(ingredientId, (useMicro.get(ingredientId) ?? 0) + micro);
    if (dish) dishCost.set(dish, (dishCost.get(dish) ?? 0) + micro * costPerMicro(ingredientById.get(ingredientId)));
  }
  const menuItemIdOf = (key: string) => (key.startsWith('name:') ? null : key);

  const actual = await actualUse(db, restaurantId, [...ingredientById.keys()], from, to);
  return presentReport(query, {
    ingredients: ingredientUse(ingredientRows, useMicro, actual),
    items: rows
      .filter((r) => r.dim === 'recipe_item' && Number(r.quantity) !== 0)
      .map((r) => {
        const menuItemId = menuItemIdOf(r.key);
        const categoryName = (menuItemId && categoryOf.get(menuItemId)) || 'Silinmiş ürünler';
        return { menuItemId, name: r.label, categoryName, sold: Number(r.quantity), cost: dishCost.get(r.key) ?? 0, revenue: Number(r.net) };
      }),
    withoutRecipe: rows
      .filter((r) => r.dim === 'recipe_missing' && Number(r.quantity) !== 0)
      .map((r) => ({ menuItemId: menuItemIdOf(r.key), name: r.label, sold: Number(r.quantity) })),
  });
}
