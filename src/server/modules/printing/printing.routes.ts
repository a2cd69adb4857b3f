import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { printFailure, printResponse } from '../../../shared/printing-contract';
import { OWNER, allow, restaurantParams } from '../../lib/routes';
import { actorOf } from '../../plugins/auth';

const FLOOR = allow('owner', 'waiter');
const ticketParams = restaurantParams.extend({ ticketId: z.string() });

/**
 * Network printing. Prefix: the restaurant. Printing changes no data, so it is not a command; the
 * kitchen's automatic slips start from the send route (orders/tickets.routes.ts).
 */
export async function printingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/tickets/:ticketId/print', { config: { ...FLOOR, claimKeyUpFront: true }, schema: { params: ticketParams, response: { 200: printResponse } } }, async (request) =>
    app.printing.printBill(actorOf(request).restaurantId, request.params.ticketId),
  );

  r.get('/printing/failures', { config: OWNER, schema: { params: restaurantParams, response: { 200: z.array(printFailure) } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return app.printing.failuresOf(actorOf(request).restaurantId);
  });
}
