import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditChainCheckQuery, auditChainReport } from '../../../shared/audit-chain-contract';
import { OWNER, restaurantParams } from '../../lib/routes';
import { actorOf } from '../../plugins/auth';
import { checkChains, type ChainCheckpoint } from './verify';

/**
 * Kayıt bütünlüğü (Ayarlar, owner): checks the restaurant's hash chains on request. A read: no
 * command, nothing changes in the database.
 *
 * Each check goes on from where the last sound one ended (a checkpoint per restaurant, kept in this
 * process's memory, where a change made in the database cannot reach it): a year's log is walked
 * once after a start, then only what was written since. `?full=true` walks it all again.
 */
export async function auditChainRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const checkpoints = new Map<string, ChainCheckpoint>();

  r.get('/audit-chain', { config: OWNER, schema: { params: restaurantParams, querystring: auditChainCheckQuery, response: { 200: auditChainReport } } }, async (request, reply) => {
    // a verdict is of this moment: never from a cache
    reply.header('cache-control', 'private, no-store');
    const { restaurantId } = actorOf(request);
    const from = request.query.full === 'true' ? null : (checkpoints.get(restaurantId) ?? null);
    const { report, checkpoint } = await checkChains(app.db, restaurantId, from);
    if (checkpoint) checkpoints.set(restaurantId, checkpoint);
    else checkpoints.delete(restaurantId);
    return report;
  });
}
