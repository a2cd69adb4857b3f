import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { RecipeReportQuery, RecipeReportResponse } from '../../../shared/recipes-contract';
import { costOf, fromMilli, type Unit } from '../../../shared/units';
import type { Db } from '../../db/client';
import { ingredientMovements, ingredients } from '../../db/schema';

/** What both ways of making Reçete Raporu share: its ingredient table, its totals, the counts. */

type IngredientRow = typeof ingredients.$inferSelect;

/** kuruş per micro (thousandth of a milli) of an ingredient at today's average cost */
export const costPerMicro = (i: IngredientRow | undefined) => (i ? costOf(1, i.unitCost, i.unit as Unit) / 1000 : 0);

const milliPer = (unit: Unit) => Math.round(1 / fromMilli(1, unit));

/** Each ingredient used in the period (or counted in it): theoretical use, actual use and variance, cost. */
export function ingredientUse(rows: IngredientRow[], useMicro: Map<string, number>, actual: Map<string, number>): RecipeReportResponse['ingredients'] {
  return rows
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
        cost: Math.round(micro * costPerMicro(i)),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'tr'));
}

type Sold = { menuItemId: string | null; name: string; categoryName: string; sold: number; cost: number; revenue: number };

/** The response: dishes with their margin, categories and totals added up, the dishes without a recipe. */
export function presentReport(
  query: RecipeReportQuery,
  parts: { ingredients: RecipeReportResponse['ingredients']; items: Sold[]; withoutRecipe: RecipeReportResponse['withoutRecipe'] },
): RecipeReportResponse {
  const items = parts.items
    .map((i) => ({ ...i, cost: Math.round(i.cost), margin: i.revenue - Math.round(i.cost) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'tr'));
  const categories = new Map<string, { name: string; sold: number; cost: number; revenue: number; margin: number }>();
  for (const i of items) {
    const c = categories.get(i.categoryName) ?? { name: i.categoryName, sold: 0, cost: 0, revenue: 0, margin: 0 };
    c.sold += i.sold;
    c.cost += i.cost;
    c.revenue += i.revenue;
    c.margin += i.margin;
    categories.set(i.categoryName, c);
  }
  return {
    from: query.from,
    to: query.to,
    ingredients: parts.ingredients,
    items,
    categories: [...categories.values()].sort((a, b) => a.name.localeCompare(b.name, 'tr')),
    withoutRecipe: [...parts.withoutRecipe].sort((a, b) => b.sold - a.sold || a.name.localeCompare(b.name, 'tr')),
    totals: items.reduce((t, i) => ({ cost: t.cost + i.cost, revenue: t.revenue + i.revenue, margin: t.margin + i.margin }), { cost: 0, revenue: 0, margin: 0 }),
  };
}

/**
 * Actual use of each ingredient over [from, to): the last Sayım at or before `from`, plus the Alış
 * in between, minus the last Sayım in the period. Only ingredients with both counts get a figure.
 */
export async function actualUse(db: Db, restaurantId: string, ingredientIds: string[], from: Date, to: Date): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (ingredientIds.length === 0) return out;
  const moves = await db
    .select()
    .from(ingredientMovements)
    .where(and(eq(ingredientMovements.restaurantId, restaurantId), inArray(ingredientMovements.ingredientId, ingredientIds), lt(ingredientMovements.at, to)))
    .orderBy(asc(ingredientMovements.at), sql`${ingredientMovements.id}`);
  const byIngredient = new Map<string, typeof moves>();
  for (const m of moves) byIngredient.set(m.ingredientId, [...(byIngredient.get(m.ingredientId) ?? []), m]);
  for (const [id, list] of byIngredient) {
    const opening = list.filter((m) => m.kind === 'count' && m.at <= from).at(-1);
    const closing = list.filter((m) => m.kind === 'count' && m.at > from).at(-1);
    if (!opening || !closing) continue;
    const bought = list.filter((m) => m.kind === 'purchase' && m.at > opening.at && m.at <= closing.at).reduce((s, m) => s + m.quantityMilli, 0);
    out.set(id, opening.quantityMilli + bought - closing.quantityMilli);
  }
  return out;
}
