import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../errors';
import { PUBLIC, restaurantParams } from '../../lib/routes';
import { MENU_MESSAGES } from '../menu';
import { PublicMenuCache, acceptsGzip, matchesEtag } from './public-menu-cache';
import { loadPublicMenu } from './public-menu.service';

/** The customers' menu, no sign-in (prefix /api/public/menus). */
export async function publicMenuRoutes(app: FastifyInstance) {
  const { db, hub } = app;
  const cache = new PublicMenuCache((id) => loadPublicMenu(db, id), hub, { ttlMs: 5_000, maxEntries: 1_000 });
  app.addHook('onClose', async () => cache.close());

  app.withTypeProvider<ZodTypeProvider>().get(
    '/:restaurantId',
    {
      config: PUBLIC,
      schema: {
        params: restaurantParams,
        // masa: the QR token of the table a code was printed for; an unknown one is ignored, never an error.
        querystring: z.object({ masa: z.string().max(64).optional() }),
        // 200 is `publicMenu` (src/shared/public-menu.ts), sent as bytes serialised once per change.
      },
    },
    async (request, reply) => {
      const menu = await cache.get(request.params.restaurantId, request.query.masa);
      if (!menu) throw new HttpError(404, MENU_MESSAGES.menuOffline);
      // Customers must see a sold-out item vanish at once: caches revalidate every time, and the
      // page polls with If-None-Match, which costs a 304 and no body while nothing changed.
      reply.header('cache-control', 'no-cache').header('etag', menu.etag).header('vary', 'accept-encoding');
      if (matchesEtag(request.headers['if-none-match'], menu.etag)) return reply.status(304).send();
      reply.type('application/json; charset=utf-8');
      if (acceptsGzip(request.headers['accept-encoding'])) return reply.header('content-encoding', 'gzip').send(menu.gzip);
      return reply.send(menu.json);
    },
  );
}
