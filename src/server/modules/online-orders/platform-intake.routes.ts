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
import { GETIR_PAYMENT_METHODS, UnknownGetirPayment, getirPaymentCatalog } from './platforms/getir';
import { PlatformBodyError, type PlatformAdapter, type PlatformConnection, type PlatformLookups } from './platforms/types';
import type { PlatformClient } from './platform-client';
import { isSimulatedBaseUrl } from './simulated-platform';
import { yemeksepetiStatusUpdate } from './platforms/yemeksepeti';
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

/** The adapter's reading of a parsed body; a body it cannot take is a 400 with its Turkish reason. */
function readWith<T>(read: () => T): T {
  try {
    return read();
  } catch (err) {
    if (err instanceof PlatformBodyError) throw new HttpError(400, `Geçersiz sipariş: ${err.message}`);
    throw err;
  }
}

/**
 * What Sofra already knows of the platform that helps read an order: Getir's payment methods
 * (GET /payment-methods, kept a day by the client). Never a network call on a webhook's way unless
 * `fetch`: the intake reads the list only when the order's payment cannot be named without it, and
 * then at most once a day; the demo's simulated platform has none.
 */
async function lookupsFor(client: PlatformClient, restaurantId: string, connection: PlatformConnection, fetchIfMissing: boolean): Promise<PlatformLookups> {
  if (connection.platform !== 'getir' || isSimulatedBaseUrl(connection.baseUrl)) return {};
  const body = fetchIfMissing ? await client.read(restaurantId, connection, GETIR_PAYMENT_METHODS) : client.cached(restaurantId, connection, GETIR_PAYMENT_METHODS);
  const paymentMethods = getirPaymentCatalog(body);
  return paymentMethods ? { paymentMethods } : {};
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

  /** The order in the body as its adapter reads it; a payment the platform's own list must name is looked up once. */
  async function orderOf(request: FastifyRequest, restaurantId: string, connection: PlatformConnection, adapter: PlatformAdapter) {
    const payload = parseAs(adapter.payload, request.body) as never;
    const client = app.platformOutbox.client;
    const known = await lookupsFor(client, restaurantId, connection, false);
    try {
      return adapter.toOrder(payload, known);
    } catch (err) {
      if (!(err instanceof UnknownGetirPayment)) {
        return readWith(() => {
          throw err;
        });
      }
      const lookups = await lookupsFor(client, restaurantId, connection, true).catch((readErr: unknown) => {
        request.log.warn({ err: readErr, restaurantId }, 'getir: payment methods could not be read');
        return {};
      });
      return readWith(() => adapter.toOrder(payload, lookups));
    }
  }

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
      const order = await orderOf(request, restaurantId, connection, adapter);
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
      const cancel = readWith(() => adapter.toCancellation(parseAs(adapter.cancellation, request.body) as never));
      return runCommand(commandDeps(app), integrationActor(restaurantId), (c) => cancelPlatformOrder(c, connection.platform, cancel.externalId, cancel.reason));
    },
  );

  // ---------------------------------------------------------------- Yemeksepeti, as Delivery Hero calls a plugin
  // The connection's plugin base is /api/integrations/yemeksepeti/:restaurantId; the middleware
  // appends its own paths (platforms/yemeksepeti.ts). `remoteId` is the vendor's code on the
  // middleware (the connection's remote code): another one is not this restaurant's branch.

  async function yemeksepetiDoor(request: FastifyRequest, restaurantId: string, remoteId: string): Promise<{ connection: PlatformConnection; adapter: PlatformAdapter }> {
    const door = await authenticated(request, 'yemeksepeti', restaurantId);
    if (door.connection.remoteCode && door.connection.remoteCode !== remoteId) throw new HttpError(404, ONLINE_ORDER_MESSAGES.unknownRemoteId);
    return door;
  }

  const dhParams = z.object({ restaurantId: z.string(), remoteId: z.string().max(120) });
  const dhAnswer = z.object({ remoteResponse: z.object({ remoteOrderId: z.string() }) });

  app.withTypeProvider<ZodTypeProvider>().post(
    '/yemeksepeti/:restaurantId/order/:remoteId',
    {
      config: PUBLIC,
      bodyLimit: ONLINE_ORDER_LIMITS.bodyBytes,
      schema: {
        summary: 'Yemeksepeti (Delivery Hero) sipariş iletimi',
        params: dhParams,
        response: { 200: dhAnswer, 400: errorResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse, 413: errorResponse },
      },
    },
    async (request) => {
      const { restaurantId, remoteId } = request.params;
      const { connection, adapter } = await yemeksepetiDoor(request, restaurantId, remoteId);
      const order = await orderOf(request, restaurantId, connection, adapter);
      await intake(integrationActor(restaurantId), (c) => receivePlatformOrder(c, connection, order));
      // the order's code: the middleware names the order by it in its later status updates
      return { remoteResponse: { remoteOrderId: order.externalId } };
    },
  );

  const statusParams = dhParams.extend({ remoteOrderId: z.string().max(120) });
  const statusAnswer = z.object({ status: z.string(), orderId: z.string().optional() });
  const posOrderStatus = async (request: FastifyRequest<{ Params: z.infer<typeof statusParams> }>) => {
    const { restaurantId, remoteId, remoteOrderId } = request.params;
    const { connection, adapter } = await yemeksepetiDoor(request, restaurantId, remoteId);
    const update = parseAs(yemeksepetiStatusUpdate, request.body) as z.infer<typeof yemeksepetiStatusUpdate>;
    // other updates (picked up by the rider, a product modification's outcome) need no answer but 200
    if (update.status !== 'ORDER_CANCELLED') return { status: 'received' };
    const cancel = readWith(() => adapter.toCancellation(parseAs(adapter.cancellation, request.body) as never, remoteOrderId));
    return runCommand(commandDeps(app), integrationActor(restaurantId), (c) => cancelPlatformOrder(c, connection.platform, cancel.externalId, cancel.reason));
  };
  const statusRoute = {
    config: PUBLIC,
    bodyLimit: ONLINE_ORDER_LIMITS.bodyBytes,
    schema: {
      summary: 'Yemeksepeti (Delivery Hero) sipariş durumu (iptal)',
      params: statusParams,
      response: { 200: statusAnswer, 400: errorResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse, 413: errorResponse },
    },
  };
  // transcriptions of the middleware differ on the method: both are served
  app.withTypeProvider<ZodTypeProvider>().put('/yemeksepeti/:restaurantId/remoteId/:remoteId/remoteOrder/:remoteOrderId/posOrderStatus', statusRoute, posOrderStatus);
  app.withTypeProvider<ZodTypeProvider>().post('/yemeksepeti/:restaurantId/remoteId/:remoteId/remoteOrder/:remoteOrderId/posOrderStatus', statusRoute, posOrderStatus);
}
