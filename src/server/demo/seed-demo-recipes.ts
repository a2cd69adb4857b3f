import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Unit } from '../../shared/units';
import type { CommandContext } from '../lib/command';
import { createIngredient, saveRecipe } from '../modules/recipes';
import { menuItems, optionGroups, options, recipes } from '../db/schema';

/** Malzemeler of the demo kitchen: name, stock unit, cost per unit in kuruş (late-2026 wholesale). */
const DEMO_INGREDIENTS: [string, Unit, number][] = [
  ['Tavuk göğsü', 'kg', 28_000],
  ['Kuzu eti', 'kg', 65_000],
  ['Dana kıyma', 'kg', 55_000],
  ['Nohut', 'kg', 9_000],
  ['Kırmızı mercimek', 'kg', 7_000],
  ['Pirinç', 'kg', 6_000],
  ['Patlıcan', 'kg', 4_000],
  ['Domates', 'kg', 3_500],
  ['Tereyağı', 'kg', 45_000],
  ['Tahin', 'kg', 25_000],
  ['Zeytinyağı', 'l', 40_000],
  ['Süzme yoğurt', 'kg', 9_000],
];

/** A portion of each dish that has a recipe in the demo: ingredient, quantity, unit as a cook writes it. */
const DEMO_RECIPES: Record<string, [string, string, Unit][]> = {
  'Mercimek Çorbası': [['Kırmızı mercimek', '60', 'g'], ['Tereyağı', '10', 'g']],
  'Tavuk Suyu Çorbası': [['Tavuk göğsü', '40', 'g'], ['Tereyağı', '5', 'g']],
  Humus: [['Nohut', '100', 'g'], ['Tahin', '30', 'g'], ['Zeytinyağı', '15', 'ml']],
  Haydari: [['Süzme yoğurt', '150', 'g']],
  'Patlıcan Salatası': [['Patlıcan', '250', 'g'], ['Zeytinyağı', '20', 'ml']],
  'Adana Kebap': [['Dana kıyma', '180', 'g'], ['Domates', '60', 'g']],
  'Kuzu Şiş': [['Kuzu eti', '200', 'g'], ['Pirinç', '80', 'g']],
  'Tavuk Şiş': [['Tavuk göğsü', '200', 'g'], ['Pirinç', '80', 'g']],
  'Izgara Köfte': [['Dana kıyma', '180', 'g']],
  'Etli Nohut': [['Nohut', '120', 'g'], ['Kuzu eti', '60', 'g'], ['Domates', '40', 'g'], ['Tereyağı', '10', 'g']],
  Karnıyarık: [['Patlıcan', '300', 'g'], ['Dana kıyma', '80', 'g'], ['Domates', '60', 'g']],
  'Hünkar Beğendi': [['Kuzu eti', '180', 'g'], ['Patlıcan', '250', 'g'], ['Tereyağı', '20', 'g']],
  'Tavuk Sote': [['Tavuk göğsü', '180', 'g'], ['Domates', '80', 'g'], ['Pirinç', '80', 'g'], ['Tereyağı', '15', 'g']],
};

/** Porsiyon choices scale the dish's recipe: 1,5 and 2 portions use that much more of everything. */
const DEMO_PORTION_FACTORS: Record<string, string> = { 'Porsiyon: 1,5': '1,5', 'Porsiyon: 2': '2' };

/**
 * The demo's Reçeteler, through the same commands the owner's screen uses, so Reçete Raporu and the
 * stock are not empty on a first start. The versions are dated a week back: the demo's bills of
 * today were cooked with them.
 */
export async function seedDemoRecipes(c: CommandContext) {
  const ingredientIds = new Map<string, string>();
  for (const [name, unit, unitCost] of DEMO_INGREDIENTS) ingredientIds.set(name, await createIngredient(c, { name, unit, unitCost }));

  const dishes = await c.tx
    .select({ id: menuItems.id, name: menuItems.name })
    .from(menuItems)
    .where(and(eq(menuItems.restaurantId, c.restaurantId), inArray(menuItems.name, Object.keys(DEMO_RECIPES))));
  for (const dish of dishes) {
    const lines = DEMO_RECIPES[dish.name].map(([ingredient, quantity, unit]) => ({ ingredientId: ingredientIds.get(ingredient)!, quantity, unit }));
    await saveRecipe(c, { kind: 'item', id: dish.id }, { version: 0, mode: 'add', lines });
  }
  const portions = await c.tx
    .select({ id: options.id, name: options.name })
    .from(options)
    .innerJoin(optionGroups, eq(optionGroups.id, options.groupId))
    .where(and(eq(optionGroups.restaurantId, c.restaurantId), inArray(options.name, Object.keys(DEMO_PORTION_FACTORS))));
  for (const option of portions) {
    await saveRecipe(c, { kind: 'option', id: option.id }, { version: 0, mode: 'scale', factor: DEMO_PORTION_FACTORS[option.name], lines: [] });
  }
  await c.tx.update(recipes).set({ validFrom: sql`now() - interval '7 days'` }).where(eq(recipes.restaurantId, c.restaurantId));
}
