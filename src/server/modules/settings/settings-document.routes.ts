import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CommandContext } from '../../lib/command';
import { command, restaurantParams as params } from '../../lib/routes';
import { actorOf, type Access } from '../../plugins/auth';
import { etagOf, versionFromIfMatch, type Versioned } from './settings-document';

interface DocumentRoutes<T> {
  body: z.ZodType<T>;
  readers: { access: Access };
  writers: { access: Access };
  get(restaurantId: string): Promise<Versioned<T>>;
  replace(c: CommandContext, input: { value: T; expectedVersion?: number }): Promise<Versioned<T>>;
}

/**
 * GET and PUT of a whole settings document: ETag = version, If-None-Match → 304, If-Match → 409 on
 * a concurrent change; the save is a command (which emits the document's live event).
 */
export function settingsDocumentRoutes<T>(app: FastifyInstance, spec: DocumentRoutes<T>) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('', { config: spec.readers, schema: { params } }, async (request, reply) => {
    const current = await spec.get(actorOf(request).restaurantId);
    // Private and revalidated on every read: a screen that already has this version gets a 304.
    reply.header('etag', etagOf(current.version)).header('cache-control', 'private, no-cache');
    if (request.headers['if-none-match'] === etagOf(current.version)) return reply.status(304).send();
    return current.value;
  });

  r.put('', { config: spec.writers, schema: { params, body: spec.body } }, async (request, reply) => {
    const expectedVersion = versionFromIfMatch(request.headers['if-match']);
    const saved = await command(request, (c) => spec.replace(c, { value: request.body as T, expectedVersion }));
    reply.header('etag', etagOf(saved.version));
    return saved.value;
  });
}
