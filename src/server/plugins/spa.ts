import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../../shared/errors';

/**
 * Serves the built SPA: hashed assets cached for a year, HTML never cached. The public menu has its
 * own small page (menu.html) so a customer's phone never downloads the staff app; the courier's
 * page (courier.html, /kurye/<token>) likewise.
 */
export async function registerSpa(app: FastifyInstance, clientDir: string) {
  const hasBuild = fs.existsSync(path.join(clientDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: true,
      preCompressed: true,
      index: false,
      // Without this, send's own 'public, max-age=0' overwrites what setHeaders chose.
      cacheControl: false,
      setHeaders(res, filePath) {
        const isAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', isAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  // The static plugin answers a bare directory ('/') with 403 unless the client names an encoding
  // (curl, uptime monitors do not): the root is the login page, as /index.html is.
  if (hasBuild) {
    app.get('/', { config: { access: 'public' } }, (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    if (request.method !== 'GET' || url.startsWith('/api/') || url.startsWith('/assets/') || !hasBuild) {
      return reply.status(404).send({ error: MESSAGES.routeNotFound });
    }
    const page = url.startsWith('/menu/') ? 'menu.html' : url.startsWith('/kurye/') ? 'courier.html' : 'index.html';
    return reply.header('cache-control', 'no-cache').sendFile(page);
  });
}
