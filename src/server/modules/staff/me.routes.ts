import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changeOwnPasswordRequest, userPreferences } from '../../../shared/staff-contract';
import { ALL_STAFF, command } from '../../lib/routes';
import { REMEMBER_COOKIE, SESSION_COOKIE, actorOf } from '../../plugins/auth';
import { AUTH_MESSAGES, guardedCheck, LIMIT_WINDOW_MS, LoginLimiter } from '../auth';
import { HttpError } from '../../errors';
import { etagOf, versionFromIfMatch } from '../settings';
import { changeOwnPassword, checkOwnPassword, getPreferences, replacePreferences, signOutEverywhere } from './me.service';
import { STAFF_MESSAGES } from './staff-messages';

const isWrongCurrentPassword = (err: unknown) => err instanceof HttpError && err.message === STAFF_MESSAGES.wrongCurrentPassword;

/** What every signed-in staff member may do for their own account (prefix /api/me). */
export async function meRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // A stolen session must not become a way to guess the password: as many tries as at the login.
  const passwordChecks = new LoginLimiter({ maxFailures: { user: 10 }, windowMs: LIMIT_WINDOW_MS });

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
    const key = `user:${userId}`;
    const passwordHash = await guardedCheck(
      passwordChecks,
      { limit: [key], clearOnSuccess: key },
      AUTH_MESSAGES.tooManyPasswordChecks,
      () => checkOwnPassword(app.db, userId, request.body.currentPassword, request.body.newPassword, key),
      isWrongCurrentPassword,
    );
    await command(request, (c) => changeOwnPassword(c, { passwordHash, sessionId }));
    return reply.status(204).send();
  });

  r.post('/sign-out-everywhere', { config: ALL_STAFF }, async (request, reply) => {
    await command(request, signOutEverywhere);
    reply.clearCookie(SESSION_COOKIE, { path: '/' }).clearCookie(REMEMBER_COOKIE, { path: '/' });
    return reply.status(204).send();
  });
}
