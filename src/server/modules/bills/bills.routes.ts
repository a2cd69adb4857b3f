import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  billDetail,
  billSummary,
  billsQuery,
  cancelRequest,
  closeRequest,
  closeResponse,
  compRequest,
  lineDiscountRequest,
  paymentRequest,
  paymentResponse,
  reopenRequest,
  serviceChargeRequest,
  splitQuery,
  splitResponse,
  ticketDiscountRequest,
} from '../../../shared/bill-contract';
import { ticket } from '../../../shared/ticket-contract';
import { OWNER, allow, command, restaurantParams } from '../../lib/routes';
import { actorOf } from '../../plugins/auth';
import { readTicket } from '../orders';
import { cancelLine, compLine, setLineDiscount, setServiceCharge, setTicketDiscount } from './adjustment-commands';
import { Approvals } from './approval';
import { listBills, readBill, splitRemaining } from './bills-read.service';
import { closeTicket, reopenBill, takePayment } from './payment-commands';

/** The bill of an open ticket is the floor staff's; Kapalı Hesaplar and reopening are the owner's. */
const FLOOR = allow('owner', 'waiter');
const ticketParams = restaurantParams.extend({ ticketId: z.string() });
const lineParams = ticketParams.extend({ lineId: z.string() });
const billParams = restaurantParams.extend({ billId: z.string() });
const ticketAnswer = { 200: ticket };

/**
 * Bills (issue 11). Prefix: the restaurant. Every write is one command carrying the ticket's
 * version and answers the ticket as it now is. İndirim / İkram / İptal follow Ayarlar's
 * permissions; an owner's approval (email + password) is checked before the command.
 */
export async function billsRoutes(app: FastifyInstance) {
  const { db } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const approvals = new Approvals(db);
  const current = (restaurantId: string, ticketId: string) => readTicket(db, restaurantId, ticketId);

  r.post('/tickets/:ticketId/discount', { config: FLOOR, schema: { params: ticketParams, body: ticketDiscountRequest, response: ticketAnswer } }, async (request) => {
    const approver = await approvals.verify(request, request.body.approval);
    await command(request, (c) => setTicketDiscount(c, request.params.ticketId, request.body, approver));
    return current(actorOf(request).restaurantId, request.params.ticketId);
  });

  r.post(
    '/tickets/:ticketId/lines/:lineId/discount',
    { config: FLOOR, schema: { params: lineParams, body: lineDiscountRequest, response: ticketAnswer } },
    async (request) => {
      const approver = await approvals.verify(request, request.body.approval);
      await command(request, (c) => setLineDiscount(c, request.params.ticketId, request.params.lineId, request.body, approver));
      return current(actorOf(request).restaurantId, request.params.ticketId);
    },
  );

  r.post('/tickets/:ticketId/lines/:lineId/comp', { config: FLOOR, schema: { params: lineParams, body: compRequest, response: ticketAnswer } }, async (request) => {
    const approver = await approvals.verify(request, request.body.approval);
    await command(request, (c) => compLine(c, request.params.ticketId, request.params.lineId, request.body, approver));
    return current(actorOf(request).restaurantId, request.params.ticketId);
  });

  r.post('/tickets/:ticketId/lines/:lineId/cancel', { config: FLOOR, schema: { params: lineParams, body: cancelRequest, response: ticketAnswer } }, async (request) => {
    const approver = await approvals.verify(request, request.body.approval);
    await command(request, (c) => cancelLine(c, request.params.ticketId, request.params.lineId, request.body, approver));
    return current(actorOf(request).restaurantId, request.params.ticketId);
  });

  r.post('/tickets/:ticketId/service-charge', { config: FLOOR, schema: { params: ticketParams, body: serviceChargeRequest, response: ticketAnswer } }, async (request) => {
    const approver = await approvals.verify(request, request.body.approval);
    await command(request, (c) => setServiceCharge(c, request.params.ticketId, request.body, approver));
    return current(actorOf(request).restaurantId, request.params.ticketId);
  });

  r.get('/tickets/:ticketId/split', { config: FLOOR, schema: { params: ticketParams, querystring: splitQuery, response: { 200: splitResponse } } }, async (request) =>
    splitRemaining(db, actorOf(request).restaurantId, request.params.ticketId, request.query.shares),
  );

  r.post('/tickets/:ticketId/payments', { config: FLOOR, schema: { params: ticketParams, body: paymentRequest, response: { 200: paymentResponse } } }, async (request) => {
    const { ticket, ...paid } = await command(request, (c) => takePayment(c, request.params.ticketId, request.body));
    return { ...ticket, ...paid };
  });

  r.post('/tickets/:ticketId/close', { config: FLOOR, schema: { params: ticketParams, body: closeRequest, response: { 200: closeResponse } } }, async (request) => {
    const closed = await command(request, (c) => closeTicket(c, request.params.ticketId, request.body.version));
    return { ...closed, ticket: await current(actorOf(request).restaurantId, request.params.ticketId) };
  });

  r.get('/bills', { config: OWNER, schema: { params: restaurantParams, querystring: billsQuery, response: { 200: z.array(billSummary) } } }, async (request) =>
    listBills(db, actorOf(request).restaurantId, request.query),
  );

  r.get('/bills/:billId', { config: OWNER, schema: { params: billParams, response: { 200: billDetail } } }, async (request) =>
    readBill(db, actorOf(request).restaurantId, request.params.billId),
  );

  r.post('/bills/:billId/reopen', { config: OWNER, schema: { params: billParams, body: reopenRequest, response: ticketAnswer } }, async (request) => {
    await command(request, (c) => reopenBill(c, request.params.billId, request.body.reason));
    return current(actorOf(request).restaurantId, request.params.billId);
  });
}
