import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditChainReport } from '../../../shared/audit-chain-contract';
import { OWNER, restaurantParams } from '../../lib/routes';
import { actorOf } from '../../plugins/auth';
import { verifyChains } from './verify';

/**
 * Kayıt bütünlüğü (Ayarlar, owner): checks the restaurant's hash chains on request. A read: no
 * command, nothing changes.
 */
export async function auditChainRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/audit-chain', { config: OWNER, schema: { params: restaurantParams, response: { 200: auditChainReport } } }, async (request, reply) => {
    // a verdict is of this moment: never from a cache
    reply.header('cache-control', 'private, no-store');
    return verifyChains(app.db, actorOf(request).restaurantId);
  });
}
