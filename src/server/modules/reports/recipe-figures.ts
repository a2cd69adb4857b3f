import type { Bill } from '../../../shared/bill-math';
import { unitUse } from '../recipes';
import type { BillData, FigureColumn } from './sales-figures';

/**
 * Reçete Raporu's figures, kept beside the sales figures by the same close, reopen and roll-up.
 * A line's use is final once it is sent (a recipe change starts now, never in the past), so what a
 * bill used is known at its close:
 * - `recipe_item` (key: the dish): units sold with a recipe and what they brought (bill maths,
 *   after İkram and discounts, KDV included, service charge apart);
 * - `recipe_use` (key: `<dish>|<ingredient>`, the dish empty for lines without a recipe): the use,
 *   in micro (thousandths of the stock unit's milli), in `quantity`;
 * - `recipe_missing` (key: the dish): units sold without a recipe, which the report flags.
 * Cancelled lines use nothing; İkram lines use their food and bring 0.
 */
export const RECIPE_DIMENSIONS = ['recipe_item', 'recipe_use', 'recipe_missing'] as const;
export type RecipeDimension = (typeof RECIPE_DIMENSIONS)[number];

type Add = (dim: RecipeDimension, key: string, values: Partial<Record<FigureColumn, number>>, label?: string) => void;

const optionIdsOf = (options: unknown): string[] =>
  Array.isArray(options) ? options.map((o: { optionId?: string }) => o?.optionId).filter((id): id is string => typeof id === 'string') : [];

export function recipeFigures(b: BillData, bill: Bill, add: Add) {
  b.lines.forEach((l, i) => {
    const money = bill.lines[i];
    if (money.isCancelled) return;
    const sentAt = (l.batchId && b.sentAt.get(l.batchId)) || l.addedAt;
    const use = unitUse({ menuItemId: l.menuItemId, optionIds: optionIdsOf(l.options), sentAt }, b.recipes);
    const dish = l.menuItemId ?? `name:${l.name}`;
    if (use.hasRecipe) add('recipe_item', dish, { quantity: l.quantity, net: money.due - money.serviceCharge }, l.name);
    else add('recipe_missing', dish, { quantity: l.quantity }, l.name);
    for (const [ingredientId, micro] of use.micro) add('recipe_use', `${use.hasRecipe ? dish : ''}|${ingredientId}`, { quantity: micro * l.quantity });
  });
}
