import { and, asc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import { RECIPE_LIMITS, RECIPE_MESSAGES, type RecipeBookResponse, type RecipeInfo, type SaveRecipeRequest } from '../../../shared/recipes-contract';
import { UNIT_MESSAGES, areCompatible, costOf, toMilli, type Unit } from '../../../shared/units';
import { isUuid } from '../../../shared/ids';
import type { Db } from '../../db/client';
import { ingredients, menuCategories, menuItemOptionGroups, menuItems, optionGroups, options, recipeLines, recipes } from '../../db/schema';
import { HttpError } from '../../errors';
import type { CommandContext } from '../../lib/command';
import { loadRecipeIndex, type RecipeVersion } from './consumption';
import { readAll } from '../../lib/read-all';

type Target = { kind: 'item'; id: string } | { kind: 'option'; id: string };

/** Reçeteler: every dish with its recipe in force and its options' recipes (menu order). */
export async function readRecipeBook(db: Db, restaurantId: string): Promise<RecipeBookResponse> {
  const [items, links, index, ingredientRows] = await readAll(db, [
    () => db
      .select({ id: menuItems.id, name: menuItems.name, priceKurus: menuItems.priceKurus, categoryName: menuCategories.name })
      .from(menuItems)
      .innerJoin(menuCategories, eq(menuCategories.id, menuItems.categoryId))
      .where(eq(menuItems.restaurantId, restaurantId))
      .orderBy(asc(menuCategories.sortOrder), asc(menuItems.sortOrder), asc(menuItems.name)),
    () => db
      .select({ itemId: menuItemOptionGroups.itemId, optionId: options.id, optionName: options.name, groupName: optionGroups.name })
      .from(menuItemOptionGroups)
      .innerJoin(optionGroups, eq(optionGroups.id, menuItemOptionGroups.groupId))
      .innerJoin(options, eq(options.groupId, optionGroups.id))
      .where(eq(optionGroups.restaurantId, restaurantId))
      .orderBy(asc(menuItemOptionGroups.sortOrder), asc(options.sortOrder)),
    () => loadRecipeIndex(db, restaurantId),
    () => db.select().from(ingredients).where(eq(ingredients.restaurantId, restaurantId)),
  ]);
  const byId = new Map(ingredientRows.map((i) => [i.id, i]));
  const current = (versions: RecipeVersion[] | undefined) => versions?.find((v) => v.validTo === null) ?? null;
  const present = (v: RecipeVersion | null): RecipeInfo | null => {
    if (!v) return null;
    const lines = v.lines.map((l) => {
      const i = byId.get(l.ingredientId);
      const cost = i && !l.isRemoved ? costOf(l.quantityMilli, i.unitCost, i.unit as Unit) : 0;
      return { ingredientId: l.ingredientId, ingredientName: i?.name ?? '?', quantity: l.enteredQuantity, unit: l.enteredUnit as Unit, remove: l.isRemoved, cost: Math.round(cost) };
    });
    return { version: v.version, mode: v.mode, factor: v.factorText, validFrom: v.validFrom.toISOString(), lines, cost: lines.reduce((s, l) => s + l.cost, 0) };
  };
  return {
    items: items.map((item) => ({
      menuItemId: item.id,
      name: item.name,
      categoryName: item.categoryName,
      priceKurus: item.priceKurus,
      recipe: present(current(index.items.get(item.id))),
      options: links
        .filter((l) => l.itemId === item.id)
        .map((l) => ({ optionId: l.optionId, groupName: l.groupName, name: l.optionName, recipe: present(current(index.options.get(l.optionId))) })),
    })),
  };
}

async function lockTarget(c: CommandContext, target: Target) {
  if (target.kind === 'item') {
    await c.lockOwned(menuItems, target.id, RECIPE_MESSAGES.itemNotFound);
    return;
  }
  // options belong to a group of the restaurant
  const [row] = isUuid(target.id)
    ? await c.tx
        .select({ id: options.id })
        .from(options)
        .innerJoin(optionGroups, eq(optionGroups.id, options.groupId))
        .where(and(eq(options.id, target.id), eq(optionGroups.restaurantId, c.restaurantId)))
        .for('update', { of: options })
    : [];
  if (!row) throw new HttpError(404, RECIPE_MESSAGES.optionNotFound);
}

/**
 * Saves a dish's or an option's recipe as a new version: the one in force ends now and the new one
 * starts now (the same instant, so every moment has exactly one version). Nothing is rewritten; the
 * report costs past lines with the version of their send. No lines (and no factor) ends the recipe.
 */
export async function saveRecipe(c: CommandContext, target: Target, req: SaveRecipeRequest) {
  await lockTarget(c, target);
  const targetWhere = target.kind === 'item' ? eq(recipes.menuItemId, target.id) : eq(recipes.optionId, target.id);
  const [latest] = await c.tx.select({ version: max(recipes.version) }).from(recipes).where(and(eq(recipes.restaurantId, c.restaurantId), targetWhere));
  const [open] = await c.tx.select().from(recipes).where(and(eq(recipes.restaurantId, c.restaurantId), targetWhere, isNull(recipes.validTo)));
  const currentVersion = open?.version ?? 0;
  if (req.version !== currentVersion) throw new HttpError(409, RECIPE_MESSAGES.recipeChanged);

  const mode = target.kind === 'item' ? 'add' : req.mode;
  if (target.kind === 'item' && req.lines.some((l) => l.remove)) throw new HttpError(400, RECIPE_MESSAGES.removeOnlyOnOptions);
  let factorMilli: number | null = null;
  if (mode === 'scale') {
    factorMilli = req.factor ? toMilli(req.factor, 'g') : null;
    if (!factorMilli || factorMilli > RECIPE_LIMITS.factorMax * 1000) throw new HttpError(400, RECIPE_MESSAGES.factorNeeded, { fields: { factor: RECIPE_MESSAGES.factorNeeded } });
  }
  const lines = await resolveLines(c, target, req.lines);

  // now() is the transaction's one instant: the old version ends exactly where the new one starts
  const at = sql`now()`;
  const before = open ? await linesOf(c.tx, open.id) : [];
  if (open) await c.tx.update(recipes).set({ validTo: at }).where(eq(recipes.id, open.id));
  const ends = lines.length === 0 && factorMilli === null;
  let version = currentVersion;
  if (!ends) {
    version = (latest?.version ?? 0) + 1;
    const [row] = await c.tx
      .insert(recipes)
      .values({
        restaurantId: c.restaurantId,
        menuItemId: target.kind === 'item' ? target.id : null,
        optionId: target.kind === 'option' ? target.id : null,
        version,
        mode,
        factorMilli,
        factorText: mode === 'scale' ? req.factor!.replace('.', ',') : null,
        validFrom: at,
        createdBy: c.actor.userId,
      })
      .returning({ id: recipes.id });
    if (lines.length) await c.tx.insert(recipeLines).values(lines.map((l, sortOrder) => ({ ...l, restaurantId: c.restaurantId, recipeId: row.id, sortOrder })));
  }
  await c.audit({
    action: ends ? 'recipe.end' : 'recipe.save',
    entity: target.kind === 'item' ? 'menu_item' : 'option',
    entityId: target.id,
    before: open ? { version: open.version, mode: open.mode, factor: open.factorText, lines: before } : null,
    after: ends ? null : { version, mode, factor: req.factor ?? null, lines: lines.map(({ ingredientId, enteredQuantity, enteredUnit, isRemoved }) => ({ ingredientId, quantity: enteredQuantity, unit: enteredUnit, remove: isRemoved })) },
  });
  c.emit('recipes', target.id);
}

async function linesOf(tx: Db, recipeId: string) {
  const rows = await tx.select().from(recipeLines).where(eq(recipeLines.recipeId, recipeId)).orderBy(asc(recipeLines.sortOrder));
  return rows.map((l) => ({ ingredientId: l.ingredientId, quantity: l.enteredQuantity, unit: l.enteredUnit, remove: l.isRemoved }));
}

/** Each line's ingredient must be this restaurant's, once, in a unit its stock unit converts to. */
async function resolveLines(c: CommandContext, target: Target, lines: SaveRecipeRequest['lines']) {
  // ingredients are never dishes, so a recipe cannot contain itself — but a client naming the dish
  // (or the option) as its own ingredient gets the clear answer, not "not found"
  if (lines.some((l) => l.ingredientId === target.id)) throw new HttpError(400, RECIPE_MESSAGES.selfReference);
  const ids = [...new Set(lines.map((l) => l.ingredientId))];
  if (ids.length !== lines.length) throw new HttpError(400, RECIPE_MESSAGES.duplicateIngredient);
  if (!ids.every(isUuid)) throw new HttpError(400, RECIPE_MESSAGES.ingredientNotFound);
  const rows = ids.length
    ? await c.tx.select().from(ingredients).where(and(eq(ingredients.restaurantId, c.restaurantId), inArray(ingredients.id, ids)))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return lines.map((l, i) => {
    const ingredient = byId.get(l.ingredientId);
    if (!ingredient) throw new HttpError(400, RECIPE_MESSAGES.ingredientNotFound, { fields: { [`lines.${i}.ingredientId`]: RECIPE_MESSAGES.ingredientNotFound } });
    if (!areCompatible(l.unit, ingredient.unit as Unit)) {
      throw new HttpError(400, `${UNIT_MESSAGES.incompatible} (${ingredient.name}: ${ingredient.unit})`, { fields: { [`lines.${i}.unit`]: UNIT_MESSAGES.incompatible } });
    }
    const quantityMilli = toMilli(l.quantity, l.unit);
    if (quantityMilli === null) throw new HttpError(400, UNIT_MESSAGES.badQuantity, { fields: { [`lines.${i}.quantity`]: UNIT_MESSAGES.badQuantity } });
    if (quantityMilli === 0 && !l.remove) throw new HttpError(400, 'Miktar sıfırdan büyük olmalı', { fields: { [`lines.${i}.quantity`]: 'Miktar sıfırdan büyük olmalı' } });
    return { ingredientId: l.ingredientId, quantityMilli, enteredQuantity: l.quantity.replace('.', ','), enteredUnit: l.unit, isRemoved: l.remove ?? false };
  });
}
