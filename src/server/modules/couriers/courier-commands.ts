import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  COURIER_MESSAGES,
  type AssignTicketsRequest,
  type CourierSettlementResult,
  type SettleCourierRequest,
  createCourierRequest,
  updateCourierRequest,
} from '../../../shared/couriers-contract';
import type { z } from 'zod';
import { courierAssignments, courierSettlements, couriers, tickets } from '../../db/schema';
import { HttpError } from '../../errors';
import type { CommandContext } from '../../lib/command';
import { revokeLinksOf } from './courier-link';
import { cashSummaryOf, readyDeliveryCondition } from './couriers-read.service';

type CreateCourier = z.output<typeof createCourierRequest>;
type UpdateCourier = z.output<typeof updateCourierRequest>;

export async function createCourier(c: CommandContext, req: CreateCourier): Promise<string> {
  const [row] = await c.tx.insert(couriers).values({ restaurantId: c.restaurantId, name: req.name, phone: req.phone }).returning();
  await c.audit({ action: 'courier.create', entity: 'courier', entityId: row.id, after: { name: row.name, phone: row.phone } });
  c.emit('couriers', row.id);
  return row.id;
}

/** Name, phone, Etkin/Pasif. A deactivated courier's links stop working at once. */
export async function updateCourier(c: CommandContext, courierId: string, req: UpdateCourier) {
  const courier = await c.lockOwned(couriers, courierId, COURIER_MESSAGES.courierNotFound);
  c.assertVersion(courier, req.version);
  const next = { name: req.name ?? courier.name, phone: req.phone ?? courier.phone, isActive: req.isActive ?? courier.isActive };
  await c.tx
    .update(couriers)
    .set({ ...next, version: courier.version + 1 })
    .where(eq(couriers.id, courier.id));
  if (!next.isActive) await revokeLinksOf(c, courier.id, new Date());
  await c.audit({
    action: 'courier.update',
    entity: 'courier',
    entityId: courier.id,
    before: { name: courier.name, phone: courier.phone, isActive: courier.isActive },
    after: next,
  });
  c.emit('couriers', courier.id);
}

export async function revokeCourierLinks(c: CommandContext, courierId: string) {
  const courier = await c.lockOwned(couriers, courierId, COURIER_MESSAGES.courierNotFound);
  const revoked = await revokeLinksOf(c, courier.id, new Date());
  await c.audit({ action: 'courier.link.revoke', entity: 'courier', entityId: courier.id, after: { linkIds: revoked.map((r) => r.id) } });
  c.emit('couriers', courier.id);
}

/**
 * One trip: the chosen ready Paket Servis tickets go to the courier together. A ticket another
 * courier has but has not picked up moves to this one; one already on the way is refused. All or
 * nothing: one refused ticket leaves every ticket where it was.
 */
export async function assignTickets(c: CommandContext, courierId: string, req: AssignTicketsRequest) {
  const courier = await c.lockOwned(couriers, courierId, COURIER_MESSAGES.courierNotFound);
  if (!courier.isActive) throw new HttpError(409, COURIER_MESSAGES.courierInactive);
  if (new Set(req.ticketIds).size !== req.ticketIds.length) throw new HttpError(400, COURIER_MESSAGES.duplicateTickets);
  const tripId = randomUUID();
  const now = new Date();
  for (const ticketId of req.ticketIds) {
    const ticket = await c.lockOwned(tickets, ticketId, COURIER_MESSAGES.ticketNotFound);
    if (ticket.type !== 'delivery') throw new HttpError(409, COURIER_MESSAGES.notDelivery(ticket.number));
    if (ticket.status !== 'open') throw new HttpError(409, COURIER_MESSAGES.ticketClosed(ticket.number));
    const [existing] = await c.tx.select().from(courierAssignments).where(eq(courierAssignments.ticketId, ticket.id)).for('update');
    if (existing) {
      if (existing.status !== 'assigned') throw new HttpError(409, COURIER_MESSAGES.alreadyOnTheWay(ticket.number));
      await c.tx.update(courierAssignments).set({ courierId: courier.id, tripId, assignedAt: now }).where(eq(courierAssignments.id, existing.id));
      if (existing.courierId !== courier.id) c.emit('couriers', existing.courierId);
    } else {
      const [ready] = await c.tx.select({ id: tickets.id }).from(tickets).where(and(eq(tickets.id, ticket.id), readyDeliveryCondition(c.restaurantId)));
      if (!ready) throw new HttpError(409, COURIER_MESSAGES.notReady(ticket.number));
      await c.tx.insert(courierAssignments).values({ restaurantId: c.restaurantId, courierId: courier.id, ticketId: ticket.id, tripId, assignedAt: now });
    }
    await c.audit({ action: 'courier.assign', entity: 'ticket', entityId: ticket.id, before: existing ? { courierId: existing.courierId } : null, after: { courierId: courier.id, tripId } });
  }
  c.emit('couriers', courier.id);
}

/**
 * Kurye hesabı: the cash, card and meal-card money of the courier's delivered orders, handed over
 * and settled in one audited step. Exactly the deliveries the owner saw: when the courier delivered
 * another order since (or one was settled elsewhere), 409 and nothing is settled.
 */
export async function settleCourier(c: CommandContext, courierId: string, req: SettleCourierRequest): Promise<CourierSettlementResult> {
  const courier = await c.lockOwned(couriers, courierId, COURIER_MESSAGES.courierNotFound);
  const open = await c.tx
    .select()
    .from(courierAssignments)
    .where(and(eq(courierAssignments.courierId, courier.id), isNull(courierAssignments.settlementId)))
    .for('update');
  const summary = cashSummaryOf(open);
  if (summary.deliveredCount === 0) throw new HttpError(409, COURIER_MESSAGES.settleNothing);
  const wanted = new Set(req.assignmentIds);
  if (wanted.size !== summary.assignmentIds.length || summary.assignmentIds.some((id) => !wanted.has(id))) {
    throw new HttpError(409, COURIER_MESSAGES.settleStale);
  }
  const [row] = await c.tx
    .insert(courierSettlements)
    .values({
      restaurantId: c.restaurantId,
      courierId: courier.id,
      deliveredCount: summary.deliveredCount,
      cashKurus: summary.cash,
      cardKurus: summary.card,
      mealCardKurus: summary.mealCard,
      settledBy: c.actor.userId,
    })
    .returning();
  await c.tx.update(courierAssignments).set({ settlementId: row.id }).where(inArray(courierAssignments.id, summary.assignmentIds));
  await c.audit({
    action: 'courier.settle',
    entity: 'courier',
    entityId: courier.id,
    after: { settlementId: row.id, deliveredCount: summary.deliveredCount, cash: summary.cash, card: summary.card, mealCard: summary.mealCard, assignmentIds: summary.assignmentIds },
  });
  c.emit('couriers', courier.id);
  return { id: row.id, deliveredCount: row.deliveredCount, cash: row.cashKurus, card: row.cardKurus, mealCard: row.mealCardKurus, settledAt: row.settledAt.toISOString() };
}
