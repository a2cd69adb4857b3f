import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '../../../shared/errors';
import { printerSettings } from '../../../shared/printer-settings';
import type { Db } from '../../db/client';
import { HttpError } from '../../errors';
import { ALL_ROLES, actorOf } from '../../plugins/auth';
import type { EventHub } from '../events/event-hub';
import { getPrinterSettings, replacePrinterSettings } from './printer.service';

const params = z.object({ restaurantId: z.string() });
const etag = (version: number) => `"${version}"`;

/** If-Match: "3" → 3; absent → no version check (integrations that replace blindly). */
function expectedVersion(header: string | undefined): number | undefined {
  if (header === undefined) return undefined;
  const match = /^"(\d+)"$/.exec(header.trim());
  if (!match) throw new HttpError(400, `${MESSAGES.invalidRequest}: If-Match başlığı "sürüm" biçiminde olmalı`);
  return Number(match[1]);
}

export function printerRoutes(app: FastifyInstance, db: Db, hub: EventHub) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const url = '/api/restaurants/:restaurantId/settings/printer';

  // Every role reads it: waiters and the kitchen print too. Only the owner changes it.
  r.get(url, { config: { access: ALL_ROLES }, schema: { params } }, async (request, reply) => {
    const current = await getPrinterSettings(db, actorOf(request).restaurantId);
    // Private and revalidated on every read: a screen that already has this version gets a 304.
    reply.header('etag', etag(current.version)).header('cache-control', 'private, no-cache');
    if (request.headers['if-none-match'] === etag(current.version)) return reply.status(304).send();
    return current.settings;
  });

  r.put(url, { config: { access: ['owner'] }, schema: { params, body: printerSettings } }, async (request, reply) => {
    const actor = actorOf(request);
    const saved = await replacePrinterSettings(db, actor, request.body, expectedVersion(request.headers['if-match']));
    hub.publish(actor.restaurantId, 'settings.printer');
    reply.header('etag', etag(saved.version));
    return saved.settings;
  });
}
