import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { computeBill, type BillLine } from '../../../shared/bill-math';
import { businessDayBounds } from '../../../shared/domain/calendar';
import type { RecipeReportQuery, RecipeReportResponse } from '../../../shared/recipes-contract';
import type { Discount, LineStatus } from '../../../shared/ticket-contract';
import type { Db } from '../../db/client';
import { ingredients, kitchenBatches, menuCategories, menuItems, ticketLines, tickets } from '../../db/schema';
import { getRestaurantSettings } from '../settings';
import { loadRecipeIndex, unitUse, type RecipeIndex } from './consumption';
import { actualUse, costPerMicro as costOfMicro, ingredientUse, presentReport } from './recipe-report-parts';
import { readAll } from '../../lib/read-all';

interface LineRow {
  ticketId: string;
  menuItemId: string | null;
  name: string;
  unitPrice: number;
  quantity: number;
  status: string;
  isComp: boolean;
  discount: unknown;
  vatRate: number;
  options: unknown;
  sentAt: Date | null;
  addedAt: Date;
  ticketDiscount: unknown;
  serviceChargePercent: number;
}

const optionIdsOf = (options: unknown): string[] =>
  Array.isArray(options) ? options.map((o: { optionId?: string }) => o?.optionId).filter((id): id is string => typeof id === 'string') : [];

/**
 * Reçete Raporu computed from the sold lines themselves, as it was before the close kept its figures
 * (reports/recipe-figures.ts). Not used by the server: the property test proves the kept figures
 * give the same report, and the bench compares the two.
 *
 * The closed bills of business days `from`–`to` (by tickets.business_day, set at close; a bill closed
 * before that column was filled falls back to its closed_at within the days' bounds). Cancelled lines
 * are left out, İkram lines are in (the food went out, no revenue). Revenue is what the lines brought
 * after İkram and discounts (bill maths, KDV included, service charge apart). Ingredient costs are
 * today's average unit costs.
 */
