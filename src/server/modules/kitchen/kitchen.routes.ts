import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acknowledgeRequest,
  batchActionRequest,
  batchActionResponse,
  kitchenAlert,
  kitchenHistoryQuery,
  kitchenHistoryResponse,
  kitchenOrder,
  kitchenOrdersQuery,
  lineStatusRequest,
  lineStatusResponse,
  readyLine,
  serveLinesRequest,
  serveLinesResponse,
} from '../../../shared/kitchen-contract';
import { allow, commandDeps, restaurantParams } from '../../lib/routes';
import { idempotencyStep } from '../../plugins/idempotency';
import { actorOf } from '../../plugins/auth';
import type { Actor } from '../../plugins/auth';
import { acknowledgeBatches, bumpBatch, markServed, raiseUnacknowledgedAlerts, recallBatch, setLineStatus } from './kitchen-commands';
import { kitchenHistory } from './kitchen-history.service';
import { listKitchenOrders, listReadyLines, listUnacknowledged } from './kitchen-read.service';
import { serveLines, undoServe } from './serve-commands';

const KITCHEN = allow('owner', 'kitchen');
const FLOOR = allow('owner', 'waiter');
const params = restaurantParams;
const lineParams = params.extend({ lineId: z.string() });
const batchParams = params.extend({ batchId: z.string() });
const servedParams = params.extend({ ticketId: z.string(), lineId: z.string() });
const ticketParams = params.extend({ ticketId: z.string() });

const commandActor = (a: Actor) => ({ restaurantId: a.restaurantId, userId: a.userId, role: a.role });
/** The owner sees everyone's; a waiter their own. */
const ownOnly = (a: Actor) => (a.role === 'owner' ? null : a.userId);

declare module 'fastify' {
  interface FastifyInstance {
    /** AppOptions.kitchenAlertSweepMs */
    kitchenAlertSweepMs: number;
  }
}

/** Prefix: the restaurant. */
export async function kitchenRoutes(app: FastifyInstance) {
  const deps = commandDeps(app);
  /** a command's dependencies with the request's idempotency key, recorded in the command */
  const depsOf = (request: FastifyRequest) => ({ ...deps, lockAndClaim: idempotencyStep(request) });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    `/kitchen/orders`,
    { config: KITCHEN, schema: { params, querystring: kitchenOrdersQuery, response: { 200: z.array(kitchenOrder) } } },
    async (request) => listKitchenOrders(deps.db, actorOf(request).restaurantId, request.query),
  );

  r.post(
    `/kitchen/lines/:lineId/status`,
    { config: KITCHEN, schema: { params: lineParams, body: lineStatusRequest, response: { 200: lineStatusResponse } } },
    async (request) => setLineStatus(depsOf(request), commandActor(actorOf(request)), request.params.lineId, request.body.status),
  );

  r.post(
    `/kitchen/batches/:batchId/bump`,
    { config: KITCHEN, schema: { params: batchParams, body: batchActionRequest, response: { 200: batchActionResponse } } },
    async (request) => bumpBatch(depsOf(request), commandActor(actorOf(request)), request.params.batchId, request.body?.station || undefined),
  );

  r.post(
    `/kitchen/batches/:batchId/recall`,
    { config: KITCHEN, schema: { params: batchParams, body: batchActionRequest, response: { 200: batchActionResponse } } },
    async (request) => recallBatch(depsOf(request), commandActor(actorOf(request)), request.params.batchId, request.body?.station || undefined),
  );

  r.post(
    `/kitchen/acknowledge`,
    {
      config: KITCHEN,
      schema: { params, body: acknowledgeRequest, response: { 200: z.object({ acknowledged: z.number().int() }) } },
    },
    async (request) => acknowledgeBatches(depsOf(request), commandActor(actorOf(request)), request.body),
  );

  r.get(
    `/kitchen/history`,
    { config: KITCHEN, schema: { params, querystring: kitchenHistoryQuery, response: { 200: kitchenHistoryResponse } } },
    async (request) => kitchenHistory(deps.db, actorOf(request).restaurantId, request.query),
  );

  r.get(
    `/kitchen/ready`,
    { config: FLOOR, schema: { params, response: { 200: z.array(readyLine) } } },
    async (request) => {
      const actor = actorOf(request);
      return listReadyLines(deps.db, actor.restaurantId, ownOnly(actor));
    },
  );

  r.get(
    `/kitchen/alerts`,
    { config: FLOOR, schema: { params, response: { 200: z.array(kitchenAlert) } } },
    async (request) => {
      const actor = actorOf(request);
      return listUnacknowledged(deps.db, actor.restaurantId, ownOnly(actor));
    },
  );

  r.post(
    `/tickets/:ticketId/lines/:lineId/served`,
    { config: FLOOR, schema: { params: servedParams, response: { 200: lineStatusResponse } } },
    async (request) => markServed(depsOf(request), commandActor(actorOf(request)), request.params.ticketId, request.params.lineId),
  );

  r.post(
    `/tickets/:ticketId/serve`,
    { config: FLOOR, schema: { params: ticketParams, body: serveLinesRequest, response: { 200: serveLinesResponse } } },
    async (request) => serveLines(depsOf(request), commandActor(actorOf(request)), request.params.ticketId, request.body.lineIds),
  );

  r.post(
    `/tickets/:ticketId/serve/undo`,
    { config: FLOOR, schema: { params: ticketParams, body: serveLinesRequest, response: { 200: serveLinesResponse } } },
    async (request) => undoServe(depsOf(request), commandActor(actorOf(request)), request.params.ticketId, request.body.lineIds),
  );

  // Every few seconds the server looks for batches no kitchen screen received in time.
  if (app.kitchenAlertSweepMs <= 0) return;
  let isSweeping = false;
  const timer = setInterval(() => {
    if (isSweeping) return;
    isSweeping = true;
    raiseUnacknowledgedAlerts(deps)
      .catch((err: unknown) => app.log.error({ err }, 'kitchen alert sweep failed'))
      .finally(() => (isSweeping = false));
  }, app.kitchenAlertSweepMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
