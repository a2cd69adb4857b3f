import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '../../../shared/errors';
import { isUuid } from '../../../shared/ids';
import type { Role } from '../../../shared/domain/roles';
import {
  TABLE_REQUEST_LIMITS,
  guestCallRequest,
  guestOrderRequest,
  guestRequestCreatedResponse,
  guestRequestStatusResponse,
} from '../../../shared/table-requests-contract';
import type { Db } from '../../db/client';
import { diningTables, restaurants } from '../../db/schema';
import { HttpError, retryAfter } from '../../errors';
import { runCommand, type CommandContext } from '../../lib/command';
import { commandDeps, PUBLIC } from '../../lib/routes';
import { idempotencyStep } from '../../plugins/idempotency';
import { LoginLimiter } from '../auth';
import { ReportLimiter } from '../client-errors';
import { createCall, createOrderRequest, guestActor, type TableGuest } from './guest-commands';
import { TABLE_REQUEST_MESSAGES } from './table-request-messages';
import { readGuestRequest } from './table-requests-read.service';

declare module 'fastify' {
  interface FastifyRequest {
    tableGuest: TableGuest | null;
  }
}

const tokenParams = z.object({ restaurantId: z.string(), token: z.string().max(100) });
const requestParams = tokenParams.extend({ requestId: z.string().max(64) });
/** A basket of 30 lines with notes fits well within this. */
const GUEST_BODY_LIMIT = 32 * 1024;
/** The tables module's new tokens and the database's default are both 43 base64url characters. */
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;
/**
 * Writes from one address per minute (a phone, or a restaurant's Wi-Fi shared by its guests); the
 * per-table figure only stops a script that rotates addresses on one table.
 */
const WRITE_LIMITS = { perSession: 3 * TABLE_REQUEST_LIMITS.perAddressPerMinute, perAddress: TABLE_REQUEST_LIMITS.perAddressPerMinute, windowMs: 60_000 };
/** Codes that are not a table's, per address: a token is 244+ random bits, this only keeps a script from costing a query a request. */
const TOKEN_GUESS_LIMITS = { maxFailures: { ip: 60 }, windowMs: 15 * 60_000 };

/** The table a current QR token of this restaurant names; the same 404 for every other case. */
async function resolveTable(db: Db, restaurantId: string, token: string): Promise<TableGuest> {
  if (!isUuid(restaurantId)) throw new HttpError(404, MESSAGES.restaurantNotFound);
  if (!TOKEN_FORMAT.test(token)) throw new HttpError(404, TABLE_REQUEST_MESSAGES.tokenInvalid);
  const [row] = await db
    .select({ id: diningTables.id, name: diningTables.name, restaurantId: restaurants.id })
    .from(restaurants)
    .leftJoin(diningTables, and(eq(diningTables.restaurantId, restaurants.id), eq(diningTables.qrToken, token)))
    .where(eq(restaurants.id, restaurantId));
  if (!row) throw new HttpError(404, MESSAGES.restaurantNotFound);
  if (!row.id || row.name === null) throw new HttpError(404, TABLE_REQUEST_MESSAGES.tokenInvalid);
  return { restaurantId: row.restaurantId, tableId: row.id, tableName: row.name, token };
}

/**
 * A guest at a table, no sign-in (prefix /api/public/menus/:restaurantId/tables/:token): the table's
 * QR token is the key, and it reaches that table's own requests only. Writes are commands run as the
 * guest; an order must carry an Idempotency-Key (the page makes one per basket), so a retried or
 * double-tapped order is one request with one answer.
 */
export async function guestRequestsRoutes(app: FastifyInstance) {
  const { db } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const writes = new ReportLimiter(WRITE_LIMITS);
  const guesses = new LoginLimiter(TOKEN_GUESS_LIMITS);
  app.decorateRequest('tableGuest', null);

  app.addHook('onRequest', async (request) => {
    const { restaurantId, token } = request.params as { restaurantId?: string; token?: string };
    const attempt = guesses.reserve([`ip:${request.ip}`]);
    if (!attempt.ok) throw new HttpError(429, TABLE_REQUEST_MESSAGES.tooManyTokenTries, {}, retryAfter(attempt.retryAfterSeconds));
    const guest = await resolveTable(db, restaurantId ?? '', token ?? '').catch((err: unknown) => {
      if (err instanceof HttpError && err.statusCode === 404) attempt.fail();
      else attempt.release();
      throw err;
    });
    attempt.release();
    request.tableGuest = guest;
    // Counted before the Idempotency-Key is claimed (an app-wide preHandler, after this hook), so a
    // refusal here is not kept as the key's answer: the same basket goes through once the minute is over.
    if (request.method === 'POST') {
      const taken = writes.take(guest.tableId, request.ip);
      if (!taken.ok) throw new HttpError(429, TABLE_REQUEST_MESSAGES.tooManyRequests, {}, retryAfter(taken.retryAfterSeconds));
    }
    // The idempotency plugin keys a retried request by its caller: the table stands in for a user
    // there. Nothing else reads it on these routes; the commands run as guestActor (no user).
    request.actor = { sessionId: `table:${guest.tableId}`, userId: guest.tableId, email: '', role: 'guest' as Role, restaurantId: guest.restaurantId };
  });

  const guestOf = (request: FastifyRequest) => request.tableGuest!;
  const asGuest = <T>(request: FastifyRequest, work: (c: CommandContext) => Promise<T>) =>
    runCommand({ ...commandDeps(app), lockAndClaim: idempotencyStep(request) }, guestActor(guestOf(request)), work);

  r.post(
    '/requests',
    { config: PUBLIC, bodyLimit: GUEST_BODY_LIMIT, schema: { params: tokenParams, body: guestOrderRequest, response: { 201: guestRequestCreatedResponse } } },
    async (request, reply) => {
      if (!request.headers['idempotency-key']) throw new HttpError(400, TABLE_REQUEST_MESSAGES.idempotencyKeyMissing);
      const guest = guestOf(request);
      const created = await asGuest(request, (c) => createOrderRequest(c, guest, request.body));
      reply.header('cache-control', 'no-store');
      return reply.status(201).send(created);
    },
  );

  r.get('/requests/:requestId', { config: PUBLIC, schema: { params: requestParams, response: { 200: guestRequestStatusResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return readGuestRequest(db, guestOf(request), request.params.requestId);
  });

  r.post(
    '/calls',
    { config: PUBLIC, bodyLimit: GUEST_BODY_LIMIT, schema: { params: tokenParams, body: guestCallRequest, response: { 201: guestRequestCreatedResponse } } },
    async (request, reply) => {
      const guest = guestOf(request);
      const created = await asGuest(request, (c) => createCall(c, guest, request.body));
      reply.header('cache-control', 'no-store');
      return reply.status(201).send(created);
    },
  );
}
