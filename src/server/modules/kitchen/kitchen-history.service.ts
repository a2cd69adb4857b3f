import { and, asc, desc, eq, gte, inArray, isNotNull, lt, ne, notExists, or, sql, type SQL } from 'drizzle-orm';
import { HISTORY_LIMIT, type HistoryBatch, type KitchenHistoryQuery, type KitchenHistoryResponse } from '../../../shared/kitchen-contract';
import { TICKET_TYPE_LABELS, TICKET_TYPES } from '../../../shared/ticket-contract';
import type { Db } from '../../db/client';
import { kitchenBatches, ticketLines, tickets } from '../../db/schema';
import { periodBounds } from '../../lib/business-day';
import { getRestaurantSettings } from '../settings';
import { groupCards, selectCardRows } from './kitchen-read.service';

const seconds = (from: string, to: string | null) => (to ? Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 1000)) : null);
const latest = (values: (string | null)[]) => values.filter((v): v is string => v !== null).sort().at(-1) ?? null;

/** Gel-Al / Paket Servis have no table: the filter matches their type label instead. */
function tableFilter(table: string | undefined): SQL | undefined {
  if (!table) return undefined;
  const type = TICKET_TYPES.find((t) => t !== 'table' && TICKET_TYPE_LABELS[t].toLocaleLowerCase('tr') === table.toLocaleLowerCase('tr'));
  return type ? eq(tickets.type, type) : sql`lower(${tickets.tableName}) = lower(${table})`;
}

/**
 * Completed kitchen cards (nothing left to make) of the period, newest first, with sent / ready /
 * served times and durations, and per item the average and 90th-percentile preparation time
 * (batch sent → line ready) over every matching line of the period.
 */
export async function kitchenHistory(db: Db, restaurantId: string, query: KitchenHistoryQuery): Promise<KitchenHistoryResponse> {
  const { value: settings } = await getRestaurantSettings(db, restaurantId);
  const period = periodBounds(query, settings.timeZone, settings.businessDayStartHour);
  const station = query.station ? eq(ticketLines.station, query.station) : undefined;
  const stillCooking = db
    .select({ one: sql`1` })
    .from(ticketLines)
    .where(and(eq(ticketLines.batchId, kitchenBatches.id), inArray(ticketLines.status, ['sent', 'preparing']), station));
  const matching = and(
    eq(ticketLines.restaurantId, restaurantId),
    gte(kitchenBatches.sentAt, period.from),
    lt(kitchenBatches.sentAt, period.to),
    station,
    tableFilter(query.table),
  );

  const batchIds = await db
    .selectDistinct({ id: kitchenBatches.id, sentAt: kitchenBatches.sentAt })
    .from(ticketLines)
    .innerJoin(kitchenBatches, eq(kitchenBatches.id, ticketLines.batchId))
    .innerJoin(tickets, eq(tickets.id, ticketLines.ticketId))
    .where(and(matching, notExists(stillCooking)))
    .orderBy(desc(kitchenBatches.sentAt), desc(kitchenBatches.id))
    .limit(HISTORY_LIMIT + 1);
  const isTruncated = batchIds.length > HISTORY_LIMIT;
  const ids = batchIds.slice(0, HISTORY_LIMIT).map((b) => b.id);

  const rows = ids.length
    ? await selectCardRows(db)
        .where(and(eq(ticketLines.restaurantId, restaurantId), inArray(ticketLines.batchId, ids), station, tableFilter(query.table)))
        .orderBy(desc(kitchenBatches.sentAt), desc(kitchenBatches.id), asc(ticketLines.sortOrder), asc(ticketLines.addedAt))
    : [];
  const batches: HistoryBatch[] = groupCards(rows).map((card) => {
    const made = card.lines.filter((l) => l.status !== 'cancelled');
    const readyAt = latest(made.map((l) => l.readyAt));
    const servedAt = made.length > 0 && made.every((l) => l.status === 'served') ? latest(made.map((l) => l.servedAt)) : null;
    return {
      ...card,
      readyAt,
      servedAt,
      prepSeconds: seconds(card.sentAt, readyAt),
      totalSeconds: seconds(card.sentAt, servedAt),
      // a closed bill's card is not taken back (POST …/recall refuses it too, as a serve is not undone)
      canRecall: !card.isTicketClosed && card.lines.some((l) => l.status === 'ready'),
    };
  });

  const prep = sql<number>`extract(epoch from (${ticketLines.readyAt} - ${kitchenBatches.sentAt}))`;
  const stats = await db
    .select({
      name: ticketLines.name,
      // portions, not lines: "2× Mercimek Çorbası" counts 2 (the table's column says Adet)
      count: sql<number>`coalesce(sum(${ticketLines.quantity}), 0)::int`,
      avgSeconds: sql<number>`round(avg(${prep}))::int`,
      p90Seconds: sql<number>`round(percentile_disc(0.9) within group (order by ${prep}))::int`,
    })
    .from(ticketLines)
    .innerJoin(kitchenBatches, eq(kitchenBatches.id, ticketLines.batchId))
    .innerJoin(tickets, eq(tickets.id, ticketLines.ticketId))
    .where(and(matching, isNotNull(ticketLines.readyAt), ne(ticketLines.status, 'cancelled'), or(eq(ticketLines.status, 'ready'), eq(ticketLines.status, 'served'))))
    .groupBy(ticketLines.name)
    .orderBy(desc(sql`sum(${ticketLines.quantity})`), asc(ticketLines.name));

  return { batches, stats, isTruncated };
}
