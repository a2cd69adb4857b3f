import { and, asc, eq, gt, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { KitchenAlert, KitchenLine, KitchenOrder, KitchenOrdersQuery, ReadyLine } from '../../../shared/kitchen-contract';
import { ACTIVE_KITCHEN_STATUSES, UNACKNOWLEDGED_ALERT_SECONDS } from '../../../shared/kitchen-contract';
import type { LineStatus, TicketType } from '../../../shared/ticket-contract';
import type { Db } from '../../db/client';
import { kitchenAcks, kitchenBatches, onlineOrders, ticketLines, tickets, users } from '../../db/schema';

const waiter = alias(users, 'waiter');
const sender = alias(users, 'sender');

/** Ready lines of a closed ticket (a Gel-Al paid at the counter) stay on screens this long. */
const CLOSED_READY_HOURS = 6;
/** Older unreceived batches no longer alert: the service they belonged to is over. */
const ALERT_WINDOW_HOURS = 12;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

type StoredOption = { name?: unknown; groupName?: unknown };
export const presentOptions = (value: unknown) =>
  (Array.isArray(value) ? (value as StoredOption[]) : []).map((o) => ({
    name: String(o?.name ?? ''),
    groupName: typeof o?.groupName === 'string' ? o.groupName : null,
  }));

/** Everything a card needs, one row per line. */
export const cardColumns = {
  batchId: kitchenBatches.id,
  sequence: kitchenBatches.sequence,
  sentAt: kitchenBatches.sentAt,
  ticketId: tickets.id,
  ticketNumber: tickets.number,
  tableName: tickets.tableName,
  type: tickets.type,
  ticketStatus: tickets.status,
  customerName: tickets.customerName,
  // the ticket's waiter; on a table whose waiter is gone, who sent the batch. An online or phone
  // order has none (nobody on the floor took it): its card names no Garson.
  waiterName: sql<string | null>`case when ${tickets.waiterId} is null and ${tickets.type} <> 'table' then null else coalesce(${waiter.name}, ${sender.name}) end`,
  // a scheduled online order's promised time (its ticket's only online order; indexed by ticket)
  promisedAt: sql<Date | string | null>`(select ${onlineOrders.expectedAt} from ${onlineOrders} where ${onlineOrders.ticketId} = ${tickets.id} and ${onlineOrders.isScheduled} limit 1)`,
  lineId: ticketLines.id,
  name: ticketLines.name,
  quantity: ticketLines.quantity,
  options: ticketLines.options,
  note: ticketLines.note,
  status: ticketLines.status,
  station: ticketLines.station,
  preparingAt: ticketLines.preparingAt,
  readyAt: ticketLines.readyAt,
  servedAt: ticketLines.servedAt,
  course: ticketLines.course,
  isHeld: ticketLines.isHeld,
  firedAt: ticketLines.firedAt,
};

/** The card query: lines joined with their batch, their (current) ticket and the waiter's name. */
export function selectCardRows(db: Db) {
  return db
    .select(cardColumns)
    .from(ticketLines)
    .innerJoin(kitchenBatches, eq(kitchenBatches.id, ticketLines.batchId))
    .innerJoin(tickets, eq(tickets.id, ticketLines.ticketId))
    .leftJoin(waiter, eq(waiter.id, tickets.waiterId))
    .leftJoin(sender, eq(sender.id, kitchenBatches.sentBy));
}

export type CardRow = Awaited<ReturnType<ReturnType<typeof selectCardRows>['execute']>>[number];

/**
 * Rows (ordered by sent time, batch, line order) → one card per batch and ticket. A batch's lines
 * normally share a ticket; after "lines to another table" a batch may span two tickets, and each
 * part shows under its own (new) table.
 */
export function groupCards(rows: readonly CardRow[]): KitchenOrder[] {
  const cards = new Map<string, KitchenOrder>();
  for (const r of rows) {
    const key = `${r.batchId}:${r.ticketId}`;
    let card = cards.get(key);
    if (!card) {
      card = {
        batchId: r.batchId,
        ticketId: r.ticketId,
        ticketNumber: r.ticketNumber,
        tableName: r.tableName,
        type: r.type as TicketType,
        customerName: r.customerName,
        waiterName: r.waiterName,
        sentAt: r.sentAt.toISOString(),
        isAddition: r.sequence > 1,
        sequence: r.sequence,
        isTicketClosed: r.ticketStatus !== 'open',
        promisedAt: r.promisedAt === null ? null : new Date(r.promisedAt).toISOString(),
        lines: [],
      };
      cards.set(key, card);
    }
    card.lines.push(presentLine(r));
  }
  return [...cards.values()];
}

const presentLine = (r: CardRow): KitchenLine => ({
  id: r.lineId,
  name: r.name,
  quantity: r.quantity,
  options: presentOptions(r.options),
  note: r.note,
  status: r.status as LineStatus,
  station: r.station,
  preparingAt: iso(r.preparingAt),
  readyAt: iso(r.readyAt),
  servedAt: iso(r.servedAt),
  course: r.course,
  isHeld: r.isHeld,
  firedAt: iso(r.firedAt),
});

/** How long a card of cancelled lines only stays on the kitchen screen. */
const CANCELLED_CARD_MINUTES = 10;

const stationFilter = (station: string | undefined): SQL | undefined => (station ? eq(ticketLines.station, station) : undefined);

/**
 * The open batches (not fully served), oldest first, with the lines of the chosen station (all
 * stations when none); with scope 'active' only those with something still to make. Cancelled and
 * served lines stay on their card so the cook sees them change; a card cancelled whole stays for
 * CANCELLED_CARD_MINUTES.
 */
export async function listKitchenOrders(db: Db, restaurantId: string, { station, scope = 'open' }: KitchenOrdersQuery = {}): Promise<KitchenOrder[]> {
  const openBatchIds = db
    .selectDistinct({ id: ticketLines.batchId })
    .from(ticketLines)
    .innerJoin(tickets, eq(tickets.id, ticketLines.ticketId))
    .where(
      and(
        eq(ticketLines.restaurantId, restaurantId),
        isNotNull(ticketLines.batchId),
        stationFilter(station),
        or(
          inArray(ticketLines.status, ACTIVE_KITCHEN_STATUSES),
          scope === 'open' ? and(eq(ticketLines.status, 'ready'), or(eq(tickets.status, 'open'), recentlyReady())) : undefined,
          // a card whose every line was just cancelled (a platform withdrew the order) stays, struck
          // through, for a few minutes: the cook must see it stop, not have it vanish mid-cooking
          scope === 'open' ? recentlyCancelled() : undefined,
        ),
      ),
    );
  const rows = await selectCardRows(db)
    .where(and(eq(ticketLines.restaurantId, restaurantId), inArray(ticketLines.batchId, openBatchIds), stationFilter(station)))
    .orderBy(asc(kitchenBatches.sentAt), asc(kitchenBatches.id), asc(ticketLines.sortOrder), asc(ticketLines.addedAt));
  return groupCards(rows);
}

const recentlyCancelled = () => and(eq(ticketLines.status, 'cancelled'), gt(ticketLines.cancelledAt, sql`now() - make_interval(mins => ${CANCELLED_CARD_MINUTES})`));

const recentlyReady = () => gt(ticketLines.readyAt, sql`now() - make_interval(hours => ${CLOSED_READY_HOURS})`);

/** Garson Ekranı: ready lines of the waiter's tickets (every waiter's for the owner), oldest first. */
export async function listReadyLines(db: Db, restaurantId: string, waiterId: string | null): Promise<ReadyLine[]> {
  const rows = await db
    .select({
      id: ticketLines.id,
      ticketId: tickets.id,
      ticketNumber: tickets.number,
      ticketVersion: tickets.version,
      tableName: tickets.tableName,
      type: tickets.type,
      customerName: tickets.customerName,
      waiterId: tickets.waiterId,
      waiterName: waiter.name,
      name: ticketLines.name,
      quantity: ticketLines.quantity,
      options: ticketLines.options,
      note: ticketLines.note,
      readyAt: ticketLines.readyAt,
    })
    .from(ticketLines)
    .innerJoin(tickets, eq(tickets.id, ticketLines.ticketId))
    .leftJoin(waiter, eq(waiter.id, tickets.waiterId))
    .where(
      and(
        eq(ticketLines.restaurantId, restaurantId),
        eq(ticketLines.status, 'ready'),
        or(eq(tickets.status, 'open'), recentlyReady()),
        waiterId ? eq(tickets.waiterId, waiterId) : undefined,
      ),
    )
    .orderBy(asc(ticketLines.readyAt), asc(ticketLines.sortOrder));
  return rows.map((r) => ({
    ...r,
    type: r.type as TicketType,
    options: presentOptions(r.options),
    readyAt: (r.readyAt ?? new Date(0)).toISOString(),
  }));
}

/**
 * Batches some station has not received 30 s after sending, still waiting to be made: the sender's
 * (every batch for the owner). A station counts as received when a screen of that station, or a
 * screen showing every station, acknowledged the batch.
 */
export async function listUnacknowledged(db: Db, restaurantId: string, sentBy: string | null): Promise<KitchenAlert[]> {
  const rows = await db
    .select({
      batchId: kitchenBatches.id,
      ticketId: tickets.id,
      ticketNumber: tickets.number,
      tableName: tickets.tableName,
      type: tickets.type,
      sentAt: kitchenBatches.sentAt,
      sentByName: sender.name,
      station: ticketLines.station,
    })
    .from(ticketLines)
    .innerJoin(kitchenBatches, eq(kitchenBatches.id, ticketLines.batchId))
    .innerJoin(tickets, eq(tickets.id, ticketLines.ticketId))
    .leftJoin(sender, eq(sender.id, kitchenBatches.sentBy))
    .where(
      and(
        eq(ticketLines.restaurantId, restaurantId),
        inArray(ticketLines.status, ['sent', 'preparing']),
        unacknowledgedFor(),
        sentBy ? eq(kitchenBatches.sentBy, sentBy) : undefined,
      ),
    )
    .orderBy(asc(kitchenBatches.sentAt), asc(ticketLines.station));
  const alerts = new Map<string, KitchenAlert>();
  for (const r of rows) {
    const alert = alerts.get(r.batchId) ?? {
      batchId: r.batchId,
      ticketId: r.ticketId,
      ticketNumber: r.ticketNumber,
      tableName: r.tableName,
      type: r.type as TicketType,
      sentAt: r.sentAt.toISOString(),
      sentByName: r.sentByName,
      stations: [],
    };
    if (!alert.stations.includes(r.station)) alert.stations.push(r.station);
    alerts.set(r.batchId, alert);
  }
  return [...alerts.values()];
}

/** The batch is old enough to alert, not too old to matter, and this line's station never received it. */
/** The batch was sent long enough ago that, not received, it shows as an alert. */
export const isOldEnoughToAlert = (): SQL => lte(kitchenBatches.sentAt, sql`now() - make_interval(secs => ${UNACKNOWLEDGED_ALERT_SECONDS})`)!;

export function unacknowledgedFor(): SQL {
  return and(
    isOldEnoughToAlert(),
    gt(kitchenBatches.sentAt, sql`now() - make_interval(hours => ${ALERT_WINDOW_HOURS})`),
    sql`not exists (select 1 from ${kitchenAcks} where ${kitchenAcks.batchId} = ${kitchenBatches.id}
          and (${kitchenAcks.station} = ${ticketLines.station} or ${kitchenAcks.station} = ''))`,
  )!;
}
