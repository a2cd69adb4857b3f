import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pinState, setOwnPinRequest } from '../../../shared/pin-contract';
import { WRONG_CURRENT_PASSWORD } from '../../../shared/staff-contract';
import { HttpError } from '../../errors';
import { ALL_STAFF, command } from '../../lib/routes';
import { actorOf } from '../../plugins/auth';
import { AUTH_MESSAGES, guardedCheck, LIMIT_WINDOW_MS, LoginLimiter } from '../auth';
import { pinChecksOf } from './pin-checks';
import { checkCurrentPassword, clearPin, ownPinState, setOwnPin } from './pins.service';

const isWrongPassword = (err: unknown) => err instanceof HttpError && err.message === WRONG_CURRENT_PASSWORD;

/** Ayarlar → PIN: each person's own PIN (prefix /api/me). */
export async function mePinRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const key = pinChecksOf(app).pinKey;
  // A screen left open must not become a way to guess the password: as many tries as at the login.
  const passwordChecks = new LoginLimiter({ maxFailures: { user: 10 }, windowMs: LIMIT_WINDOW_MS });

  r.get('/pin', { config: ALL_STAFF, schema: { response: { 200: pinState } } }, (request) => ownPinState(app.db, actorOf(request)));

  r.put('/pin', { config: ALL_STAFF, schema: { body: setOwnPinRequest, response: { 200: pinState } } }, async (request) => {
    const { userId } = actorOf(request);
    const limitKey = `user:${userId}`;
    await guardedCheck(
      passwordChecks,
      { limit: [limitKey], clearOnSuccess: limitKey },
      AUTH_MESSAGES.tooManyPasswordChecks,
      () => checkCurrentPassword(app.db, userId, request.body.currentPassword, limitKey),
      isWrongPassword,
    );
    return command(request, (c) => setOwnPin(c, { pin: request.body.pin, key }));
  });

  r.delete('/pin', { config: ALL_STAFF, schema: { response: { 200: pinState } } }, (request) => command(request, (c) => clearPin(c, actorOf(request).userId, 'self')));
}
