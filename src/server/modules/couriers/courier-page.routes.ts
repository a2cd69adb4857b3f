import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COURIER_MESSAGES, COURIER_PAYMENT_METHODS, courierPositionRequest, courierStepRequest, courierViewResponse, type CourierViewResponse } from '../../../shared/couriers-contract';
import type { Role } from '../../../shared/domain/roles';
import { restaurants } from '../../db/schema';
import { HttpError, retryAfter } from '../../errors';
import { runCommand, type CommandContext } from '../../lib/command';
import { commandDeps, PUBLIC } from '../../lib/routes';
import { idempotencyStep } from '../../plugins/idempotency';
import { LoginLimiter } from '../auth';
import { ReportLimiter } from '../client-errors';
import { getRestaurantSettings } from '../settings';
import { resolveCourierLink, type CourierSession } from './courier-link';
import { courierActor, recordPosition, takeCourierStep } from './courier-trip-commands';
import { courierOrders } from './couriers-read.service';

declare module 'fastify' {
  interface FastifyRequest {
    courier: CourierSession | null;
  }
}

const tokenParams = z.object({ token: z.string().max(100) });
const stepParams = tokenParams.extend({ assignmentId: z.string().max(64) });
/** A courier's requests are small: a position, a tap. */
const COURIER_BODY_LIMIT = 4 * 1024;
/**
 * The phone sends a fix about every 10 s; a loop or a script gets 429 long before it hurts. A step's
 * position counts too: over the limit the step is still taken, its position is not kept.
 */
const POSITION_LIMITS = { perSession: 30, perAddress: 600, windowMs: 60_000 };
/**
 * Links that are not ours, per address: a link is 256 random bits, so this only keeps a guessing
 * script from costing a query a request. A courier's real link is never counted.
 */
export const LINK_GUESS_LIMITS = { maxFailures: { ip: 30 }, windowMs: 15 * 60_000 };

const courierOf = (request: FastifyRequest) => request.courier!;

/**
 * The courier's phone page (issue 24), no staff sign-in: the private link's token is the key, and
 * it opens that courier's own orders only. Prefix /api/courier/:token. Writes are commands run as
 * the courier; a status tap with an Idempotency-Key is answered once, like a signed-in POST.
 */
export async function courierPageRoutes(app: FastifyInstance) {
  const { db } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const positions = new ReportLimiter(POSITION_LIMITS);
  app.decorateRequest('courier', null);

  const guesses = new LoginLimiter(LINK_GUESS_LIMITS);

  app.addHook('onRequest', async (request) => {
    const { token } = request.params as { token?: string };
    const attempt = guesses.reserve([`ip:${request.ip}`]);
    if (!attempt.ok) throw new HttpError(429, COURIER_MESSAGES.tooManyLinkTries, {}, retryAfter(attempt.retryAfterSeconds));
    const session = await resolveCourierLink(db, token ?? '').catch((err: unknown) => {
      if (err instanceof HttpError && err.statusCode === 401) attempt.fail();
      else attempt.release();
      throw err;
    });
    attempt.release();
    request.courier = session;
    // The idempotency plugin (an app-wide preHandler, after this hook) keys a retried tap by its
    // caller: the courier stands in for a user there. Nothing else reads it on these routes; the
    // commands run as courierActor (no user id, role 'courier').
    request.actor = { sessionId: `courier-link:${session.linkId}`, userId: session.courierId, email: '', role: 'courier' as Role, restaurantId: session.restaurantId };
  });

  const asCourier = <T>(request: FastifyRequest, work: (c: CommandContext) => Promise<T>) =>
    runCommand({ ...commandDeps(app), lockAndClaim: idempotencyStep(request) }, courierActor(courierOf(request)), work);

  const view = async (s: CourierSession): Promise<CourierViewResponse> => {
    const [restaurant] = await db.select({ name: restaurants.name }).from(restaurants).where(eq(restaurants.id, s.restaurantId));
    const { value: settings } = await getRestaurantSettings(db, s.restaurantId);
    return {
      courierName: s.courierName,
      restaurantName: settings.profile.name || restaurant?.name || '',
      paymentMethods: COURIER_PAYMENT_METHODS.filter((m) => settings.paymentMethods.includes(m)),
      mealCardBrands: [...settings.mealCardBrands],
      linkExpiresAt: s.expiresAt.toISOString(),
      orders: await courierOrders(db, s.courierId),
    };
  };

  r.get('', { config: PUBLIC, schema: { params: tokenParams, response: { 200: courierViewResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return view(courierOf(request));
  });

  r.post('/positions', { config: PUBLIC, bodyLimit: COURIER_BODY_LIMIT, schema: { params: tokenParams, body: courierPositionRequest } }, async (request, reply) => {
    const s = courierOf(request);
    const taken = positions.take(s.linkId, request.ip);
    if (!taken.ok) throw new HttpError(429, COURIER_MESSAGES.tooManyPositions, {}, retryAfter(taken.retryAfterSeconds));
    await asCourier(request, (c) => recordPosition(c, s, request.body));
    return reply.status(204).send();
  });

  r.post(
    '/orders/:assignmentId/steps',
    { config: PUBLIC, bodyLimit: COURIER_BODY_LIMIT, schema: { params: stepParams, body: courierStepRequest, response: { 200: courierViewResponse } } },
    async (request, reply) => {
      const s = courierOf(request);
      const { position, ...step } = request.body;
      const keepPosition = position !== undefined && positions.take(s.linkId, request.ip).ok;
      await asCourier(request, (c) => takeCourierStep(c, s, request.params.assignmentId, keepPosition ? { ...step, position } : step));
      reply.header('cache-control', 'no-store');
      return view(s);
    },
  );
}
