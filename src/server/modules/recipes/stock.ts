import { and, asc, eq, gte, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ingredientMovements, kitchenBatches, ticketLines } from '../../db/schema';
import { loadRecipeIndex, unitUse } from './consumption';

export interface StockFigure {
  /** milli on hand; null when the ingredient has no Sayım and no Alış yet */
  milli: number | null;
  lastCountAt: Date | null;
}

const optionIds = (options: unknown): string[] =>
  Array.isArray(options) ? options.map((o: { optionId?: string }) => o?.optionId).filter((id): id is string => typeof id === 'string') : [];

/**
 * Stock on hand per ingredient: the last Sayım (or nothing before the first Alış) + every Alış
 * since − the theoretical use of the lines sent since (any ticket, open or closed; cancelled lines
 * out), with the recipe versions in force when each was sent.
 */
export async function stockOnHand(db: Db, restaurantId: string): Promise<Map<string, StockFigure>> {
  const moves = await db
    .select()
    .from(ingredientMovements)
    .where(eq(ingredientMovements.restaurantId, restaurantId))
    .orderBy(asc(ingredientMovements.at));
  const baseline = new Map<string, { since: Date; milli: number; lastCountAt: Date | null }>();
  for (const m of moves) {
    const b = baseline.get(m.ingredientId);
    if (m.kind === 'count') baseline.set(m.ingredientId, { since: m.at, milli: m.quantityMilli, lastCountAt: m.at });
    else if (b) b.milli += m.quantityMilli;
    else baseline.set(m.ingredientId, { since: m.at, milli: m.quantityMilli, lastCountAt: null });
  }
  const out = new Map<string, StockFigure>();
  if (baseline.size === 0) return out;
  const earliest = new Date(Math.min(...[...baseline.values()].map((b) => b.since.getTime())));
  const lines = await db
    .select({ menuItemId: ticketLines.menuItemId, quantity: ticketLines.quantity, options: ticketLines.options, sentAt: kitchenBatches.sentAt })
    .from(ticketLines)
    .innerJoin(kitchenBatches, eq(kitchenBatches.id, ticketLines.batchId))
    .where(and(eq(ticketLines.restaurantId, restaurantId), ne(ticketLines.status, 'cancelled'), gte(kitchenBatches.sentAt, earliest)));
  const index = await loadRecipeIndex(db, restaurantId);
  const usedMicro = new Map<string, number>();
  for (const l of lines) {
    const use = unitUse({ menuItemId: l.menuItemId, optionIds: optionIds(l.options), sentAt: l.sentAt }, index);
    for (const [ingredientId, micro] of use.micro) {
      const b = baseline.get(ingredientId);
      // a line sent before the ingredient's baseline is already in that count
      if (!b || l.sentAt < b.since) continue;
      usedMicro.set(ingredientId, (usedMicro.get(ingredientId) ?? 0) + micro * l.quantity);
    }
  }
  for (const [id, b] of baseline) out.set(id, { milli: b.milli - Math.round((usedMicro.get(id) ?? 0) / 1000), lastCountAt: b.lastCountAt });
  return out;
}
