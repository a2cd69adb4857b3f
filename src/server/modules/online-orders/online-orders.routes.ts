import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptOnlineOrderRequest, acceptOnlineOrderResult, customerHistoryInfo, customerLookupQuery, pausePlatformRequest, platformConnectionInfo, platformConnectionRequest, integrationSecretInfo, mapPlatformProductRequest, mapPlatformProductResult, onlineOrderInfo, onlineOrdersQuery, onlineOrdersWaitingInfo, phoneOrderRequest, platformProductCode, rejectOnlineOrderRequest, rotatedSecretResult } from '../../../shared/online-orders-contract';
import { DELIVERY_PLATFORMS } from '../../../shared/domain/channels';
import { OWNER, allow, command, restaurantParams } from '../../lib/routes';
import { actorOf } from '../../plugins/auth';
import { acceptOnlineOrder, rejectOnlineOrder, rotateSofraSecret } from './online-order-commands';
import { startScheduledSweep } from './scheduled-orders';
import { handOverOnlineOrder } from './online-order-endings';
import { countWaitingOnlineOrders, listOnlineOrders, readOnlineOrder, readSofraSecret } from './online-orders-read.service';
import { customerHistory, takePhoneOrder } from './phone-orders';
import { platformSimulatorRoutes } from './platform-simulator.routes';
import { listPlatformConnections, mapPlatformProduct, pausePlatform, savePlatformConnection } from './platform-settings';

const orderParams = restaurantParams.extend({ orderId: z.string() });
const platformParams = restaurantParams.extend({ platform: z.enum(DELIVERY_PLATFORMS, { error: 'Bilinmeyen platform' }) });
const productParams = platformParams.extend({ code: platformProductCode });

/**
 * Online Sipariş Takibi (issue 24) and the secret of the restaurant's own channel. Prefix: the
 * restaurant. The owner's: answering an order commits the kitchen's work and the restaurant's word
 * to the customer. Writes are commands (restaurant lock, audit, live event 'online-orders').
 */
export async function onlineOrdersRoutes(app: FastifyInstance) {
  const { db } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();
  startScheduledSweep(app);

  r.get('/online-orders', { config: OWNER, schema: { params: restaurantParams, querystring: onlineOrdersQuery, response: { 200: z.array(onlineOrderInfo) } } }, async (request) =>
    listOnlineOrders(db, actorOf(request).restaurantId, request.query.status),
  );

  // The kitchen screen rings while orders wait (Ayarlar): it learns how many and since when, never
  // the orders (customers, addresses, prices stay the owner's). Waiters answer nothing here.
  r.get(
    '/online-orders/waiting',
    { config: allow('owner', 'kitchen'), schema: { params: restaurantParams, response: { 200: onlineOrdersWaitingInfo } } },
    async (request) => countWaitingOnlineOrders(db, actorOf(request).restaurantId),
  );

  // Telefon Siparişi: typed in by staff, accepted at once (phone-orders.ts)
  r.post('/online-orders/phone', { config: OWNER, schema: { params: restaurantParams, body: phoneOrderRequest, response: { 201: acceptOnlineOrderResult } } }, async (request, reply) => {
    const result = await command(request, (c) => takePhoneOrder(c, request.body));
    reply.code(201);
    return result;
  });

  r.get(
    '/online-orders/customers',
    { config: OWNER, schema: { params: restaurantParams, querystring: customerLookupQuery, response: { 200: customerHistoryInfo } } },
    async (request) => customerHistory(db, actorOf(request).restaurantId, request.query.phone),
  );

  r.post(
    '/online-orders/:orderId/accept',
    { config: OWNER, schema: { params: orderParams, body: acceptOnlineOrderRequest, response: { 200: acceptOnlineOrderResult } } },
    // the platform hears it at once: the command wakes the outbox after its commit (platform-orders.ts)
    async (request) => command(request, (c) => acceptOnlineOrder(c, request.params.orderId, request.body)),
  );

  r.post(
    '/online-orders/:orderId/reject',
    { config: OWNER, schema: { params: orderParams, body: rejectOnlineOrderRequest, response: { 200: onlineOrderInfo } } },
    async (request) => {
      await command(request, (c) => rejectOnlineOrder(c, request.params.orderId, request.body));
      return readOnlineOrder(db, actorOf(request).restaurantId, request.params.orderId);
    },
  );

  // Teslim Edildi: a Gel-Al order or one the platform's courier took (online-order-endings.ts)
  r.post('/online-orders/:orderId/handover', { config: OWNER, schema: { params: orderParams, response: { 200: onlineOrderInfo } } }, async (request) => {
    await command(request, (c) => handOverOnlineOrder(c, request.params.orderId));
    return readOnlineOrder(db, actorOf(request).restaurantId, request.params.orderId);
  });

  // the delivery platforms' connections (platform_connections) and Yoğunuz (pause, via the outbox)
  r.get('/integrations/platforms', { config: OWNER, schema: { params: restaurantParams, response: { 200: z.array(platformConnectionInfo) } } }, async (request) =>
    listPlatformConnections(db, actorOf(request).restaurantId),
  );

  r.put(
    '/integrations/platforms/:platform',
    { config: OWNER, schema: { params: platformParams, body: platformConnectionRequest, response: { 200: platformConnectionInfo } } },
    async (request) => command(request, (c) => savePlatformConnection(c, request.params.platform, request.body)),
  );

  // Eşleştir: a platform's product code → a Sofra dish, from an order waiting in the inbox
  r.put(
    '/integrations/platforms/:platform/products/:code',
    { config: OWNER, schema: { params: productParams, body: mapPlatformProductRequest, response: { 200: mapPlatformProductResult } } },
    async (request) => command(request, (c) => mapPlatformProduct(c, request.params.platform, request.params.code, request.body.menuItemId)),
  );

  r.post(
    '/integrations/platforms/:platform/pause',
    { config: OWNER, schema: { params: platformParams, body: pausePlatformRequest } },
    async (request, reply) => {
      await command(request, (c) => pausePlatform(c, request.params.platform, request.body.minutes));
      app.platformOutbox.kick();
      return reply.status(204).send();
    },
  );

  r.get('/integrations/sofra/secret', { config: OWNER, schema: { params: restaurantParams, response: { 200: integrationSecretInfo } } }, async (request) =>
    readSofraSecret(db, actorOf(request).restaurantId),
  );

  r.post('/integrations/sofra/secret', { config: { ...OWNER, secretInAnswer: true }, schema: { params: restaurantParams, response: { 200: rotatedSecretResult } } }, async (request) => ({
    secret: await command(request, (c) => rotateSofraSecret(c)),
  }));

  // Ayarlar > Deneme Siparişleri (demo data only)
  platformSimulatorRoutes(app);
}
