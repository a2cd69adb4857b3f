import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { commandBatcher } from '../../lib/command-batch';
import { commandDeps } from '../../lib/routes';

const batchers = new WeakMap<Db, ReturnType<typeof commandBatcher>>();

/**
 * How incoming online orders are stored: batched per restaurant (lib/command-batch.ts), one batcher
 * per server, shared by every channel (the restaurant's own and the platforms').
 */
export function intakeOf(app: FastifyInstance) {
  let batcher = batchers.get(app.db);
  if (!batcher) batchers.set(app.db, (batcher = commandBatcher(commandDeps(app))));
  return batcher;
}
