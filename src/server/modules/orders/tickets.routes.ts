import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addLinesRequest,
  fireCourseRequest,
  fireCourseResponse,
  mergeTicketRequest,
  moveLinesRequest,
  moveLinesResponse,
  moveTicketRequest,
  openTicketRequest,
  sendRequest,
  sendResponse,
  ticket,
  ticketSummary,
  ticketsQuery,
  ticketVersionQuery,
  updateLineRequest,
  updateTicketRequest,
} from '../../../shared/ticket-contract';
import { allow, command, restaurantParams } from '../../lib/routes';
import { actorOf } from '../../plugins/auth';
import { fireCourse } from './courses';
import { moveLines, mergeTickets, moveTicket } from './move-and-merge';
import { sendToKitchenAnswering } from './send-to-kitchen';
import { addLines, deleteLine, discardEmptyTicket, openTicket, updateLine, updateTicket } from './ticket-commands';
import { listOpenTickets, readTicket } from './ticket-read.service';

/** Table service is the floor staff's: the owner and waiters. */
const FLOOR = allow('owner', 'waiter');
const ticketParams = restaurantParams.extend({ ticketId: z.string() });
const lineParams = ticketParams.extend({ lineId: z.string() });
const ticketAnswer = { 200: ticket };

/**
 * Tickets (adisyon). Prefix: the restaurant. Every write is one command that carries the ticket's
 * version; the answer is the ticket as it now is, so the screen never needs a second read.
 */
export async function ticketsRoutes(app: FastifyInstance) {
  const { db } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const current = (restaurantId: string, ticketId: string) => readTicket(db, restaurantId, ticketId);

  r.get(
    '/tickets',
    { config: FLOOR, schema: { params: restaurantParams, querystring: ticketsQuery, response: { 200: z.array(ticketSummary) } } },
    async (request) => listOpenTickets(db, actorOf(request).restaurantId),
  );
  r.get('/tickets/:ticketId', { config: FLOOR, schema: { params: ticketParams, response: ticketAnswer } }, async (request) =>
    current(actorOf(request).restaurantId, request.params.ticketId),
  );

  r.post('/tickets', { config: FLOOR, schema: { params: restaurantParams, body: openTicketRequest, response: { 201: ticket } } }, async (request, reply) => {
    const id = await command(request, (c) => openTicket(c, request.body));
    return reply.status(201).send(await current(actorOf(request).restaurantId, id));
  });

  r.patch('/tickets/:ticketId', { config: FLOOR, schema: { params: ticketParams, body: updateTicketRequest, response: ticketAnswer } }, async (request) => {
    await command(request, (c) => updateTicket(c, request.params.ticketId, request.body));
    return current(actorOf(request).restaurantId, request.params.ticketId);
  });

  r.delete('/tickets/:ticketId', { config: FLOOR, schema: { params: ticketParams, querystring: ticketVersionQuery } }, async (request, reply) => {
    await command(request, (c) => discardEmptyTicket(c, request.params.ticketId, request.query.version));
    return reply.status(204).send();
  });

  r.post('/tickets/:ticketId/lines', { config: FLOOR, schema: { params: ticketParams, body: addLinesRequest, response: ticketAnswer } }, async (request) => {
    // the ticket as the command left it, from the command's own rows (no read after the commit)
    return command(request, (c) => addLines(c, request.params.ticketId, request.body));
  });

  r.patch('/tickets/:ticketId/lines/:lineId', { config: FLOOR, schema: { params: lineParams, body: updateLineRequest, response: ticketAnswer } }, async (request) => {
    await command(request, (c) => updateLine(c, request.params.ticketId, request.params.lineId, request.body));
    return current(actorOf(request).restaurantId, request.params.ticketId);
  });

  r.delete(
    '/tickets/:ticketId/lines/:lineId',
    { config: FLOOR, schema: { params: lineParams, querystring: ticketVersionQuery, response: ticketAnswer } },
    async (request) => {
      await command(request, (c) => deleteLine(c, request.params.ticketId, request.params.lineId, request.query.version));
      return current(actorOf(request).restaurantId, request.params.ticketId);
    },
  );

  r.post('/tickets/:ticketId/send', { config: FLOOR, schema: { params: ticketParams, body: sendRequest, response: { 200: sendResponse } } }, async (request) => {
    const { restaurantId } = actorOf(request);
    const sent = await command(request, (c) => sendToKitchenAnswering(c, request.params.ticketId, request.body.version, request.body.holdCourses));
    // Committed: the stations with a network printer get their slips; a failure never fails the send.
    app.printing.kitchenBatch(restaurantId, request.params.ticketId, sent.batch.id);
    return sent;
  });

  // "Ana yemek başlat": the held lines of a course go to the kitchen to be cooked.
  r.post(
    '/tickets/:ticketId/courses/fire',
    { config: FLOOR, schema: { params: ticketParams, body: fireCourseRequest, response: { 200: fireCourseResponse } } },
    async (request) => {
      const { restaurantId } = actorOf(request);
      const fired = await command(request, (c) => fireCourse(c, request.params.ticketId, request.body));
      // Committed: a kitchen working from station printers gets a "<COURSE> BAŞLADI" slip.
      app.printing.courseFired(restaurantId, request.params.ticketId, fired.course, fired.lineIds);
      return { ticket: await current(restaurantId, request.params.ticketId), ...fired };
    },
  );

  r.post('/tickets/:ticketId/move', { config: FLOOR, schema: { params: ticketParams, body: moveTicketRequest, response: ticketAnswer } }, async (request) => {
    await command(request, (c) => moveTicket(c, request.params.ticketId, request.body.version, request.body.tableId));
    return current(actorOf(request).restaurantId, request.params.ticketId);
  });

  r.post(
    '/tickets/:ticketId/move-lines',
    { config: FLOOR, schema: { params: ticketParams, body: moveLinesRequest, response: { 200: moveLinesResponse } } },
    async (request) => {
      const { restaurantId } = actorOf(request);
      const targetId = await command(request, (c) => moveLines(c, request.params.ticketId, request.body));
      return { ticket: await current(restaurantId, request.params.ticketId), target: await current(restaurantId, targetId) };
    },
  );

  r.post('/tickets/:ticketId/merge', { config: FLOOR, schema: { params: ticketParams, body: mergeTicketRequest, response: ticketAnswer } }, async (request) => {
    await command(request, (c) => mergeTickets(c, request.params.ticketId, request.body.version, request.body.fromTicketId));
    return current(actorOf(request).restaurantId, request.params.ticketId);
  });
}