export async function recipeReportFromLines(db: Db, restaurantId: string, query: RecipeReportQuery): Promise<RecipeReportResponse> {
  const { value: settings } = await getRestaurantSettings(db, restaurantId);
  const from = businessDayBounds(query.from, settings.timeZone, settings.businessDayStartHour).from;
  const to = businessDayBounds(query.to, settings.timeZone, settings.businessDayStartHour).to;

  const index = await loadRecipeIndex(db, restaurantId);
  const [ingredientRows, itemRows] = await readAll(db, [
    () => db.select().from(ingredients).where(eq(ingredients.restaurantId, restaurantId)),
    () => db
      .select({ id: menuItems.id, categoryName: menuCategories.name })
      .from(menuItems)
      .innerJoin(menuCategories, eq(menuCategories.id, menuItems.categoryId))
      .where(eq(menuItems.restaurantId, restaurantId)),
  ]);
  const ingredientById = new Map(ingredientRows.map((i) => [i.id, i]));
  const categoryOf = new Map(itemRows.map((i) => [i.id, i.categoryName]));
  const costPerMicro = (ingredientId: string) => costOfMicro(ingredientById.get(ingredientId));

  const useMicro = new Map<string, number>();
  const items = new Map<string, { menuItemId: string | null; name: string; categoryName: string; sold: number; cost: number; revenue: number }>();
  const without = new Map<string, { menuItemId: string | null; name: string; sold: number }>();
  // one unit's use per (dish, options, recipe versions): a month repeats the same few combinations
  const unitCache = new Map<string, ReturnType<typeof unitUse> & { cost: number }>();
  const account = (line: { menuItemId: string | null; name: string; options: unknown; sentAt: Date; quantity: number; revenue: number }) => {
    const use = cachedUse(unitCache, index, { menuItemId: line.menuItemId, optionIds: optionIdsOf(line.options), sentAt: line.sentAt }, costPerMicro);
    for (const [ingredientId, micro] of use.micro) useMicro.set(ingredientId, (useMicro.get(ingredientId) ?? 0) + micro * line.quantity);
    const key = line.menuItemId ?? `name:${line.name}`;
    if (!use.hasRecipe) {
      const w = without.get(key) ?? { menuItemId: line.menuItemId, name: line.name, sold: 0 };
      w.sold += line.quantity;
      without.set(key, w);
      return;
    }
    const item = items.get(key) ?? { menuItemId: line.menuItemId, name: line.name, categoryName: (line.menuItemId && categoryOf.get(line.menuItemId)) || 'Silinmiş ürünler', sold: 0, cost: 0, revenue: 0 };
    item.sold += line.quantity;
    item.cost += use.cost * line.quantity;
    item.revenue += line.revenue;
    items.set(key, item);
  };

  const inPeriod = sql`${tickets.restaurantId} = ${restaurantId} and ${tickets.status} = 'closed' and (
    (${tickets.businessDay} between ${query.from} and ${query.to})
    or (${tickets.businessDay} is null and ${tickets.closedAt} >= ${from.toISOString()} and ${tickets.closedAt} < ${to.toISOString()}))`;

  // Bills without any discount (nearly all): a line's revenue is its gross (0 for İkram), so the
  // database sums the lines per dish, options and recipe period (the instants where some recipe
  // version starts or ends cut time into periods with one set of versions each): a month of lines
  // comes back as a few hundred rows.
  const cuts = recipeCuts(index);
  const grouped = await db.transaction(async (tx) => {
    // a month is ~40k lines: enough memory to group them in a hash, and no JIT (its compile time,
    // ~200 ms, was most of the query's)
    await tx.execute(sql`set local work_mem = '32MB'`);
    await tx.execute(sql`set local jit = off`);
    return rowsOf<{ menu_item_id: string | null; name: string; options: unknown; at: string | Date; quantity: number | string; revenue: number | string; discounted_ticket: string | null }>(
      await tx.execute(sql`
        with period_lines as materialized (
          select l.ticket_id, l.menu_item_id, l.name, l.options, l.quantity, l.is_comp, l.unit_price_kurus, l.status,
                 (l.discount is not null or ${tickets.discount} is not null) as discounted, coalesce(b.sent_at, l.added_at) as sent_at
          from ${tickets} join ticket_lines l on l.ticket_id = ${tickets.id} left join kitchen_batches b on b.id = l.batch_id
          where ${inPeriod}),
        discounted as (select distinct ticket_id from period_lines where discounted)
        select menu_item_id, max(name) as name, options, min(sent_at) as at, sum(quantity) as quantity,
               sum(case when is_comp then 0 else unit_price_kurus::bigint * quantity end) as revenue, null::uuid as discounted_ticket
        from period_lines
        where status <> 'cancelled' and ticket_id not in (select ticket_id from discounted)
        group by menu_item_id, case when menu_item_id is null then name end, options, width_bucket(sent_at, ${cuts}::timestamptz[])
        union all
        -- the bills with a discount, read line by line below
        select null, null, null, null, null, null, ticket_id from discounted`),
    );
  });
  const discountedIds = grouped.flatMap((g) => (g.discounted_ticket ? [g.discounted_ticket] : []));
  for (const g of grouped) if (!g.discounted_ticket) account({ menuItemId: g.menu_item_id, name: g.name, options: g.options, sentAt: new Date(g.at), quantity: Number(g.quantity), revenue: Number(g.revenue) });

  // Bills with a discount: each line's share through the bill maths (never re-implemented here).
  const rows: LineRow[] = discountedIds.length === 0 ? [] : await db
    .select({
      ticketId: ticketLines.ticketId,
      menuItemId: ticketLines.menuItemId,
      name: ticketLines.name,
      unitPrice: ticketLines.unitPriceKurus,
      quantity: ticketLines.quantity,
      status: ticketLines.status,
      isComp: ticketLines.isComp,
      discount: ticketLines.discount,
      vatRate: ticketLines.vatRate,
      options: ticketLines.options,
      sentAt: kitchenBatches.sentAt,
      addedAt: ticketLines.addedAt,
      ticketDiscount: tickets.discount,
      serviceChargePercent: tickets.serviceChargePercent,
    })
    .from(tickets)
    .innerJoin(ticketLines, eq(ticketLines.ticketId, tickets.id))
    .leftJoin(kitchenBatches, eq(kitchenBatches.id, ticketLines.batchId))
    .where(and(eq(tickets.restaurantId, restaurantId), inArray(tickets.id, discountedIds)))
    .orderBy(asc(ticketLines.ticketId), asc(ticketLines.sortOrder));
  for (const ticketRows of groupByTicket(rows)) {
    const bill = computeBill({
      lines: ticketRows.map((r): BillLine => ({ unitPrice: r.unitPrice, quantity: r.quantity, status: r.status as LineStatus, isComp: r.isComp, discount: r.discount as Discount | null, vatRate: r.vatRate })),
      discount: ticketRows[0].ticketDiscount as Discount | null,
      serviceChargePercent: ticketRows[0].serviceChargePercent,
    });
    ticketRows.forEach((r, i) => {
      if (r.status === 'cancelled') return;
      const money = bill.lines[i];
      account({ menuItemId: r.menuItemId, name: r.name, options: r.options, sentAt: r.sentAt ?? r.addedAt, quantity: r.quantity, revenue: money.due - money.serviceCharge });
    });
  }

  const actual = await actualUse(db, restaurantId, [...ingredientById.keys()], from, to);
  return presentReport(query, {
    ingredients: ingredientUse(ingredientRows, useMicro, actual),
    items: [...items.values()],
    withoutRecipe: [...without.values()],
  });
}

