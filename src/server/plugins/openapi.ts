import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** The tag of the routes published for integrators (the restaurant's own order channel). */
export const INTEGRATION_TAG = 'Entegrasyon';

/**
 * The OpenAPI document an integrator needs (issue 24), generated from the shared Zod schemas by the
 * zod type provider's transform. Only routes tagged for integrators are published (hideUntagged):
 * the staff API is the SPA's and may change with it. Registered before the modules, so the
 * swagger plugin sees their routes as they are added; served at /api/docs and /api/docs/json.
 */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Sofra entegrasyon API',
        version: '1',
        description:
          'Restoranın kendi kanalı (web sitesi, telefon sipariş uygulaması, entegratör) siparişleri buraya imzalı gönderir. ' +
          'İmza: X-Sofra-Signature: sha256=<hex HMAC-SHA256("<X-Sofra-Timestamp>.<ham gövde>", gizli anahtar)>. ' +
          'Gövdesiz istekte (GET …/menu) imzalanan metin "<X-Sofra-Timestamp>." olur. ' +
          'Restoran kimliği ve gizli anahtar Online Sipariş Takibi ekranının Kendi Kanalımız bölümündedir: restoran sahibi anahtarı orada görür ve yeniler. ' +
          'Siparişte kullanılacak ürün ve seçenek kimlikleri GET /api/integrations/sofra/{restaurantId}/menu ile alınır.',
      },
      tags: [{ name: INTEGRATION_TAG, description: 'Restoranın kendi sipariş kanalı' }],
    },
    hideUntagged: true,
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
}

/** GET /api/docs and /api/docs/json: the document itself (JSON), public like the channel it describes. */
export function registerOpenApiRoutes(app: FastifyInstance) {
  const document = async () => app.swagger();
  app.get('/api/docs', { config: { access: 'public' }, schema: { hide: true } }, document);
  app.get('/api/docs/json', { config: { access: 'public' }, schema: { hide: true } }, document);
}
