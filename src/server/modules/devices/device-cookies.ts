import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../plugins/auth';
import { SESSION_TTL_MS } from '../auth';
import { SHARED_DEVICE_COOKIE, SHARED_DEVICE_COOKIE_PATH, SHARED_DEVICE_MAX_AGE_MS } from './shared-devices.service';

const isSecure = (request: FastifyRequest) => request.server.config.cookieSecure === 'always' || request.protocol === 'https';

/** HttpOnly and SameSite=Strict: no script can read the device's token, no other site can send it. */
export function setSharedDeviceCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(SHARED_DEVICE_COOKIE, token, {
    path: SHARED_DEVICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: isSecure(request),
    maxAge: Math.floor(SHARED_DEVICE_MAX_AGE_MS / 1000),
  });
}

export const clearSharedDeviceCookie = (reply: FastifyReply) => reply.clearCookie(SHARED_DEVICE_COOKIE, { path: SHARED_DEVICE_COOKIE_PATH });

/** The same session cookie as a password sign-in (auth.routes.ts). */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(request),
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}
