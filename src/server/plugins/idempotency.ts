import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { idempotencyKeys } from '../db/schema';
import { HttpError } from '../errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** set when this request claimed an Idempotency-Key and its answer must be stored */
    idempotencyClaim: { restaurantId: string; key: string } | null;
  }
}

const KEY_FORMAT = /^[A-Za-z0-9_-]{8,128}$/;
const KEEP_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

export const IDEMPOTENCY_MESSAGES = {
  badKey: 'Idempotency-Key 8–128 karakterlik harf, rakam, - ya da _ olmalı',
  reused: 'Bu Idempotency-Key başka bir istek için kullanılmış',
  inProgress: 'Aynı istek hâlâ işleniyor; birkaç saniye sonra tekrar deneyin',
} as const;

/**
 * A signed-in POST with an Idempotency-Key header runs once: a retry with the same key and body
 * gets the stored answer (marked `idempotent-replay: true`), the same key with another body is
 * refused, and a retry that overlaps the first one waits its turn with a 409. Keys live 24 hours,
 * per restaurant. Server errors (5xx) are not stored, so the client can try again.
 */
export function registerIdempotency(app: FastifyInstance) {
  const { db } = app;
  app.decorateRequest('idempotencyClaim', null);
  let lastSweep = 0;

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const key = request.headers['idempotency-key'];
    const isMultipart = request.headers['content-type']?.startsWith('multipart/') ?? false;
    if (request.method !== 'POST' || key === undefined || !request.actor || isMultipart) return;
    if (typeof key !== 'string' || !KEY_FORMAT.test(key)) throw new HttpError(400, IDEMPOTENCY_MESSAGES.badKey);
    const { restaurantId, userId } = request.actor;
    const route = `${request.method} ${request.routeOptions.url}`;
    // The raw text, not JSON.stringify(body): stringifying a hostile body can overflow the stack,
    // and the bytes the client sent are what "the same request" means.
    const requestHash = createHash('sha256')
      .update(`${request.url}\n${request.rawBody ?? ''}`)
      .digest('base64url');

    if (Date.now() - lastSweep > SWEEP_EVERY_MS) {
      lastSweep = Date.now();
      await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(Date.now() - KEEP_MS)));
    }
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ restaurantId, key, userId, route, requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length) {
      request.idempotencyClaim = { restaurantId, key };
      return;
    }
    const [earlier] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.restaurantId, restaurantId), eq(idempotencyKeys.key, key)));
    if (!earlier || earlier.userId !== userId || earlier.route !== route || earlier.requestHash !== requestHash) {
      throw new HttpError(409, IDEMPOTENCY_MESSAGES.reused);
    }
    if (earlier.statusCode === null) throw new HttpError(409, IDEMPOTENCY_MESSAGES.inProgress);
    return reply
      .status(earlier.statusCode)
      .header('idempotent-replay', 'true')
      .type('application/json; charset=utf-8')
      .send(earlier.responseBody ?? '');
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    const where = and(eq(idempotencyKeys.restaurantId, claim.restaurantId), eq(idempotencyKeys.key, claim.key));
    if (reply.statusCode >= 500 || (payload !== undefined && payload !== null && typeof payload !== 'string')) {
      await db.delete(idempotencyKeys).where(where);
    } else {
      await db
        .update(idempotencyKeys)
        .set({ statusCode: reply.statusCode, responseBody: (payload as string | undefined) ?? '' })
        .where(where);
    }
    return payload;
  });
}
