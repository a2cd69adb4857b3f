import { ingredients } from '../../db/schema';
import { menuFactory } from '../../test-support/factories';
import type { TestContext } from '../../test-support/test-app';

/**
 * Targets for the access table (route-matrix.test.ts): fresh rows of the caller's restaurant made
 * straight in the database — an ingredient (version 1, kg) and a dish with a Porsiyon option — so
 * an allowed caller's write succeeds whatever ran before.
 */
export function recipesMatrixFixtures(getCtx: () => TestContext) {
  let n = 0;
  return async ({ restaurantId }: { restaurantId: string }) => {
    const db = getCtx().database.db;
    const [ingredient] = await db.insert(ingredients).values({ restaurantId, name: `Matris Malzeme ${++n}`, unit: 'kg', unitCost: 10_000 }).returning();
    const menu = await menuFactory(getCtx(), restaurantId);
    return { ingredientId: ingredient.id, menuItemId: menu.items[0].id, optionId: menu.optionGroup!.options[1].id };
  };
}
