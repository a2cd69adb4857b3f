import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authUser, loginRequest } from '../../../shared/auth-contract';
import { ALL_STAFF, PUBLIC } from '../../lib/routes';
import { REMEMBER_COOKIE, SESSION_COOKIE, actorOf } from '../../plugins/auth';
import { normaliseEmail } from '../../../shared/email';
import { REMEMBER_TTL_MS, SESSION_TTL_MS, login, logout, resume, type SignedIn } from './auth.service';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_MS } from './device-cookie';
import { LOGIN_LIMITS, LoginGuard } from './login-guard';
import { sharedLoginLimiterOf } from './shared-login-limiter';

/** Sign-in, remembered devices, sign-out and the current session (prefix /api/auth). */
export async function authRoutes(app: FastifyInstance) {
  const { db, config } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = new LoginGuard(app.deviceKey, sharedLoginLimiterOf(app, LOGIN_LIMITS));

  const cookieOptions = (request: FastifyRequest, maxAgeMs: number) => ({
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.cookieSecure === 'always' || request.protocol === 'https',
    maxAge: Math.floor(maxAgeMs / 1000),
  });

  function setCookies(request: FastifyRequest, reply: FastifyReply, signedIn: SignedIn) {
    reply.setCookie(SESSION_COOKIE, signedIn.sessionToken, cookieOptions(request, SESSION_TTL_MS));
    if (signedIn.rememberToken) {
      reply.setCookie(REMEMBER_COOKIE, signedIn.rememberToken, cookieOptions(request, REMEMBER_TTL_MS));
    }
  }

  r.post(
    '/login',
    { config: PUBLIC, schema: { body: loginRequest, response: { 200: authUser } } },
    async (request, reply) => {
      const email = normaliseEmail(request.body.email);
      const keys = guard.keysFor(email, request.ip, request.cookies[DEVICE_COOKIE]);
      const signedIn = await guard.check(keys, () => login(db, request.body, keys.client));
      setCookies(request, reply, signedIn);
      // This browser has now proven the account: its later attempts are limited per device.
      reply.setCookie(DEVICE_COOKIE, guard.devices.issue(request.cookies[DEVICE_COOKIE], email), {
        ...cookieOptions(request, DEVICE_COOKIE_MAX_AGE_MS),
        path: '/api/auth',
      });
      // Logging in without remember-me forgets a device remembered earlier.
      if (!request.body.remember) reply.clearCookie(REMEMBER_COOKIE, { path: '/' });
      return signedIn.user;
    },
  );

  r.post(
    '/resume',
    { config: PUBLIC, schema: { response: { 200: authUser } } },
    async (request, reply) => {
      try {
        const signedIn = await resume(db, request.cookies[REMEMBER_COOKIE]);
        setCookies(request, reply, signedIn);
        return signedIn.user;
      } catch (err) {
        reply.clearCookie(REMEMBER_COOKIE, { path: '/' });
        throw err;
      }
    },
  );

  r.post('/logout', { config: PUBLIC }, async (request, reply) => {
    const ended = await logout(db, request.cookies[SESSION_COOKIE], request.cookies[REMEMBER_COOKIE]);
    app.hub.endSessions(ended);
    reply.clearCookie(SESSION_COOKIE, { path: '/' }).clearCookie(REMEMBER_COOKIE, { path: '/' });
    return reply.status(204).send();
  });

  r.get(
    '/session',
    { config: ALL_STAFF, schema: { response: { 200: authUser } } },
    async (request) => {
      const actor = actorOf(request);
      return { uid: actor.userId, email: actor.email, role: actor.role, restaurantId: actor.restaurantId };
    },
  );
}
