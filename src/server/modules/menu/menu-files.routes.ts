import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PHOTO_MAX_BYTES, importMenuRequest, importQuery, importReport, menuItem } from '../../../shared/menu-contract';
import { HttpError } from '../../errors';
import { OWNER, restaurantParams } from '../../lib/routes';
import { actorOf } from '../../plugins/auth';
import { setItemPhoto } from './menu-items.service';
import { MENU_MESSAGES } from './menu-messages';
import { exportMenu, importMenu, ImportRefused } from './menu-transfer.service';
import { itemParams } from './menu.routes';
import { sniffImage, type PhotoKind } from './photo-store';

/** Reads the one uploaded file and checks its size and real type; nothing is stored yet. */
async function readPhoto(request: FastifyRequest): Promise<{ bytes: Buffer; kind: PhotoKind }> {
  let bytes: Buffer;
  try {
    const file = await request.file({ limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 5 } });
    if (!file) throw new HttpError(400, MENU_MESSAGES.photoMissing);
    bytes = await file.toBuffer();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, MENU_MESSAGES.photoTooLarge);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new HttpError(415, MENU_MESSAGES.photoNotMultipart);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new HttpError(400, MENU_MESSAGES.photoMissing);
    }
    throw err;
  }
  if (bytes.length === 0) throw new HttpError(400, MENU_MESSAGES.photoMissing);
  const kind = sniffImage(bytes);
  if (!kind) throw new HttpError(415, MENU_MESSAGES.photoWrongType);
  return { bytes, kind };
}

/** CSV export and import, item photo uploads (prefix …/menu). */
export async function menuFileRoutes(app: FastifyInstance) {
  const { db, hub, photos } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(`/export.csv`, { config: OWNER, schema: { params: restaurantParams } }, async (request, reply) => {
    const csv = await exportMenu(db, actorOf(request).restaurantId);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="menu-${day}.csv"`)
      .header('cache-control', 'private, no-store')
      .send(csv);
  });

  r.post(
    `/import`,
    {
      config: OWNER,
      schema: {
        params: restaurantParams,
        querystring: importQuery,
        body: importMenuRequest,
        response: { 200: importReport, 400: z.object({ error: z.string(), report: importReport.optional() }) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const dryRun = request.query.dryRun === '1' || request.query.dryRun === 'true';
      try {
        const report = await importMenu(db, actor, request.body.csv, dryRun);
        if (report.applied) hub.publish(actor.restaurantId, 'menu');
        return report;
      } catch (err) {
        // The refusal carries the full list of bad rows, as the dry run would have shown it.
        if (err instanceof ImportRefused) return reply.status(400).send({ error: err.message, report: err.report });
        throw err;
      }
    },
  );

  // Multipart only here, in its own scope: every other route keeps accepting JSON alone.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1 } });
    const s = scope.withTypeProvider<ZodTypeProvider>();
    s.put(
      `/items/:itemId/photo`,
      { config: OWNER, schema: { params: itemParams, response: { 200: menuItem } } },
      async (request) => {
        const actor = actorOf(request);
        const item = await setItemPhoto(db, actor, request.params.itemId, photos, await readPhoto(request));
        hub.publish(actor.restaurantId, 'menu', item.id);
        return item;
      },
    );
    s.delete(
      `/items/:itemId/photo`,
      { config: OWNER, schema: { params: itemParams, response: { 200: menuItem } } },
      async (request) => {
        const actor = actorOf(request);
        const item = await setItemPhoto(db, actor, request.params.itemId, photos, null);
        hub.publish(actor.restaurantId, 'menu', item.id);
        return item;
      },
    );
  });
}
