import { and, asc, desc, eq, gt, gte, inArray, isNull, notExists, or, sql, type SQL } from 'drizzle-orm';
import { businessDay, businessDayBounds } from '../../../shared/domain/calendar';
import {
  COURIER_LIMITS,
  type AssignableTicketSummary,
  type AssignmentInfo,
  type AssignmentStatus,
  type CourierBoardResponse,
  type CourierCashSummary,
  type CourierInfo,
  type CourierPaymentMethod,
  type CourierPositionInfo,
} from '../../../shared/couriers-contract';
import type { Db } from '../../db/client';
import { courierAssignments, courierLinks, courierPositions, courierSettlements, couriers, ticketLines, tickets } from '../../db/schema';
import { doorInfoOfTickets } from '../online-orders';
import { presentTickets } from '../orders';
import { getRestaurantSettings } from '../settings';
import { readAll } from '../../lib/read-all';

type AssignmentRow = typeof courierAssignments.$inferSelect;
type TicketRow = typeof tickets.$inferSelect;

/** Assignments with their tickets' customer and what remains to pay, as both screens show them. */
export async function presentAssignments(db: Db, rows: AssignmentRow[]): Promise<AssignmentInfo[]> {
  if (rows.length === 0) return [];
  const ticketRows = await db.select().from(tickets).where(inArray(tickets.id, rows.map((r) => r.ticketId)));
  const presented = new Map((await presentTickets(db, ticketRows)).map((t) => [t.id, t]));
  const byId = new Map<string, TicketRow>(ticketRows.map((t) => [t.id, t]));
  const door = await doorInfoOfTickets(db, ticketRows.map((t) => t.id));
  return rows.map((a) => {
    const t = byId.get(a.ticketId)!;
    const bill = presented.get(a.ticketId)!.totals;
    const d = door.get(a.ticketId);
    return {
      id: a.id,
      ticketId: a.ticketId,
      ticketNumber: t.number,
      tripId: a.tripId,
      customerName: t.customerName,
      customerPhone: t.customerPhone,
      customerAddress: t.customerAddress,
      total: bill.total,
      remaining: t.status === 'open' ? bill.remaining : 0,
      status: a.status as AssignmentStatus,
      isTicketOpen: t.status === 'open',
      openedAt: t.openedAt.toISOString(),
      assignedAt: a.assignedAt.toISOString(),
      pickedUpAt: a.pickedUpAt?.toISOString() ?? null,
      deliveredAt: a.deliveredAt?.toISOString() ?? null,
      collectedMethod: (a.collectedMethod ?? null) as CourierPaymentMethod | null,
      collectedBrand: a.collectedBrand,
      collectedKurus: a.collectedKurus,
      orderNote: d?.note ?? null,
      doorPayment: d ? { method: d.paymentMethod, brand: d.paymentBrand } : null,
      deliveryFee: d?.deliveryFee ?? 0,
      expectedAt: d?.expectedAt ?? null,
    };
  });
}

/**
 * What a courier collected on delivered, not yet settled orders whose money part is done (taken at
 * the door, or nothing was due): the cash they hand over at the end. A delivered order still
 * waiting for its Ödeme Alındı stays out, so no payment can come after its settlement.
 */
export function cashSummaryOf(rows: AssignmentRow[]): CourierCashSummary {
  const delivered = rows.filter((a) => a.status === 'delivered' && a.paidAt !== null && a.settlementId === null);
  const sum = (method: CourierPaymentMethod) => delivered.filter((a) => a.collectedMethod === method).reduce((s, a) => s + a.collectedKurus, 0);
  return { assignmentIds: delivered.map((a) => a.id), deliveredCount: delivered.length, cash: sum('cash'), card: sum('card'), mealCard: sum('meal_card') };
}

const presentPosition = (p: typeof courierPositions.$inferSelect): CourierPositionInfo => ({
  lat: p.lat,
  lng: p.lng,
  accuracy: p.accuracyM,
  recordedAt: p.recordedAt.toISOString(),
});

