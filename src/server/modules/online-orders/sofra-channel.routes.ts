import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { MESSAGES, errorResponse } from '../../../shared/errors';
import { isUuid } from '../../../shared/ids';
import {
  ONLINE_ORDER_LIMITS,
  SOFRA_CHANNEL,
  SOFRA_SIGNATURE_HEADER,
  SOFRA_TIMESTAMP_HEADER,
  sofraMenuResponse,
  sofraOrderRequest,
  sofraOrderResult,
} from '../../../shared/online-orders-contract';
import { integrationSecrets } from '../../db/schema';
import { HttpError } from '../../errors';
import type { CommandActor } from '../../lib/command';
import { PUBLIC } from '../../lib/routes';
import { JSON_TOO_DEEP, MAX_JSON_DEPTH, jsonDepth } from '../../plugins/json-body';
import { intakeOf } from './intake-batcher';
import { prepareOnlineOrder, storeOnlineOrder } from './online-order-commands';
import { ONLINE_ORDER_MESSAGES } from './online-orders-messages';
import { signatureProblem } from './sofra-signature';
import { readSofraMenu } from './sofra-menu';
import { INTEGRATION_TAG } from '../../plugins/openapi';

const channelParams = z.object({ restaurantId: z.string().meta({ description: 'Restoranın kimliği (Online Sipariş Takibi > Kendi Kanalımız: sipariş adresinde yazar)' }) });
const signedHeaders = z.object({
  [SOFRA_TIMESTAMP_HEADER]: z.string().optional().meta({ description: 'Unix zamanı (saniye); sunucu saatinden en fazla 5 dakika farklı olabilir' }),
  [SOFRA_SIGNATURE_HEADER]: z
    .string()
    .optional()
    .meta({ description: 'sha256=<"<timestamp>.<ham gövde>" metninin restoranın gizli anahtarıyla HMAC-SHA256 özeti, küçük harf hex>' }),
});

const SIGNATURE_MESSAGES = {
  missing: ONLINE_ORDER_MESSAGES.signatureMissing,
  stale: ONLINE_ORDER_MESSAGES.timestampStale,
  bad: ONLINE_ORDER_MESSAGES.signatureBad,
} as const;

/**
 * The restaurant's own channel (its website, a phone-order app, an integrator), issue 24:
 * POST /api/integrations/sofra/:restaurantId/orders, signed with the restaurant's secret, and the
 * menu it orders from (GET …/menu: dishes, option groups and option ids), signed the same way.
 *
 * The signature covers the raw bytes, so this plugin keeps its own JSON parser (scoped to it by
 * Fastify's encapsulation) that only reads the text; the signature is checked before the text is
 * parsed or validated, so an unsigned caller learns nothing about the contract (always 401) and
 * nothing is written on any refusal. An unknown restaurant, or one with no secret yet, is answered like a
 * wrong signature.
 */
const UNKNOWN_SECRET = randomBytes(32).toString('hex');

export async function sofraChannelRoutes(app: FastifyInstance) {
  const { db } = app;
  const intake = intakeOf(app);
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = body as string;
    done(null, body);
  });

  async function verify(request: FastifyRequest<{ Params: { restaurantId: string } }>) {
    const { restaurantId } = request.params;
    const [row] = isUuid(restaurantId)
      ? await db
          .select({ secret: integrationSecrets.secret })
          .from(integrationSecrets)
          .where(and(eq(integrationSecrets.restaurantId, restaurantId), eq(integrationSecrets.channel, SOFRA_CHANNEL)))
      : [];
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? undefined : value;
    };
    // no restaurant or no secret: checked against a secret nobody holds, so the answer (missing,
    // stale or bad) is the one a known restaurant gives a wrong signature
    const problem = signatureProblem(row?.secret ?? UNKNOWN_SECRET, header(SOFRA_TIMESTAMP_HEADER), header(SOFRA_SIGNATURE_HEADER), request.rawBody ?? '');
    if (problem) {
      request.log.warn({ restaurantId, problem }, 'sofra channel: refused signature');
      throw new HttpError(401, SIGNATURE_MESSAGES[problem]);
    }
    // a signed read (the menu) has no body: the signed text is "<timestamp>."
    if (request.method === 'GET' || request.method === 'HEAD') return;
    // signed: now the text may be read (the same safe parse as every other route)
    const text = request.rawBody;
    if (text === null || text.trim() === '') throw new HttpError(400, ONLINE_ORDER_MESSAGES.bodyMissing);
    if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) throw new HttpError(400, JSON_TOO_DEEP);
    request.body = await new Promise((resolve, reject) =>
      parseJson(request, text, (err, parsed) => (err ? reject(new HttpError(400, MESSAGES.badJson)) : resolve(parsed))),
    );
  }

  app.withTypeProvider<ZodTypeProvider>().get(
    '/:restaurantId/menu',
    {
      config: PUBLIC,
      preValidation: verify,
      schema: {
        tags: [INTEGRATION_TAG],
        summary: 'Restoranın menüsü (ürünler, seçenek grupları ve seçenek kimlikleri)',
        description:
          'Siparişte kullanılacak kimlikler: items[].menuItemId ürünün id alanı, items[].optionIds seçeneklerin id alanı. ' +
          'Her seçenek grubunun kuralları (zorunlu, en az / en çok seçim) sipariş alınırken de uygulanır. ' +
          'İstek sipariş gibi imzalanır; gövde boş olduğundan imzalanan metin "<X-Sofra-Timestamp>." olur.',
        params: channelParams,
        headers: signedHeaders,
        response: { 200: sofraMenuResponse, 401: errorResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return readSofraMenu(db, request.params.restaurantId);
    },
  );

  app.withTypeProvider<ZodTypeProvider>().post(
    '/:restaurantId/orders',
    {
      config: PUBLIC,
      bodyLimit: ONLINE_ORDER_LIMITS.bodyBytes,
      preValidation: verify,
      schema: {
        tags: [INTEGRATION_TAG],
        summary: 'Restoranın kendi kanalından sipariş',
        description:
          'İmzalı bir siparişi Online Sipariş Takibi ekranına düşürür. Aynı externalId ile aynı içerikte tekrar gönderilen sipariş yeni sipariş açmaz: 200 ile ilk siparişin kimliği döner. Aynı externalId başka bir içerikle gelirse 409 döner ve ilk sipariş değişmez.',
        params: channelParams,
        headers: signedHeaders,
        body: sofraOrderRequest,
        response: { 200: sofraOrderResult, 201: sofraOrderResult, 400: errorResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse, 413: errorResponse },
      },
    },
    async (request, reply) => {
      const actor: CommandActor = { restaurantId: request.params.restaurantId, userId: null, role: 'integration' };
      // checked and priced beside other orders; only storing it waits for the restaurant's lock
      const prepared = await prepareOnlineOrder({ tx: db, restaurantId: actor.restaurantId }, SOFRA_CHANNEL, request.body);
      const result = 'orderId' in prepared ? prepared : await intake(actor, (c) => storeOnlineOrder(c, prepared));
      reply.code(result.created ? 201 : 200);
      return { orderId: result.orderId, status: result.status };
    },
  );
}
