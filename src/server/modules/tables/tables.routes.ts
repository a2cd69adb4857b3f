import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createSectionRequest,
  createTableRequest,
  floorResponse,
  layoutSection,
  layoutTable,
  renameSectionRequest,
  reorderSectionsRequest,
  updateTableRequest,
  versionQuery,
} from '../../../shared/floor-contract';
import { qrTokenResponse, qrTokensResponse } from '../../../shared/table-requests-contract';
import { diningTable, section } from '../../../shared/tables-contract';
import { ALL_STAFF, OWNER, allow, command, restaurantParams } from '../../lib/routes';
import { actorOf } from '../../plugins/auth';
import { readFloor } from './floor.service';
import { createSection, createTable, deleteSection, deleteTable, duplicateTable, renameSection, reorderSections, updateTable } from './layout-commands';
import { listQrTokens, rotateQrToken } from './qr-tokens';
import { listSections, listTables } from './tables.service';

const sectionParams = restaurantParams.extend({ sectionId: z.string() });
const tableParams = restaurantParams.extend({ tableId: z.string() });

/**
 * Sections and tables: every staff member lists them (a waiter's default section, QR table cards),
 * the floor staff see the floor with its open tickets, the owner edits the layout (Masa Düzeni).
 * Prefix: the restaurant.
 */
export async function tablesRoutes(app: FastifyInstance) {
  const { db } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/sections', { config: ALL_STAFF, schema: { params: restaurantParams, response: { 200: z.array(section) } } }, async (request) =>
    listSections(db, actorOf(request).restaurantId),
  );
  r.get('/tables', { config: ALL_STAFF, schema: { params: restaurantParams, response: { 200: z.array(diningTable) } } }, async (request) =>
    listTables(db, actorOf(request).restaurantId),
  );
  r.get('/floor', { config: allow('owner', 'waiter'), schema: { params: restaurantParams, response: { 200: floorResponse } } }, async (request) =>
    readFloor(db, actorOf(request).restaurantId),
  );

  r.post('/sections', { config: OWNER, schema: { params: restaurantParams, body: createSectionRequest, response: { 201: layoutSection } } }, async (request, reply) =>
    reply.status(201).send(await command(request, (c) => createSection(c, request.body.name))),
  );
  r.post('/sections/reorder', { config: OWNER, schema: { params: restaurantParams, body: reorderSectionsRequest, response: { 200: z.array(layoutSection) } } }, async (request) =>
    command(request, (c) => reorderSections(c, request.body.ids)),
  );
  r.patch('/sections/:sectionId', { config: OWNER, schema: { params: sectionParams, body: renameSectionRequest, response: { 200: layoutSection } } }, async (request) =>
    command(request, (c) => renameSection(c, request.params.sectionId, request.body.version, request.body.name)),
  );
  r.delete('/sections/:sectionId', { config: OWNER, schema: { params: sectionParams, querystring: versionQuery } }, async (request, reply) => {
    await command(request, (c) => deleteSection(c, request.params.sectionId, request.query.version));
    return reply.status(204).send();
  });

  r.post('/tables', { config: OWNER, schema: { params: restaurantParams, body: createTableRequest, response: { 201: layoutTable } } }, async (request, reply) =>
    reply.status(201).send(await command(request, (c) => createTable(c, request.body))),
  );
  r.patch('/tables/:tableId', { config: OWNER, schema: { params: tableParams, body: updateTableRequest, response: { 200: layoutTable } } }, async (request) =>
    command(request, (c) => updateTable(c, request.params.tableId, request.body)),
  );
  r.post('/tables/:tableId/duplicate', { config: OWNER, schema: { params: tableParams, response: { 201: layoutTable } } }, async (request, reply) =>
    reply.status(201).send(await command(request, (c) => duplicateTable(c, request.params.tableId))),
  );
  // QR Sipariş: the tables' QR tokens (the owner's table cards) and a new token for one table
  r.get('/tables/qr-tokens', { config: OWNER, schema: { params: restaurantParams, response: { 200: qrTokensResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return listQrTokens(db, actorOf(request).restaurantId);
  });
  r.post('/tables/:tableId/qr-token', { config: OWNER, schema: { params: tableParams, response: { 201: qrTokenResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return reply.status(201).send(await command(request, (c) => rotateQrToken(c, request.params.tableId)));
  });
  r.delete('/tables/:tableId', { config: OWNER, schema: { params: tableParams, querystring: versionQuery } }, async (request, reply) => {
    await command(request, (c) => deleteTable(c, request.params.tableId, request.query.version));
    return reply.status(204).send();
  });
}
