import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignTicketsRequest,
  courierBoardResponse,
  courierInfo,
  courierLinkRequest,
  courierLinkResult,
  courierSettlementResult,
  createCourierRequest,
  settleCourierRequest,
  updateCourierRequest,
} from '../../../shared/couriers-contract';
import { OWNER, command, restaurantParams } from '../../lib/routes';
import { actorOf } from '../../plugins/auth';
import { assignTickets, createCourier, revokeCourierLinks, settleCourier, updateCourier } from './courier-commands';
import { createLink } from './courier-link';
import { readCourier, readCourierBoard } from './couriers-read.service';

const courierParams = restaurantParams.extend({ courierId: z.string() });

/**
 * Kurye Takibi, the owner's side (issue 24). Prefix: the restaurant. Owner only. Every write is a
 * command (restaurant lock, audit, live event 'couriers'); the answer is the courier as it now is.
 */
export async function couriersRoutes(app: FastifyInstance) {
  const { db } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const current = (restaurantId: string, courierId: string) => readCourier(db, restaurantId, courierId);

  r.get('/couriers', { config: OWNER, schema: { params: restaurantParams, response: { 200: courierBoardResponse } } }, async (request) =>
    readCourierBoard(db, actorOf(request).restaurantId),
  );

  r.post('/couriers', { config: OWNER, schema: { params: restaurantParams, body: createCourierRequest, response: { 201: courierInfo } } }, async (request, reply) => {
    const id = await command(request, (c) => createCourier(c, request.body));
    return reply.status(201).send(await current(actorOf(request).restaurantId, id));
  });

  r.patch('/couriers/:courierId', { config: OWNER, schema: { params: courierParams, body: updateCourierRequest, response: { 200: courierInfo } } }, async (request) => {
    await command(request, (c) => updateCourier(c, request.params.courierId, request.body));
    return current(actorOf(request).restaurantId, request.params.courierId);
  });

  r.post('/couriers/:courierId/link', { config: { ...OWNER, secretInAnswer: true }, schema: { params: courierParams, body: courierLinkRequest, response: { 201: courierLinkResult } } }, async (request, reply) => {
    const link = await command(request, (c) => createLink(c, request.params.courierId, request.body.hours));
    return reply.status(201).send(link);
  });

  r.delete('/couriers/:courierId/link', { config: OWNER, schema: { params: courierParams } }, async (request, reply) => {
    await command(request, (c) => revokeCourierLinks(c, request.params.courierId));
    return reply.status(204).send();
  });

  r.post('/couriers/:courierId/assignments', { config: OWNER, schema: { params: courierParams, body: assignTicketsRequest, response: { 200: courierInfo } } }, async (request) => {
    await command(request, (c) => assignTickets(c, request.params.courierId, request.body));
    return current(actorOf(request).restaurantId, request.params.courierId);
  });

  r.post(
    '/couriers/:courierId/settlements',
    { config: OWNER, schema: { params: courierParams, body: settleCourierRequest, response: { 201: courierSettlementResult } } },
    async (request, reply) => reply.status(201).send(await command(request, (c) => settleCourier(c, request.params.courierId, request.body))),
  );
}
