import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changeOwnPasswordRequest, userPreferences } from '../../../shared/staff-contract';
import { ALL_STAFF, command } from '../../lib/routes';
import { REMEMBER_COOKIE, SESSION_COOKIE, actorOf } from '../../plugins/auth';
import { etagOf, versionFromIfMatch } from '../settings/settings-document';
import { changeOwnPassword, checkOwnPassword, getPreferences, replacePreferences, signOutEverywhere } from './me.service';

/** What every signed-in staff member may do for their own account (prefix /api/me). */
export async function meRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/preferences', { config: ALL_STAFF }, async (request, reply) => {
    const current = await getPreferences(app.db, actorOf(request));
    reply.header('etag', etagOf(current.version)).header('cache-control', 'private, no-cache');
    return current.value;
  });

  r.put('/preferences', { config: ALL_STAFF, schema: { body: userPreferences } }, async (request, reply) => {
    const expectedVersion = versionFromIfMatch(request.headers['if-match']);
    const saved = await command(request, (c) => replacePreferences(c, { value: request.body, expectedVersion }));
    reply.header('etag', etagOf(saved.version));
    return saved.value;
  });

  r.post('/password', { config: ALL_STAFF, schema: { body: changeOwnPasswordRequest } }, async (request, reply) => {
    const { userId, sessionId } = actorOf(request);
    const passwordHash = await checkOwnPassword(app.db, userId, request.body.currentPassword, request.body.newPassword);
    await command(request, (c) => changeOwnPassword(c, { passwordHash, sessionId }));
    return reply.status(204).send();
  });

  r.post('/sign-out-everywhere', { config: ALL_STAFF }, async (request, reply) => {
    await command(request, signOutEverywhere);
    reply.clearCookie(SESSION_COOKIE, { path: '/' }).clearCookie(REMEMBER_COOKIE, { path: '/' });
    return reply.status(204).send();
  });
}
