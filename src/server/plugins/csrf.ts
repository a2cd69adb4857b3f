import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * the route reads a multipart/form-data upload instead of JSON (photo uploads): what to answer
     * a request that sends anything else
     */
    multipart?: { notMultipart: string };
  }
}

export const CSRF_MESSAGES = {
  crossOrigin: 'Bu istek başka bir siteden geldiği için reddedildi. Sofra’yı kendi adresinden açıp tekrar deneyin.',
  notJson: 'Desteklenmeyen içerik türü; istek gövdesini JSON (application/json) olarak gönderin',
} as const;

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The host[:port] an Origin header names, or null for 'null' and anything unparseable. */
function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/**
 * Where the request says it comes from, judged against our own origin: the Host the browser
 * addressed (or X-Forwarded-Host with TRUST_PROXY, as Fastify's `request.host` reads it), or the
 * configured PUBLIC_URL. The scheme is not compared: behind a TLS proxy the server sees http.
 */
function isCrossOrigin(request: FastifyRequest, publicUrl: string | undefined): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    if (publicUrl && origin === publicUrl) return false;
    const host = hostOf(origin);
    return host === null || host.toLowerCase() !== request.host.toLowerCase();
  }
  // Without Origin, the Fetch Metadata header still tells a browser's cross-site request apart.
  // 'same-site' is refused too: another port of the same host is same-site, and was the attack.
  const site = request.headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site';
}

const hasBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

/**
 * CSRF protection without tokens. A browser always names the origin of a state-changing request
 * (Origin, or at least Sec-Fetch-Site), so a write from another origin is refused with a 403;
 * a request with neither header is not a browser's (curl, an integration) and cannot carry a
 * victim's cookies against their will, so it passes. Bodies must be JSON: the content types a
 * plain HTML form can send (text/plain, urlencoded, multipart) never reach a JSON route.
 */
export function registerCsrf(app: FastifyInstance, publicUrl: string | undefined) {
  app.addHook('onRequest', async (request) => {
    if (!WRITES.has(request.method)) return;
    if (isCrossOrigin(request, publicUrl)) throw new HttpError(403, CSRF_MESSAGES.crossOrigin);
    if (!hasBody(request)) return;
    const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type === 'application/json') return;
    if (type === 'multipart/form-data' && request.routeOptions.config?.multipart) return;
    // The photo route keeps its own wording, so its screen shows one message for a wrong upload.
    throw new HttpError(415, request.routeOptions.config?.multipart?.notMultipart ?? CSRF_MESSAGES.notJson);
  });
}
