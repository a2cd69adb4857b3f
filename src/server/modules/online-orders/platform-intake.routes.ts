import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../../shared/errors';
import { ONLINE_ORDER_LIMITS, sofraOrderResult } from '../../../shared/online-orders-contract';
import { HttpError } from '../../errors';
import { runCommand, type CommandActor } from '../../lib/command';
import { commandDeps, PUBLIC } from '../../lib/routes';
import { intakeOf } from './intake-batcher';
import { cancelPlatformOrder } from './online-order-endings';
import { loadConnection, receivePlatformOrder } from './platform-orders';
import { ADAPTERS, isPlatform } from './platforms';
import { ONLINE_ORDER_MESSAGES } from './online-orders-messages';

const integrationActor = (restaurantId: string): CommandActor => ({ restaurantId, userId: null, role: 'integration' });

/** The platform's documented format, or a 400 naming the first problem in Turkish. */
function parseAs(schema: z.ZodType, body: unknown) {
  if (body === undefined || body === null) throw new HttpError(400, 'Sipariş gövdesi boş');
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new HttpError(400, `Geçersiz sipariş: ${issue.message}${issue.path.length ? ` (${issue.path.join('.')})` : ''}`);
  }
  return parsed.data;
}

const params = z.object({
  platform: z.string().meta({ description: "'yemeksepeti', 'getir' ya da 'trendyol'" }),
  restaurantId: z.string().meta({ description: 'Restoranın kimliği' }),
});

/**
 * The delivery platforms' webhooks (issue 24): POST /api/integrations/:platform/:restaurantId/orders.
 * Checked in this order, nothing written on any refusal: an unknown platform or restaurant, or one
 * without an enabled connection → 404; the platform's own proof missing or wrong → 401; a payload
 * that does not match the platform's documented format → 400 with the first problem in Turkish.
 * The same platform order id again → 200 with the first order (under the restaurant lock).
 */
export async function platformIntakeRoutes(app: FastifyInstance) {
  const { db } = app;
  const intake = intakeOf(app);

  /**
   * The restaurant's enabled connection and the platform's proof on this call, or 401. An unknown
   * restaurant or platform, or one not connected, answers exactly like a wrong proof: the door does
   * not tell a stranger which restaurants use which platform.
   */
  async function authenticated(request: FastifyRequest, platform: string, restaurantId: string) {
    const connection = isPlatform(platform) ? await loadConnection(db, restaurantId, platform) : null;
    const adapter = connection && ADAPTERS[connection.platform];
    if (!connection || !adapter || !adapter.authenticateWebhook(request.headers, connection)) {
      request.log.warn({ restaurantId, platform, connected: Boolean(connection) }, 'platform webhook: refused authentication');
      throw new HttpError(401, ONLINE_ORDER_MESSAGES.platformCredentials);
    }
    return { connection, adapter };
  }

  app.withTypeProvider<ZodTypeProvider>().post(
    '/:platform/:restaurantId/orders',
    {
      config: PUBLIC,
      bodyLimit: ONLINE_ORDER_LIMITS.bodyBytes,
      schema: {
        // not in /api/docs (INTEGRATION_TAG): the platforms send their own documented format
        summary: 'Yemek platformundan sipariş (Yemeksepeti, Getir Yemek, Trendyol Yemek)',
        params,
        response: { 200: sofraOrderResult, 201: sofraOrderResult, 400: errorResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse, 413: errorResponse },
      },
    },
    async (request, reply) => {
      const { platform, restaurantId } = request.params;
      const { connection, adapter } = await authenticated(request, platform, restaurantId);
      const order = adapter.toOrder(parseAs(adapter.payload, request.body) as never);
      const result = await intake(integrationActor(restaurantId), (c) => receivePlatformOrder(c, connection, order));
      reply.code(result.created ? 201 : 200);
      return { orderId: result.orderId, status: result.status };
    },
  );

  // the platform withdraws an order (its own cancellation format; online-order-endings.ts)
  app.withTypeProvider<ZodTypeProvider>().post(
    '/:platform/:restaurantId/cancellations',
    {
      config: PUBLIC,
      bodyLimit: ONLINE_ORDER_LIMITS.bodyBytes,
      schema: {
        summary: 'Yemek platformundan sipariş iptali',
        params,
        response: { 200: sofraOrderResult, 400: errorResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse, 413: errorResponse },
      },
    },
    async (request) => {
      const { platform, restaurantId } = request.params;
      const { connection, adapter } = await authenticated(request, platform, restaurantId);
      const cancel = adapter.toCancellation(parseAs(adapter.cancellation, request.body) as never);
      return runCommand(commandDeps(app), integrationActor(restaurantId), (c) => cancelPlatformOrder(c, connection.platform, cancel.externalId, cancel.reason));
    },
  );
}
