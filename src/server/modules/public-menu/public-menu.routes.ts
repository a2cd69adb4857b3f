import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicMenu } from '../../../shared/public-menu';
import type { Db } from '../../db/client';
import { getPublicMenu } from './public-menu.service';

export function publicMenuRoutes(app: FastifyInstance, db: Db) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/public/menus/:restaurantId',
    {
      config: { access: 'public' },
      schema: { params: z.object({ restaurantId: z.string() }), response: { 200: publicMenu } },
    },
    async (request, reply) => {
      const menu = await getPublicMenu(db, request.params.restaurantId);
      // Customers must see a sold-out item vanish at once: caches revalidate every time.
      reply.header('cache-control', 'no-cache');
      return menu;
    },
  );
}
