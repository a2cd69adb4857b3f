import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { diningTable, section } from '../../../shared/tables-contract';
import { ALL_STAFF, restaurantParams } from '../../lib/routes';
import { actorOf } from '../../plugins/auth';
import { listSections, listTables } from './tables.service';

/**
 * Read-only for now: waiters pick their default section, the QR screen prints a card per table;
 * the layout screen will edit them. Prefix: the restaurant.
 */
export async function tablesRoutes(app: FastifyInstance) {
  const { db } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/sections',
    { config: ALL_STAFF, schema: { params: restaurantParams, response: { 200: z.array(section) } } },
    async (request) => listSections(db, actorOf(request).restaurantId),
  );
  r.get(
    '/tables',
    { config: ALL_STAFF, schema: { params: restaurantParams, response: { 200: z.array(diningTable) } } },
    async (request) => listTables(db, actorOf(request).restaurantId),
  );
}
