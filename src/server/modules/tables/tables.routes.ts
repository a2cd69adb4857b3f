import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { diningTable } from '../../../shared/tables-contract';
import type { Db } from '../../db/client';
import { ALL_ROLES, actorOf } from '../../plugins/auth';
import { listTables } from './tables.service';

/** Read-only for now: the QR screen prints a card per table; the layout screen will edit them. */
export function tablesRoutes(app: FastifyInstance, db: Db) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/restaurants/:restaurantId/tables',
    { config: { access: ALL_ROLES }, schema: { params: z.object({ restaurantId: z.string() }), response: { 200: z.array(diningTable) } } },
    async (request) => listTables(db, actorOf(request).restaurantId),
  );
}
