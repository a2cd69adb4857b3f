import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers (CSP, frame and referrer policy, HSTS, nosniff…) on every answer, the
 * event streams' hijacked ones included. Our policy has no per-request part (no nonces), so the
 * headers are worked out once at start; the Fastify wrapper ran Helmet anew for every request.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  const fixed = [...headers];
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of fixed) reply.raw.setHeader(name, value);
    done();
  });
}
