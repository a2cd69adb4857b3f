import { and, desc, eq, notInArray } from 'drizzle-orm';
import { COURIER_LIMITS, COURIER_MESSAGES, type CourierPositionRequest, type CourierStepRequest } from '../../../shared/couriers-contract';
import { courierAssignments, courierPositions, tickets } from '../../db/schema';
import { HttpError } from '../../errors';
import type { CommandActor, CommandContext } from '../../lib/command';
import { closeTicket, takePayment } from '../bills';
import { assertBillHolds } from '../orders';
import type { CourierSession } from './courier-link';

/** A courier's writes run as the courier: no staff user, role 'courier' in the audit rows. */
export const courierActor = (s: CourierSession): CommandActor => ({ restaurantId: s.restaurantId, userId: null, role: 'courier' });

/**
 * Keeps one position (a fix from the phone, or the one sent with a status tap) and drops the
 * courier's older ones past the short history: the map needs the last, nobody needs a trail.
 */
export async function recordPosition(c: CommandContext, s: CourierSession, p: CourierPositionRequest, now = new Date()) {
  const sent = p.recordedAt ? new Date(p.recordedAt) : now;
  // a phone's clock ahead of ours must not make a fix look newer than it is
  const recordedAt = sent > now ? now : sent;
  await c.tx.insert(courierPositions).values({
    restaurantId: c.restaurantId,
    courierId: s.courierId,
    lat: Math.round(p.lat * 1e6) / 1e6,
    lng: Math.round(p.lng * 1e6) / 1e6,
    accuracyM: Math.round(p.accuracy),
    recordedAt,
    receivedAt: now,
  });
  const keep = c.tx
    .select({ id: courierPositions.id })
    .from(courierPositions)
    .where(eq(courierPositions.courierId, s.courierId))
    .orderBy(desc(courierPositions.recordedAt), desc(courierPositions.receivedAt))
    .limit(COURIER_LIMITS.positionHistory);
  await c.tx.delete(courierPositions).where(and(eq(courierPositions.courierId, s.courierId), notInArray(courierPositions.id, keep)));
  c.emit('couriers', s.courierId);
}

/** The courier's own assignment, locked; another courier's (or a missing one) is 404. */
async function lockOwnAssignment(c: CommandContext, s: CourierSession, assignmentId: string) {
  const a = await c.lockOwned(courierAssignments, assignmentId, COURIER_MESSAGES.orderNotYours);
  if (a.courierId !== s.courierId) throw new HttpError(404, COURIER_MESSAGES.orderNotYours);
  return a;
}

const ticketOf = async (c: CommandContext, ticketId: string) => (await c.tx.select().from(tickets).where(eq(tickets.id, ticketId)).for('update'))[0];

/**
 * Aldım, Teslim Ettim, Ödeme Alındı. A repeated tap of a step already done changes nothing and is
 * no error (a phone on a bad network sends again). Ödeme Alındı takes the rest of the bill with the
 * method the courier chose and closes the ticket, through the bill screen's own payment and close.
 */
export async function takeCourierStep(c: CommandContext, s: CourierSession, assignmentId: string, req: CourierStepRequest) {
  const a = await lockOwnAssignment(c, s, assignmentId);
  const now = new Date();
  if (req.position) await recordPosition(c, s, req.position, now);
  const ticket = await ticketOf(c, a.ticketId);
  const set: Partial<typeof courierAssignments.$inferInsert> = {};

  if (req.step === 'picked_up') {
    if (a.status !== 'assigned') return;
    set.status = 'picked_up';
    set.pickedUpAt = now;
  } else if (req.step === 'delivered') {
    if (a.status === 'delivered') return;
    set.status = 'delivered';
    set.pickedUpAt = a.pickedUpAt ?? now;
    set.deliveredAt = now;
    // paid already (online, or the courier took it first): delivering ends the order
    if (ticket.status === 'open' && (await assertBillHolds(c, ticket.id)).bill.remaining === 0) {
      await closeTicket(c, ticket.id, ticket.version);
      set.paidAt = a.paidAt ?? now;
    } else if (ticket.status !== 'open') {
      set.paidAt = a.paidAt ?? now;
    }
  } else {
    if (a.status === 'assigned') throw new HttpError(409, COURIER_MESSAGES.notPickedUp);
    if (a.paymentId !== null) {
      if (a.collectedMethod === req.method && (req.method !== 'meal_card' || a.collectedBrand === req.brand)) return;
      throw new HttpError(409, COURIER_MESSAGES.paidOtherwise);
    }
    if (ticket.status !== 'open') throw new HttpError(409, COURIER_MESSAGES.orderClosed);
    const { bill } = await assertBillHolds(c, ticket.id);
    if (bill.remaining === 0) throw new HttpError(409, COURIER_MESSAGES.nothingToCollect);
    const method = req.method!;
    const { paymentId } = await takePayment(c, ticket.id, { method, amount: bill.remaining, brand: method === 'meal_card' ? req.brand : undefined });
    const [{ version }] = await c.tx.select({ version: tickets.version }).from(tickets).where(eq(tickets.id, ticket.id));
    await closeTicket(c, ticket.id, version);
    Object.assign(set, { paymentId, collectedMethod: method, collectedBrand: method === 'meal_card' ? req.brand! : null, collectedKurus: bill.remaining });
    // the money is in: a settlement may take this order once it is delivered
    set.paidAt = now;
  }
  await c.tx.update(courierAssignments).set(set).where(eq(courierAssignments.id, a.id));
  await c.audit({
    action: `courier.${req.step === 'paid' ? 'payment' : req.step === 'picked_up' ? 'pickup' : 'deliver'}`,
    entity: 'ticket',
    entityId: ticket.id,
    before: { status: a.status },
    after: {
      assignmentId: a.id,
      courierId: s.courierId,
      status: set.status ?? a.status,
      method: set.collectedMethod ?? null,
      brand: set.collectedBrand ?? null,
      amount: set.collectedKurus ?? 0,
      position: req.position ? { lat: req.position.lat, lng: req.position.lng } : null,
    },
  });
  c.emit('couriers', s.courierId);
  c.emit('tickets', ticket.id);
}
