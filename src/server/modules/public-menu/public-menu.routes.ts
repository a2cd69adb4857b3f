import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { menuPageQuery, publicMenuQuery } from '../../../shared/public-menu';
import { HttpError } from '../../errors';
import { PUBLIC, restaurantParams } from '../../lib/routes';
import { MENU_MESSAGES } from '../menu';
import { MenuPageTemplate, type MenuPageBytes } from './menu-page';
import { PublicMenuCache, acceptsGzip, matchesEtag, type MenuRepresentation } from './public-menu-cache';
import { loadPublicMenu } from './public-menu.service';

/**
 * The customers' menu, no sign-in: the API (/api/public/menus/:restaurantId) and, when the SPA is
 * built, the page that carries its answer (/menu/:restaurantId). One cache serves both, so the
 * page holds exactly what the API would have answered it.
 */
export async function publicMenuRoutes(app: FastifyInstance) {
  const { db, hub } = app;
  const cache = new PublicMenuCache((id) => loadPublicMenu(db, id), hub, { ttlMs: 5_000, maxEntries: 1_000 });
  app.addHook('onClose', async () => cache.close());
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/public/menus/:restaurantId',
    {
      config: PUBLIC,
      schema: {
        params: restaurantParams,
        // masa: the QR token of the table a code was printed for; an unknown one is ignored, never an error.
        querystring: publicMenuQuery,
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

  // Without a build (the API tests, `npm run dev:client`) the page is Vite's or the SPA plugin's
  // plain menu.html, and the page's script asks the API itself.
  const file = path.join(app.clientDir, 'menu.html');
  if (!existsSync(file)) return;
  const plain = readFileSync(file);
  const template = new MenuPageTemplate(plain.toString('utf8'));
  const noMenu = template.render(null);
  // one page per form of the menu, made when first asked for; it goes when the cache drops that form
  const pages = new WeakMap<MenuRepresentation, MenuPageBytes>();

  r.get(
    '/menu/:restaurantId',
    // masa as the API reads it; a malformed one is ignored here too: the guest still gets the menu
    { config: PUBLIC, schema: { hide: true, params: restaurantParams, querystring: menuPageQuery } },
    async (request, reply) => {
      let page = noMenu;
      try {
        const menu = await cache.get(request.params.restaurantId, request.query.masa);
        if (menu) {
          page = pages.get(menu) ?? template.render(menu);
          pages.set(menu, page);
        }
      } catch (err) {
        // An unknown restaurant: the page says so (its fallback title, no dishes). Anything else
        // (the database away for a moment): the plain page, whose script asks the API until it answers.
        if (!(err instanceof HttpError && err.statusCode === 404)) {
          request.log.error({ err }, 'Menü sayfaya eklenemedi');
          return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(plain);
        }
        reply.status(404);
      }
      reply.header('cache-control', 'no-cache').header('etag', page.etag).header('vary', 'accept-encoding');
      if (reply.statusCode === 200 && matchesEtag(request.headers['if-none-match'], page.etag)) return reply.status(304).send();
      reply.type('text/html; charset=utf-8');
      if (acceptsGzip(request.headers['accept-encoding'])) return reply.header('content-encoding', 'gzip').send(page.gzip);
      return reply.send(page.html);
    },
  );
}
