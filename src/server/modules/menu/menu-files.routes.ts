import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PHOTO_MAX_BYTES, importMenuRequest, importQuery, importReport, menuItem } from '../../../shared/menu-contract';
import { OWNER, command, restaurantParams } from '../../lib/routes';
import { setItemPhoto } from './menu-items.service';
import { MENU_MESSAGES } from './menu-messages';
import { readPhoto, withNewPhoto } from './menu-photos';
import { exportMenu, importMenu, ImportRefused, previewImport } from './menu-transfer.service';
import { itemParams } from './menu.routes';

/** CSV export and import, item photo uploads (prefix …/menu). */
export async function menuFileRoutes(app: FastifyInstance) {
  const { db, photos } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/export.csv', { config: OWNER, schema: { params: restaurantParams } }, async (request, reply) => {
    const csv = await exportMenu(db, request.params.restaurantId);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="menu-${day}.csv"`)
      .header('cache-control', 'private, no-store')
      .send(csv);
  });

  r.post(
    '/import',
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
      const isDryRun = request.query.dryRun === '1' || request.query.dryRun === 'true';
      if (isDryRun) return previewImport(db, request.params.restaurantId, request.body.csv);
      try {
        return await command(request, (c) => importMenu(c, request.body));
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
    const setPhoto = (itemId: string, saved: string | null, request: Parameters<typeof command>[0]) =>
      withNewPhoto(photos, saved, (photoPath) => command(request, (c) => setItemPhoto(c, { itemId, photoPath })));

    s.put('/items/:itemId/photo', { config: { ...OWNER, multipart: { notMultipart: MENU_MESSAGES.photoNotMultipart } }, schema: { params: itemParams, response: { 200: menuItem } } }, async (request) => {
      const { bytes, kind } = await readPhoto(request);
      return (await setPhoto(request.params.itemId, await photos.save(bytes, kind), request)).item;
    });
    s.delete('/items/:itemId/photo', { config: OWNER, schema: { params: itemParams, response: { 200: menuItem } } }, async (request) => {
      return (await setPhoto(request.params.itemId, null, request)).item;
    });
  });
}
