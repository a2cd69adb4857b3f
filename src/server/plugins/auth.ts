import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../shared/errors';
import type { Role } from '../../shared/domain/roles';
import { HttpError } from '../errors';
import type { Db } from '../db/client';

export const SESSION_COOKIE = 'sofra_session';
export const REMEMBER_COOKIE = 'sofra_remember';

/** The signed-in person a request acts for: their session, role and restaurant. */
export interface Actor {
  sessionId: string;
  userId: string;
  email: string;
  role: Role;
  restaurantId: string;
}

/** Who may call a route: anyone, or signed-in staff of these roles. Every /api route declares one. */
export type Access = 'public' | readonly Role[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}

/** The actor of a route that is not public; the access hook has already checked it exists. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new HttpError(401, MESSAGES.notSignedIn);
  return request.actor;
}

/** `findActor` is the auth module's: the session a cookie's token names, when it is still live. */
export function registerAuth(app: FastifyInstance, findActor: (db: Db, sessionToken: string) => Promise<Actor | null>) {
  app.decorateRequest('actor', null);

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && route.config?.access === undefined) {
      throw new Error(`${route.method} ${route.url} declares no access rule`);
    }
  });

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const access = request.routeOptions.config?.access;
    if (access === undefined || access === 'public') return;
    const token = request.cookies[SESSION_COOKIE];
    const actor = token ? await findActor(app.db, token) : null;
    if (!actor) {
      if (token) reply.clearCookie(SESSION_COOKIE, { path: '/' });
      throw new HttpError(401, MESSAGES.notSignedIn);
    }
    if (!access.includes(actor.role)) throw new HttpError(403, MESSAGES.forbidden);
    // Tenant isolation: another restaurant's resources look exactly like missing ones.
    const params = request.params as Record<string, string> | undefined;
    if (params?.restaurantId !== undefined && params.restaurantId !== actor.restaurantId) {
      throw new HttpError(404, MESSAGES.restaurantNotFound);
    }
    request.actor = actor;
  });
}
