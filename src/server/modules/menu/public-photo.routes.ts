import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../errors';
import { PUBLIC } from '../../lib/routes';
import { MENU_MESSAGES } from './menu-messages';
import { PHOTO_MIME, PHOTO_NAME, type PhotoKind } from './photo-store';

/** Item photos as public, cacheable files: the public menu shows them (prefix /api/public/photos). */
export async function publicPhotoRoutes(app: FastifyInstance) {
  const { photos } = app;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/:file',
    { config: PUBLIC, schema: { params: z.object({ file: z.string() }) } },
    async (request, reply) => {
      const { file } = request.params;
      const info = PHOTO_NAME.test(file) ? await stat(photos.pathOf(file)).catch(() => null) : null;
      if (!info?.isFile()) throw new HttpError(404, MENU_MESSAGES.photoNotFound);
      // A new photo always gets a new name, so a name's bytes never change: cache for a year.
      return reply
        .header('content-type', PHOTO_MIME[file.split('.').pop() as PhotoKind])
        .header('content-length', info.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(createReadStream(photos.pathOf(file)));
    },
  );
}
