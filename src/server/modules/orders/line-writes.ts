import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { LineStatus } from '../../../shared/ticket-contract';
import { ticketLines } from '../../db/schema';
import type { CommandContext } from '../../lib/command';
import type { PricedLine } from './price-lines';

/*
 * The order lines are the orders module's table: every other module writes them through these
 * functions (the kitchen moves them on, the bill discounts, comps, splits and pays them, online
 * orders bring and cancel them). Each runs inside the caller's command, under its locks, and does
 * only the write: the checks, the audit and the live event stay with the caller, who knows why.
 */

type LineRow = typeof ticketLines.$inferSelect;

/**
 * The kitchen's steps and the waiter's Servis Edildi / Geri Al, with the times each step stamps:
 * straight from Bekliyor to Hazır, a line was being prepared until now.
 */
const STEP_TIMES = {
  preparing: () => ({ status: 'preparing' as const, preparingAt: new Date() }),
  ready: () => ({ status: 'ready' as const, readyAt: new Date(), preparingAt: sql`coalesce(${ticketLines.preparingAt}, now())` }),
  served: () => ({ status: 'served' as const, servedAt: new Date() }),
  /** Geri Al after a mistaken Servis Edildi */
  unserved: () => ({ status: 'ready' as const, servedAt: null }),
  /** the kitchen takes a Hazır batch back (recall) */
  recalled: () => ({ status: 'preparing' as const, readyAt: null }),
} satisfies Record<string, () => Partial<Record<keyof LineRow, unknown>> & { status: LineStatus }>;

export type LineStep = keyof typeof STEP_TIMES;

/** Moves these lines one step on (or back), stamping its time. */
export async function stepLines(c: CommandContext, lineIds: readonly string[], step: LineStep) {
  if (lineIds.length === 0) return;
  await c.tx
    .update(ticketLines)
    .set(STEP_TIMES[step]())
    .where(and(eq(ticketLines.restaurantId, c.restaurantId), inArray(ticketLines.id, [...lineIds])));
}

/** The lines a payment settled (Ürüne göre öde). */
export async function markLinesPaid(c: CommandContext, lineIds: readonly string[], paymentId: string) {
  if (lineIds.length === 0) return;
  await c.tx
    .update(ticketLines)
    .set({ paymentId })
    .where(and(eq(ticketLines.restaurantId, c.restaurantId), inArray(ticketLines.id, [...lineIds])));
}

/**
 * Part of a line becomes a line of its own right after it (to comp, cancel or pay part of it):
 * `kept` stays on the line, `part` goes to the copy with `set` applied. Answers the copy's id.
 */
export async function splitLineRow(
  c: CommandContext,
  line: LineRow,
  kept: Pick<LineRow, 'quantity' | 'discount'>,
  part: Pick<LineRow, 'quantity' | 'discount'>,
  set: LineBillFields,
): Promise<string> {
  await c.tx.update(ticketLines).set({ quantity: kept.quantity, discount: kept.discount }).where(eq(ticketLines.id, line.id));
  await c.tx
    .update(ticketLines)
    .set({ sortOrder: sql`${ticketLines.sortOrder} + 1` })
    .where(and(eq(ticketLines.ticketId, line.ticketId), gt(ticketLines.sortOrder, line.sortOrder)));
  const { id: _id, ...copy } = line;
  const [row] = await c.tx
    .insert(ticketLines)
    .values({ ...copy, sortOrder: line.sortOrder + 1, quantity: part.quantity, discount: part.discount, ...set })
    .returning({ id: ticketLines.id });
  return row.id;
}

/** What the bill changes on a line: İkram, İptal with its reason, its discount. */
export type LineBillFields = Partial<Pick<LineRow, 'isComp' | 'compReason' | 'status' | 'cancelledAt' | 'cancelReason' | 'discount'>>;

/** Changes a whole line's bill fields in place. */
export async function setLineFields(c: CommandContext, lineId: string, set: LineBillFields) {
  if (Object.keys(set).length === 0) return;
  await c.tx.update(ticketLines).set(set).where(and(eq(ticketLines.restaurantId, c.restaurantId), eq(ticketLines.id, lineId)));
}

/** An accepted online order's dishes, priced as the order stored them, onto its new ticket. */
export async function insertPricedLines(c: CommandContext, ticketId: string, lines: readonly PricedLine[]) {
  if (lines.length === 0) return;
  await c.tx.insert(ticketLines).values(
    lines.map((l, i) => ({
      restaurantId: c.restaurantId,
      ticketId,
      menuItemId: l.menuItemId,
      name: l.name,
      unitPriceKurus: l.unitPriceKurus,
      options: l.options,
      quantity: l.quantity,
      note: l.note,
      vatRate: l.vatRate,
      station: l.station,
      sortOrder: i,
      addedBy: c.actor.userId,
    })),
  );
}

/** The station of a line no kitchen makes (a charge such as a delivery fee): what follows the cooking leaves it out. */
export const NO_STATION = '';

/**
 * A charge that is no dish (an online order's delivery fee): one line on the bill, at its VAT rate,
 * already served and of NO_STATION, so it never reaches the kitchen, never waits to be sent and
 * never counts as the kitchen's progress.
 */
export async function insertChargeLine(c: CommandContext, ticketId: string, charge: { name: string; amountKurus: number; vatRate: number; sortOrder: number }) {
  await c.tx.insert(ticketLines).values({
    restaurantId: c.restaurantId,
    ticketId,
    menuItemId: null,
    name: charge.name,
    unitPriceKurus: charge.amountKurus,
    options: [],
    quantity: 1,
    note: null,
    vatRate: charge.vatRate,
    station: NO_STATION,
    status: 'served',
    servedAt: new Date(),
    sortOrder: charge.sortOrder,
    addedBy: c.actor.userId,
  });
}

/** Every line of the ticket not cancelled yet, cancelled with the reason (a platform's or customer's cancellation). */
export async function cancelAllLines(c: CommandContext, ticketId: string, reason: string, at: Date) {
  return c.tx
    .update(ticketLines)
    .set({ status: 'cancelled', cancelledAt: at, cancelReason: reason })
    .where(and(eq(ticketLines.restaurantId, c.restaurantId), eq(ticketLines.ticketId, ticketId), ne(ticketLines.status, 'cancelled')))
    .returning({ id: ticketLines.id, name: ticketLines.name, quantity: ticketLines.quantity });
}

/** The demo's history (demo/seed-demo-service.ts): its tickets' lines as if cooked and served at those times. */
export async function stampLinesForDemo(
  c: CommandContext,
  ticketId: string,
  set: Partial<Pick<LineRow, 'status' | 'addedAt' | 'preparingAt' | 'readyAt' | 'servedAt'>>,
) {
  await c.tx.update(ticketLines).set(set).where(and(eq(ticketLines.restaurantId, c.restaurantId), eq(ticketLines.ticketId, ticketId)));
}
