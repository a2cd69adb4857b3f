import { eq, sql } from 'drizzle-orm';
import { businessDayBounds } from '../../../shared/business-day';
import type { RecipeReportQuery, RecipeReportResponse } from '../../../shared/recipes-contract';
import { costOf, fromMilli, type Unit } from '../../../shared/units';
import type { Db } from '../../db/client';
import { ingredients, menuCategories, menuItems } from '../../db/schema';
import { RECIPE_DIMENSIONS } from '../reports/recipe-figures';
import { periodRows } from '../reports/sales-report.service';
import { getRestaurantSettings } from '../settings/restaurant-settings.service';
import { actualUse, milliPer } from './recipe-report-from-lines';

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

  const [ingredientRows, itemRows, figures] = await Promise.all([
    db.select().from(ingredients).where(eq(ingredients.restaurantId, restaurantId)),
    db
      .select({ id: menuItems.id, categoryName: menuCategories.name })
      .from(menuItems)
      .innerJoin(menuCategories, eq(menuCategories.id, menuItems.categoryId))
      .where(eq(menuItems.restaurantId, restaurantId)),
    db.execute(
      sql`select dim, key, max(label) as label, sum(quantity::float8) as quantity, sum(net::float8) as net
          from (${periodRows(restaurantId, RECIPE_DIMENSIONS, query.from, query.to)}) f group by dim, key`,
    ),
  ]);
  const rows = ((figures as { rows?: unknown[] }).rows ?? figures) as { dim: string; key: string; label: string; quantity: number; net: number }[];
  const ingredientById = new Map(ingredientRows.map((i) => [i.id, i]));
  const categoryOf = new Map(itemRows.map((i) => [i.id, i.categoryName]));
  /** kuruş per micro of each ingredient at today's cost */
  const costPerMicro = (ingredientId: string) => {
    const i = ingredientById.get(ingredientId);
    return i ? costOf(1, i.unitCost, i.unit as Unit) / 1000 : 0;
  };

  const useMicro = new Map<string, number>();
  const dishCost = new Map<string, number>();
  for (const r of rows.filter((x) => x.dim === 'recipe_use')) {
    const cut = r.key.lastIndexOf('|');
    const [dish, ingredientId] = [r.key.slice(0, cut), r.key.slice(cut + 1)];
    const micro = Number(r.quantity);
    useMicro.set(ingredientId, (useMicro.get(ingredientId) ?? 0) + micro);
    if (dish) dishCost.set(dish, (dishCost.get(dish) ?? 0) + micro * costPerMicro(ingredientId));
  }
  const menuItemIdOf = (key: string) => (key.startsWith('name:') ? null : key);

  const actual = await actualUse(db, restaurantId, [...ingredientById.keys()], from, to);
  const ingredientsOut = ingredientRows
    .filter((i) => useMicro.has(i.id) || actual.has(i.id))
    .map((i) => {
      const micro = useMicro.get(i.id) ?? 0;
      const unit = i.unit as Unit;
      const actualMilli = actual.get(i.id);
      return {
        id: i.id,
        name: i.name,
        unit,
        theoretical: micro / (1000 * milliPer(unit)),
        actual: actualMilli === undefined ? null : fromMilli(actualMilli, unit),
        variance: actualMilli === undefined ? null : (actualMilli * 1000 - micro) / (1000 * milliPer(unit)),
        cost: Math.round(micro * costPerMicro(i.id)),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'tr'));

  const itemsOut = rows
    .filter((r) => r.dim === 'recipe_item' && Number(r.quantity) !== 0)
    .map((r) => {
      const menuItemId = menuItemIdOf(r.key);
      const cost = Math.round(dishCost.get(r.key) ?? 0);
      const revenue = Number(r.net);
      return { menuItemId, name: r.label, categoryName: (menuItemId && categoryOf.get(menuItemId)) || 'Silinmiş ürünler', sold: Number(r.quantity), cost, revenue, margin: revenue - cost };
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'tr'));
  const categories = new Map<string, { name: string; sold: number; cost: number; revenue: number; margin: number }>();
  for (const i of itemsOut) {
    const c = categories.get(i.categoryName) ?? { name: i.categoryName, sold: 0, cost: 0, revenue: 0, margin: 0 };
    c.sold += i.sold;
    c.cost += i.cost;
    c.revenue += i.revenue;
    c.margin += i.margin;
    categories.set(i.categoryName, c);
  }
  const totals = itemsOut.reduce((t, i) => ({ cost: t.cost + i.cost, revenue: t.revenue + i.revenue, margin: t.margin + i.margin }), { cost: 0, revenue: 0, margin: 0 });
  const withoutRecipe = rows
    .filter((r) => r.dim === 'recipe_missing' && Number(r.quantity) !== 0)
    .map((r) => ({ menuItemId: menuItemIdOf(r.key), name: r.label, sold: Number(r.quantity) }))
    .sort((a, b) => b.sold - a.sold || a.name.localeCompare(b.name, 'tr'));
  return {
    from: query.from,
    to: query.to,
    ingredients: ingredientsOut,
    items: itemsOut,
    categories: [...categories.values()].sort((a, b) => a.name.localeCompare(b.name, 'tr')),
    withoutRecipe,
    totals,
  };
}
