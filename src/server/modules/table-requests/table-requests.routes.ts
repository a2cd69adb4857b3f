import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptTableRequestResult, rejectTableRequestRequest, tableRequestsResponse } from '../../../shared/table-requests-contract';
import { allow, command, restaurantParams } from '../../lib/routes';
import { actorOf } from '../../plugins/auth';
import { acceptTableRequest, acknowledgeTableCall, rejectTableRequest } from './answer-commands';
import { listTableRequests } from './table-requests-read.service';

const requestParams = restaurantParams.extend({ requestId: z.string() });
/** The floor answers the guests: the waiters and the owner (the kitchen sees accepted orders as cards). */
const FLOOR = allow('owner', 'waiter');

/**
 * QR Sipariş, the staff's side (prefix: the restaurant): the waiting requests and calls, and their
 * answers. Each answer is a command; the 'table-requests' live event tells the other phones.
 */
export async function tableRequestsRoutes(app: FastifyInstance) {
  const { db } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/table-requests', { config: FLOOR, schema: { params: restaurantParams, response: { 200: tableRequestsResponse } } }, async (request) => {
    const actor = actorOf(request);
    return listTableRequests(db, actor.restaurantId, actor);
  });

  r.post('/table-requests/:requestId/accept', { config: FLOOR, schema: { params: requestParams, response: { 200: acceptTableRequestResult } } }, async (request) =>
    command(request, (c) => acceptTableRequest(c, request.params.requestId)),
  );

  r.post(
    '/table-requests/:requestId/reject',
    { config: FLOOR, schema: { params: requestParams, body: rejectTableRequestRequest } },
    async (request, reply) => {
      await command(request, (c) => rejectTableRequest(c, request.params.requestId, request.body.reason));
      return reply.status(204).send();
    },
  );

  r.post('/table-requests/:requestId/acknowledge', { config: FLOOR, schema: { params: requestParams } }, async (request, reply) => {
    await command(request, (c) => acknowledgeTableCall(c, request.params.requestId));
    return reply.status(204).send();
  });
}