/** node-postgres answers `{ rows }`, PGlite too; either way the rows. */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** Every instant a recipe version starts or ends, sorted, as a PostgreSQL array literal. */
function recipeCuts(index: RecipeIndex): string {
  const cuts = new Set<number>([0]);
  for (const versions of [...index.items.values(), ...index.options.values()]) {
    for (const v of versions) {
      cuts.add(v.validFrom.getTime());
      if (v.validTo) cuts.add(v.validTo.getTime());
    }
  }
  return `{${[...cuts].sort((a, b) => a - b).map((t) => `"${new Date(t).toISOString()}"`).join(',')}}`;
}

function* groupByTicket(rows: LineRow[]): Generator<LineRow[]> {
  let start = 0;
  for (let i = 1; i <= rows.length; i++) {
    if (i === rows.length || rows[i].ticketId !== rows[start].ticketId) {
      yield rows.slice(start, i);
      start = i;
    }
  }
}

function cachedUse(
  cache: Map<string, ReturnType<typeof unitUse> & { cost: number }>,
  index: RecipeIndex,
  line: { menuItemId: string | null; optionIds: string[]; sentAt: Date },
  costPerMicro: (ingredientId: string) => number,
) {
  // the versions in force decide the use: key on their ids, not on the time
  const versionKey = [line.menuItemId, ...line.optionIds].join('|') + '@' + versionIds(index, line).join('|');
  let hit = cache.get(versionKey);
  if (!hit) {
    const use = unitUse(line, index);
    let cost = 0;
    for (const [ingredientId, micro] of use.micro) cost += micro * costPerMicro(ingredientId);
    hit = { ...use, cost };
    cache.set(versionKey, hit);
  }
  return hit;
}

function versionIds(index: RecipeIndex, line: { menuItemId: string | null; optionIds: string[]; sentAt: Date }): string[] {
  const t = line.sentAt.getTime();
  const pick = (list: RecipeIndex['items'] extends Map<string, infer V> ? V | undefined : never) => {
    if (!list) return '-';
    for (let i = list.length - 1; i >= 0; i--) if (list[i].validFrom.getTime() <= t && (list[i].validTo === null || t < list[i].validTo!.getTime())) return list[i].id;
    return '-';
  };
  return [line.menuItemId ? pick(index.items.get(line.menuItemId)) : '-', ...line.optionIds.map((id) => pick(index.options.get(id)))];
}
