import { and, asc, eq } from 'drizzle-orm';
import type { RecipeMode } from '../../../shared/recipes-contract';
import type { Db } from '../../db/client';
import { recipeLines, recipes } from '../../db/schema';

/**
 * The theoretical use of ingredients by sold lines, the one rule the report and the stock share.
 *
 * Recipe changes never rewrite history: a change closes the version in force (valid_to) and opens
 * the next (valid_from), and a line uses the version in force when its batch was sent. We keep
 * validity intervals instead of pinning a version id on each line at send, because the intervals
 * give the same answer without a write in the orders module on every Mutfağa Gönder (the hottest
 * write of the floor), and they also cover lines sent before the recipes existed.
 *
 * Quantities are summed in "micro" — thousandths of a milli — so a portion factor (1,5 = 1500
 * thousandths) times an integer milli stays an exact integer until the one division at the end.
 */

export interface RecipeVersion {
  id: string;
  menuItemId: string | null;
  optionId: string | null;
  version: number;
  mode: RecipeMode;
  factorMilli: number | null;
  factorText: string | null;
  validFrom: Date;
  validTo: Date | null;
  lines: { ingredientId: string; quantityMilli: number; isRemoved: boolean; enteredQuantity: string; enteredUnit: string }[];
}

export interface RecipeIndex {
  items: Map<string, RecipeVersion[]>;
  options: Map<string, RecipeVersion[]>;
}

/** Every recipe version of the restaurant (a few per dish and option: small), with its lines. */
export async function loadRecipeIndex(db: Db, restaurantId: string): Promise<RecipeIndex> {
  // one after the other: a bill's close reads it in its transaction (one connection)
  const heads = await db.select().from(recipes).where(eq(recipes.restaurantId, restaurantId)).orderBy(asc(recipes.validFrom));
  const lines = await db.select().from(recipeLines).where(and(eq(recipeLines.restaurantId, restaurantId))).orderBy(asc(recipeLines.sortOrder));
  const byRecipe = new Map<string, RecipeVersion['lines']>();
  for (const l of lines) {
    const list = byRecipe.get(l.recipeId) ?? [];
    list.push({ ingredientId: l.ingredientId, quantityMilli: l.quantityMilli, isRemoved: l.isRemoved, enteredQuantity: l.enteredQuantity, enteredUnit: l.enteredUnit });
    byRecipe.set(l.recipeId, list);
  }
  const index: RecipeIndex = { items: new Map(), options: new Map() };
  for (const h of heads) {
    const v: RecipeVersion = { ...h, mode: h.mode as RecipeMode, lines: byRecipe.get(h.id) ?? [] };
    const [map, key] = h.menuItemId ? [index.items, h.menuItemId] : [index.options, h.optionId!];
    const list = map.get(key) ?? [];
    list.push(v);
    map.set(key, list);
  }
  return index;
}

/** The version in force at `at`: valid_from ≤ at < valid_to. */
export function versionAt(versions: RecipeVersion[] | undefined, at: Date): RecipeVersion | null {
  if (!versions) return null;
  const t = at.getTime();
  for (let i = versions.length - 1; i >= 0; i--) {
    const v = versions[i];
    if (v.validFrom.getTime() <= t && (v.validTo === null || t < v.validTo.getTime())) return v;
  }
  return null;
}

export interface SoldLine {
  menuItemId: string | null;
  quantity: number;
  /** option ids chosen on the line (once per unit) */
  optionIds: string[];
  /** when the line's batch was sent (the line's add time when it never went through the kitchen) */
  sentAt: Date;
}

/**
 * What ONE unit of a line uses, in micro per ingredient, and whether the dish had a recipe then.
 * An option's lines count once per unit sold; the caller multiplies by the line's quantity.
 */
export function unitUse(line: Pick<SoldLine, 'menuItemId' | 'optionIds' | 'sentAt'>, index: RecipeIndex): { hasRecipe: boolean; micro: Map<string, number> } {
  const itemRecipe = line.menuItemId ? versionAt(index.items.get(line.menuItemId), line.sentAt) : null;
  const optionRecipes = line.optionIds.map((id) => versionAt(index.options.get(id), line.sentAt)).filter((v): v is RecipeVersion => v !== null && v.lines.length + (v.factorMilli ?? 0) > 0);
  const replacing = optionRecipes.find((v) => v.mode === 'replace');
  const base = replacing ?? itemRecipe;
  const micro = new Map<string, number>();
  const add = (ingredientId: string, amount: number) => micro.set(ingredientId, (micro.get(ingredientId) ?? 0) + amount);
  const removed = new Set(optionRecipes.flatMap((v) => v.lines.filter((l) => l.isRemoved).map((l) => l.ingredientId)));
  // several portion factors multiply (rare); each is thousandths
  let factor = 1000;
  for (const v of optionRecipes) if (v.mode === 'scale' && v.factorMilli) factor = Math.round((factor * v.factorMilli) / 1000);
  if (base) for (const l of base.lines) if (!l.isRemoved && !removed.has(l.ingredientId)) add(l.ingredientId, l.quantityMilli * (base === replacing ? 1000 : factor));
  for (const v of optionRecipes) {
    if (v === replacing) continue;
    for (const l of v.lines) if (!l.isRemoved) add(l.ingredientId, l.quantityMilli * 1000);
  }
  return { hasRecipe: base !== null && base.lines.length > 0, micro };
}
