import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { onlineOrderSimulatorInfo, simulateOnlineOrderRequest, simulatedOnlineOrderResult } from '../../../shared/online-orders-contract';
import { OWNER, restaurantParams } from '../../lib/routes';
import { actorOf } from '../../plugins/auth';
import { simulateOnlineOrder, simulatorInfo } from './platform-simulator';

/**
 * Ayarlar > Deneme Siparişleri (owner; demo restaurant only): whether the simulator is there, and
 * one sample order per press through the real intake (platform-simulator.ts). Registered by
 * onlineOrdersRoutes, so it shares its prefix (the restaurant).
 */
export function platformSimulatorRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/online-orders/simulate', { config: OWNER, schema: { params: restaurantParams, response: { 200: onlineOrderSimulatorInfo } } }, async (request) =>
    simulatorInfo(app.db, actorOf(request).restaurantId),
  );
  r.post(
    '/online-orders/simulate',
    { config: { ...OWNER, claimKeyUpFront: true }, schema: { params: restaurantParams, body: simulateOnlineOrderRequest, response: { 201: simulatedOnlineOrderResult } } },
    async (request, reply) => {
      const result = await simulateOnlineOrder(request, request.body);
      reply.code(201);
      return result;
    },
  );
}
