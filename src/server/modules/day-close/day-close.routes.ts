import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cashMovementInfo,
  cashMovementRequest,
  closedDaySummary,
  dayCloseReport,
  dayCloseRequest,
  dayNumberQuery,
  openDayInfo,
  refundInfo,
  refundRequest,
} from '../../../shared/day-close-contract';
import { ALL_STAFF, OWNER, command, restaurantParams } from '../../lib/routes';
import { actorOf } from '../../plugins/auth';
import { addCashMovement, closeDay, refundBill } from './day-close-commands';
import { billRefunds, listDays, listMovements, previewDay, readDay } from './day-close-read.service';
import { openBusinessDay } from './open-day';

const billParams = restaurantParams.extend({ billId: z.string() });
const dayParams = restaurantParams.merge(dayNumberQuery);

/**
 * Gün Sonu, Kasa and İade (issue 23). Prefix: the restaurant. Owner only. Writes are commands
 * (restaurant lock, audit, live event 'days'); a POST with an Idempotency-Key is answered once.
 */
export async function dayCloseRoutes(app: FastifyInstance) {
  const { db } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();

  // every screen's "Bugün": the business day open now (after today's Gün Sonu, tomorrow), for every role
  r.get('/days/open', { config: ALL_STAFF, schema: { params: restaurantParams, response: { 200: openDayInfo } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return { day: await openBusinessDay(db, actorOf(request).restaurantId) };
  });

  r.get('/days/current', { config: OWNER, schema: { params: restaurantParams, response: { 200: dayCloseReport } } }, async (request) =>
    previewDay(db, actorOf(request).restaurantId),
  );

  r.post('/days/close', { config: OWNER, schema: { params: restaurantParams, body: dayCloseRequest, response: { 201: dayCloseReport } } }, async (request, reply) => {
    const number = await command(request, (c) => closeDay(c, request.body));
    reply.code(201);
    return readDay(db, actorOf(request).restaurantId, number);
  });

  r.get('/days', { config: OWNER, schema: { params: restaurantParams, response: { 200: z.array(closedDaySummary) } } }, async (request) =>
    listDays(db, actorOf(request).restaurantId),
  );

  r.get('/days/:number', { config: OWNER, schema: { params: dayParams, response: { 200: dayCloseReport } } }, async (request) =>
    readDay(db, actorOf(request).restaurantId, request.params.number),
  );

  r.get('/cash-movements', { config: OWNER, schema: { params: restaurantParams, response: { 200: z.array(cashMovementInfo) } } }, async (request) =>
    listMovements(db, actorOf(request).restaurantId),
  );

  r.post('/cash-movements', { config: OWNER, schema: { params: restaurantParams, body: cashMovementRequest, response: { 201: cashMovementInfo } } }, async (request, reply) => {
    const id = await command(request, (c) => addCashMovement(c, request.body));
    reply.code(201);
    // the movement was written into the day open now: it is in that day's list
    return (await listMovements(db, actorOf(request).restaurantId)).find((m) => m.id === id)!;
  });

  r.get('/bills/:billId/refunds', { config: OWNER, schema: { params: billParams, response: { 200: z.array(refundInfo) } } }, async (request) =>
    billRefunds(db, actorOf(request).restaurantId, request.params.billId),
  );

  r.post('/bills/:billId/refunds', { config: OWNER, schema: { params: billParams, body: refundRequest, response: { 201: refundInfo } } }, async (request, reply) => {
    const refund = await command(request, (c) => refundBill(c, request.params.billId, request.body));
    reply.code(201);
    return refund;
  });
}
