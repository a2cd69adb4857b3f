import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { diningTable, section } from '../../../shared/tables-contract';
import type { Db } from '../../db/client';
import { ALL_ROLES, actorOf } from '../../plugins/auth';
import { listSections, listTables } from './tables.service';

const params = z.object({ restaurantId: z.string() });

/**
 * Read-only for now: waiters pick their default section, the QR screen prints a card per table;
 * the layout screen will edit them.
 */
export function tablesRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/restaurants/:restaurantId/sections',
    { config: { access: ALL_ROLES }, schema: { params, response: { 200: z.array(section) } } },
    async (request) => listSections(db, actorOf(request).restaurantId),
  );
  r.get(
    '/api/restaurants/:restaurantId/tables',
    { config: { access: ALL_ROLES }, schema: { params, response: { 200: z.array(diningTable) } } },
    async (request) => listTables(db, actorOf(request).restaurantId),
  );
}