/** The newest position of each courier (one statement: the newest row per courier). */
async function lastPositions(db: Db, courierIds: string[]) {
  if (courierIds.length === 0) return new Map<string, CourierPositionInfo>();
  const rows = await db
    .selectDistinctOn([courierPositions.courierId])
    .from(courierPositions)
    .where(inArray(courierPositions.courierId, courierIds))
    .orderBy(courierPositions.courierId, desc(courierPositions.recordedAt), desc(courierPositions.receivedAt));
  return new Map(rows.map((p) => [p.courierId, presentPosition(p)]));
}

/** This shift's assignments of the couriers: every unsettled one (a settled one has left the shift). */
async function shiftAssignments(db: Db, restaurantId: string, courierIds: string[]) {
  if (courierIds.length === 0) return [];
  // one trip's tickets share their assignment time: the ticket number orders them
  const rows = await db
    .select({ a: courierAssignments })
    .from(courierAssignments)
    .innerJoin(tickets, eq(tickets.id, courierAssignments.ticketId))
    .where(and(eq(courierAssignments.restaurantId, restaurantId), inArray(courierAssignments.courierId, courierIds), isNull(courierAssignments.settlementId)))
    .orderBy(asc(courierAssignments.assignedAt), asc(tickets.number));
  return rows.map((r) => r.a);
}

async function linkExpiries(db: Db, courierIds: string[], now: Date) {
  if (courierIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ courierId: courierLinks.courierId, expiresAt: sql<Date>`max(${courierLinks.expiresAt})`.mapWith(courierLinks.expiresAt) })
    .from(courierLinks)
    .where(and(inArray(courierLinks.courierId, courierIds), isNull(courierLinks.revokedAt), gt(courierLinks.expiresAt, now)))
    .groupBy(courierLinks.courierId);
  return new Map(rows.map((r) => [r.courierId, r.expiresAt.toISOString()]));
}

/**
 * The settlements of today's business day (Ayarlar's day start and time zone), with the orders each
 * took over: a settled shift stays on Kurye Takibi for the rest of the day instead of vanishing.
 */
async function todaysSettlements(db: Db, restaurantId: string, courierIds: string[], now: Date) {
  if (courierIds.length === 0) return [];
  const { value: settings } = await getRestaurantSettings(db, restaurantId);
  const { from } = businessDayBounds(businessDay(now, settings.timeZone, settings.businessDayStartHour), settings.timeZone, settings.businessDayStartHour);
  const rows = await db
    .select()
    .from(courierSettlements)
    .where(and(eq(courierSettlements.restaurantId, restaurantId), inArray(courierSettlements.courierId, courierIds), gte(courierSettlements.settledAt, from)))
    .orderBy(desc(courierSettlements.settledAt));
  if (rows.length === 0) return [];
  const taken = await db
    .select({ a: courierAssignments })
    .from(courierAssignments)
    .innerJoin(tickets, eq(tickets.id, courierAssignments.ticketId))
    .where(inArray(courierAssignments.settlementId, rows.map((r) => r.id)))
    .orderBy(asc(courierAssignments.assignedAt), asc(tickets.number));
  const presented = await presentAssignments(db, taken.map((t) => t.a));
  return rows.map((r) => ({
    courierId: r.courierId,
    id: r.id,
    settledAt: r.settledAt.toISOString(),
    deliveredCount: r.deliveredCount,
    cash: r.cashKurus,
    card: r.cardKurus,
    mealCard: r.mealCardKurus,
    orders: presented.filter((_, i) => taken[i].a.settlementId === r.id),
  }));
}

