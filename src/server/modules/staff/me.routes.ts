import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changeOwnPasswordRequest, userPreferences } from '../../../shared/staff-contract';
import { SESSIONS_ENDED_EVENT } from '../../../shared/live-events';
import { ALL_STAFF } from '../../lib/routes';
import { REMEMBER_COOKIE, SESSION_COOKIE, actorOf } from '../../plugins/auth';
import { etagOf, versionFromIfMatch } from '../settings/settings-document';
import { changeOwnPassword, getPreferences, replacePreferences, signOutEverywhere } from './me.service';

/** What every signed-in staff member may do for their own account (prefix /api/me). */
export async function meRoutes(app: FastifyInstance) {
  const { db, hub } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const self = ALL_STAFF;

  r.get('/preferences', { config: self }, async (request, reply) => {
    const current = await getPreferences(db, actorOf(request));
    reply.header('etag', etagOf(current.version)).header('cache-control', 'private, no-cache');
    return current.value;
  });

  r.put('/preferences', { config: self, schema: { body: userPreferences } }, async (request, reply) => {
    const actor = actorOf(request);
    const saved = await replacePreferences(db, actor, request.body, versionFromIfMatch(request.headers['if-match']));
    // The same person's other screens (a second tablet) pick the change up.
    hub.publish(actor.restaurantId, 'me.preferences', actor.userId);
    reply.header('etag', etagOf(saved.version));
    return saved.value;
  });

  r.post('/password', { config: self, schema: { body: changeOwnPasswordRequest } }, async (request, reply) => {
    await changeOwnPassword(db, actorOf(request), request.body.currentPassword, request.body.newPassword);
    return reply.status(204).send();
  });

  r.post('/sign-out-everywhere', { config: self }, async (request, reply) => {
    const actor = actorOf(request);
    await signOutEverywhere(db, actor);
    hub.publish(actor.restaurantId, SESSIONS_ENDED_EVENT, actor.userId);
    reply.clearCookie(SESSION_COOKIE, { path: '/' }).clearCookie(REMEMBER_COOKIE, { path: '/' });
    return reply.status(204).send();
  });
}
