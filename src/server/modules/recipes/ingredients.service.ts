import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  RECIPE_MESSAGES,
  type CountRequest,
  type CreateIngredientRequest,
  type IngredientInfo,
  type PurchaseRequest,
  type UpdateIngredientRequest,
} from '../../../shared/recipes-contract';
import { UNIT_MESSAGES, areCompatible, averageCost, fromMilli, toMilli, type Unit } from '../../../shared/units';
import type { Db } from '../../db/client';
import { ingredientMovements, ingredients, recipeLines, recipes } from '../../db/schema';
import { HttpError } from '../../errors';
import type { CommandContext } from '../../lib/command';
import { assertNameFree } from '../../lib/names';
import { stockOnHand } from './stock';
import { readAll } from '../../lib/read-all';

const round6 = (n: number) => Math.round(n * 1_000_000) / 1_000_000;

/** Malzemeler: every ingredient with its stock on hand, sorted the Turkish way (Ç after C, İ after I). */
export async function listIngredients(db: Db, restaurantId: string): Promise<IngredientInfo[]> {
  const [rows, stock, uses] = await readAll(db, [
    () => db.select().from(ingredients).where(eq(ingredients.restaurantId, restaurantId)),
    () => stockOnHand(db, restaurantId),
    () => db
      .select({ ingredientId: recipeLines.ingredientId, count: sql<number>`count(distinct ${recipes.id})::int` })
      .from(recipeLines)
      .innerJoin(recipes, eq(recipes.id, recipeLines.recipeId))
      .where(and(eq(recipeLines.restaurantId, restaurantId), isNull(recipes.validTo)))
      .groupBy(recipeLines.ingredientId),
  ]);
  const useCount = new Map(uses.map((u) => [u.ingredientId, u.count]));
  return rows
    .map((r) => {
      const s = stock.get(r.id);
      return {
        id: r.id,
        name: r.name,
        unit: r.unit as Unit,
        unitCost: round6(r.unitCost),
        stock: s?.milli == null ? null : fromMilli(s.milli, r.unit as Unit),
        lastCountAt: s?.lastCountAt?.toISOString() ?? null,
        recipeCount: useCount.get(r.id) ?? 0,
        version: r.version,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'tr'));
}

const auditView = (r: typeof ingredients.$inferSelect) => ({ name: r.name, unit: r.unit, unitCost: r.unitCost });

export async function createIngredient(c: CommandContext, req: CreateIngredientRequest): Promise<string> {
  await assertNameFree(c, ingredients, req.name, RECIPE_MESSAGES.ingredientNameTaken);
  const [row] = await c.tx.insert(ingredients).values({ restaurantId: c.restaurantId, name: req.name, unit: req.unit, unitCost: req.unitCost }).returning();
  await c.audit({ action: 'ingredient.create', entity: 'ingredient', entityId: row.id, after: auditView(row) });
  c.emit('recipes', row.id);
  return row.id;
}

export async function updateIngredient(c: CommandContext, id: string, req: UpdateIngredientRequest) {
  const row = await c.lockOwned(ingredients, id, RECIPE_MESSAGES.ingredientNotFound);
  c.assertVersion(row, req.version);
  if (req.name !== undefined) await assertNameFree(c, ingredients, req.name, RECIPE_MESSAGES.ingredientNameTaken, { exceptId: row.id });
  // recipes keep their quantities in the base unit: g↔kg is a display change, g→ml would change meaning
  if (req.unit !== undefined && !areCompatible(req.unit, row.unit as Unit) && (await isUsed(c.tx, row.id))) throw new HttpError(400, RECIPE_MESSAGES.unitChangeInUse);
  const next = { name: req.name ?? row.name, unit: req.unit ?? row.unit, unitCost: req.unitCost ?? row.unitCost };
  await c.tx.update(ingredients).set({ ...next, version: sql`${ingredients.version} + 1` }).where(eq(ingredients.id, row.id));
  await c.audit({ action: 'ingredient.update', entity: 'ingredient', entityId: row.id, before: auditView(row), after: next });
  c.emit('recipes', row.id);
}

async function isUsed(tx: Db, ingredientId: string) {
  const [used] = await tx.select({ id: recipeLines.id }).from(recipeLines).where(eq(recipeLines.ingredientId, ingredientId)).limit(1);
  return used !== undefined;
}

/** Only an ingredient no recipe version ever named: an old version still explains old sales. */
export async function deleteIngredient(c: CommandContext, id: string, version: number | undefined) {
  const row = await c.lockOwned(ingredients, id, RECIPE_MESSAGES.ingredientNotFound);
  c.assertVersion(row, version);
  if (await isUsed(c.tx, row.id)) throw new HttpError(409, RECIPE_MESSAGES.ingredientInUse);
  await c.tx.delete(ingredients).where(eq(ingredients.id, row.id));
  await c.audit({ action: 'ingredient.delete', entity: 'ingredient', entityId: row.id, before: auditView(row) });
  c.emit('recipes', row.id);
}

function milliIn(quantity: string, unit: Unit, stockUnit: Unit): number {
  if (!areCompatible(unit, stockUnit)) throw new HttpError(400, UNIT_MESSAGES.incompatible, { fields: { unit: UNIT_MESSAGES.incompatible } });
  const milli = toMilli(quantity, unit);
  if (milli === null) throw new HttpError(400, UNIT_MESSAGES.badQuantity, { fields: { quantity: UNIT_MESSAGES.badQuantity } });
  return milli;
}

/** Alış: the stock grows and the unit cost becomes the weighted average of what is on hand and what was bought. */
export async function recordPurchase(c: CommandContext, id: string, req: PurchaseRequest) {
  const row = await c.lockOwned(ingredients, id, RECIPE_MESSAGES.ingredientNotFound);
  c.assertVersion(row, req.version);
  const unit = row.unit as Unit;
  const milli = milliIn(req.quantity, req.unit, unit);
  const onHand = (await stockOnHand(c.tx, c.restaurantId)).get(row.id)?.milli ?? 0;
  const unitCost = averageCost(onHand, row.unitCost, milli, req.totalKurus, unit);
  await c.tx.insert(ingredientMovements).values({
    restaurantId: c.restaurantId,
    ingredientId: row.id,
    kind: 'purchase',
    quantityMilli: milli,
    totalKurus: req.totalKurus,
    enteredQuantity: req.quantity,
    enteredUnit: req.unit,
    createdBy: c.actor.userId,
  });
  await c.tx.update(ingredients).set({ unitCost, version: sql`${ingredients.version} + 1` }).where(eq(ingredients.id, row.id));
  await c.audit({
    action: 'ingredient.purchase',
    entity: 'ingredient',
    entityId: row.id,
    before: { unitCost: row.unitCost, onHandMilli: onHand },
    after: { quantity: req.quantity, unit: req.unit, totalKurus: req.totalKurus, unitCost },
  });
  c.emit('recipes', row.id);
}

/** Sayım: what is on the shelf now; the stock starts again from it. */
export async function recordCount(c: CommandContext, id: string, req: CountRequest) {
  const row = await c.lockOwned(ingredients, id, RECIPE_MESSAGES.ingredientNotFound);
  c.assertVersion(row, req.version);
  const milli = milliIn(req.quantity, req.unit, row.unit as Unit);
  const onHand = (await stockOnHand(c.tx, c.restaurantId)).get(row.id)?.milli ?? null;
  await c.tx.insert(ingredientMovements).values({
    restaurantId: c.restaurantId,
    ingredientId: row.id,
    kind: 'count',
    quantityMilli: milli,
    enteredQuantity: req.quantity,
    enteredUnit: req.unit,
    createdBy: c.actor.userId,
  });
  await c.tx.update(ingredients).set({ version: sql`${ingredients.version} + 1` }).where(eq(ingredients.id, row.id));
  await c.audit({ action: 'ingredient.count', entity: 'ingredient', entityId: row.id, before: { onHandMilli: onHand }, after: { quantity: req.quantity, unit: req.unit } });
  c.emit('recipes', row.id);
}