/** Couriers as the owner's screen shows them (all, or the ones asked for). */
export async function listCouriers(db: Db, restaurantId: string, onlyIds?: string[], now = new Date()): Promise<CourierInfo[]> {
  const rows = await db
    .select()
    .from(couriers)
    .where(and(eq(couriers.restaurantId, restaurantId), onlyIds ? inArray(couriers.id, onlyIds) : undefined))
    .orderBy(desc(couriers.isActive), asc(couriers.name), asc(couriers.id));
  const ids = rows.map((c) => c.id);
  const [assignments, positions, links, settled] = await readAll(db, [
    () => shiftAssignments(db, restaurantId, ids),
    () => lastPositions(db, ids),
    () => linkExpiries(db, ids, now),
    () => todaysSettlements(db, restaurantId, ids, now),
  ]);
  const presented = new Map((await presentAssignments(db, assignments)).map((a) => [a.id, a]));
  return rows.map((c) => {
    const own = assignments.filter((a) => a.courierId === c.id);
    return {
      id: c.id,
      name: c.name,
      phone: c.phone,
      isActive: c.isActive,
      version: c.version,
      linkExpiresAt: links.get(c.id) ?? null,
      lastPosition: positions.get(c.id) ?? null,
      orders: own.map((a) => presented.get(a.id)!),
      unsettled: cashSummaryOf(own),
      settledToday: settled.filter((st) => st.courierId === c.id).map(({ courierId: _c, ...st }) => st),
    };
  });
}

export async function readCourier(db: Db, restaurantId: string, courierId: string) {
  const [courier] = await listCouriers(db, restaurantId, [courierId]);
  return courier;
}

/**
 * Paket Servis tickets a courier may take: open, no courier yet, and everything the kitchen makes
 * for them ready (or already handed over); a ticket with nothing on it is not an order yet.
 */
export function readyDeliveryCondition(restaurantId: string) {
  const existsLine = (where: SQL) => sql`exists (select 1 from ${ticketLines} where ${ticketLines.ticketId} = ${tickets.id} and ${where})`;
  const unfinishedLine = existsLine(sql`${ticketLines.status} not in ('ready', 'served', 'cancelled')`);
  const liveLine = existsLine(sql`${ticketLines.status} <> 'cancelled'`);
  return and(
    eq(tickets.restaurantId, restaurantId),
    eq(tickets.type, 'delivery'),
    eq(tickets.status, 'open'),
    sql`not ${unfinishedLine}`,
    liveLine,
    notExists(sql`(select 1 from ${courierAssignments} where ${courierAssignments.ticketId} = ${tickets.id})`),
  );
}

export async function listAssignableTickets(db: Db, restaurantId: string): Promise<AssignableTicketSummary[]> {
  const rows = await db.select().from(tickets).where(readyDeliveryCondition(restaurantId)).orderBy(asc(tickets.openedAt), asc(tickets.number));
  const presented = await presentTickets(db, rows);
  return presented.map((t, i) => ({
    ticketId: t.id,
    number: t.number,
    customerName: rows[i].customerName,
    customerAddress: rows[i].customerAddress,
    total: t.totals.total,
    remaining: t.totals.remaining,
    openedAt: t.openedAt,
    version: t.version,
  }));
}

export async function readCourierBoard(db: Db, restaurantId: string): Promise<CourierBoardResponse> {
  const now = new Date();
  const [list, assignable, settings] = await readAll(db, [
    () => listCouriers(db, restaurantId, undefined, now),
    () => listAssignableTickets(db, restaurantId),
    () => getRestaurantSettings(db, restaurantId),
  ]);
  return { couriers: list, assignable, mapTileUrl: settings.value.mapTileUrl ?? '', serverTime: now.toISOString() };
}

/**
 * The courier's own orders on their phone: those on the way, and the delivered ones whose ticket
 * is still open (the money is still to take). Never another courier's.
 */
export async function courierOrders(db: Db, courierId: string): Promise<AssignmentInfo[]> {
  const rows = await db
    .select({ a: courierAssignments })
    .from(courierAssignments)
    .innerJoin(tickets, eq(tickets.id, courierAssignments.ticketId))
    .where(and(eq(courierAssignments.courierId, courierId), or(sql`${courierAssignments.status} <> 'delivered'`, eq(tickets.status, 'open'))))
    .orderBy(asc(courierAssignments.assignedAt), asc(tickets.number))
    .limit(COURIER_LIMITS.ticketsPerTrip * 5);
  return presentAssignments(db, rows.map((r) => r.a));
}
