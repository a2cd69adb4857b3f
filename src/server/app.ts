import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import '../shared/zod-turkish';
import type { ServerConfig } from './config';
import type { Database } from './db/client';
import { RESTAURANT_PREFIX } from './lib/routes';
import { auditChainRoutes } from './modules/audit-chain/audit-chain.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { billsRoutes } from './modules/bills/bills.routes';
import { devicesRoutes } from './modules/devices/devices.routes';
import { mePinRoutes } from './modules/devices/me-pin.routes';
import { pinAuthRoutes } from './modules/devices/pin-auth.routes';
import { clientErrorsRoutes } from './modules/client-errors/client-errors.routes';
import { courierPageRoutes } from './modules/couriers/courier-page.routes';
import { couriersRoutes } from './modules/couriers/couriers.routes';
import { dayCloseRoutes } from './modules/day-close/day-close.routes';
import { onlineOrdersRoutes } from './modules/online-orders/online-orders.routes';
import { sofraChannelRoutes } from './modules/online-orders/sofra-channel.routes';
import { platformIntakeRoutes } from './modules/online-orders/platform-intake.routes';
import { PlatformOutbox, type OutboxOptions } from './modules/online-orders/platform-outbox';
import { loadDeviceKey } from './modules/auth/device-cookie';
import { EventHub } from './modules/events/event-hub';
import { eventsRoutes } from './modules/events/events.routes';
import { distinctFirstSeq, registerFanOut } from './modules/events/pg-fan-out';
import { kitchenRoutes } from './modules/kitchen/kitchen.routes';
import { menuFileRoutes } from './modules/menu/menu-files.routes';
import { menuRoutes } from './modules/menu/menu.routes';
import { PhotoStore } from './modules/menu/photo-store';
import { publicPhotoRoutes } from './modules/menu/public-photo.routes';
import { publicMenuRoutes } from './modules/public-menu/public-menu.routes';
import { recipesRoutes } from './modules/recipes/recipes.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { backfillSalesFigures } from './modules/reports/sales-figures';
import { Printing, type PrintingOptions } from './modules/printing/printing.service';
import { printingRoutes } from './modules/printing/printing.routes';
import { printerRoutes } from './modules/settings/printer.routes';
import { restaurantSettingsRoutes } from './modules/settings/restaurant-settings.routes';
import { meRoutes } from './modules/staff/me.routes';
import { staffRoutes } from './modules/staff/staff.routes';
import { tablesRoutes } from './modules/tables/tables.routes';
import { ticketsRoutes } from './modules/orders/tickets.routes';
import { decorateDeps } from './plugins/app-deps';
import { registerAuth } from './plugins/auth';
import { registerCsrf } from './plugins/csrf';
import { registerIdempotency, type IdempotencyOptions } from './plugins/idempotency';
import { registerJsonBody } from './plugins/json-body';
import { registerSecurityHeaders } from './plugins/security-headers';
import { answerConnectionError, answerFrameworkError, registerErrorHandling } from './plugins/errors';
import { registerOpenApi, registerOpenApiRoutes } from './plugins/openapi';
import { registerSpa } from './plugins/spa';

export interface AppOptions {
  database: Database;
  config: Pick<ServerConfig, 'cookieSecure' | 'trustProxy'> & { publicUrl?: string };
  logger?: FastifyServerOptions['logger'];
  /** Built SPA; defaults to dist/client beside the server bundle. */
  clientDir?: string;
  /** DATA_DIR: uploaded photos go to its uploads/; absent = a temporary directory removed on close (tests). */
  dataDir?: string;
  /** tests play a restarted process or move the lease clock */
  idempotency?: IdempotencyOptions;
  /** network printers: time limit per attempt, delay of a failed kitchen slip's retry */
  printing?: PrintingOptions;
  /** calls to the delivery platforms: fetch, polling and backoff (tests use a fake platform server) */
  platforms?: OutboxOptions;
  /** a PostgreSQL shared with other server processes: live events fan out through it (LISTEN/NOTIFY, ADR 0012) */
  liveEventsUrl?: string;
  /**
   * How often the kitchen's unacknowledged batches are looked for (5 s); 0 = never, for tests
   * that must see every change a request makes and nothing a timer makes meanwhile (the fuzzer).
   */
  kitchenAlertSweepMs?: number;
}

const here = path.dirname(fileURLToPath(import.meta.url));
// src/server and dist/server both sit two levels below the project root.
const DEFAULT_CLIENT_DIR = path.resolve(here, '../../dist/client');

// Inline styles are allowed because Mantine sets CSS variables through style attributes; scripts
// come only from our own origin.
const CONTENT_SECURITY_POLICY = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    // https: Kurye Takibi's map tiles come from the tile server the owner names in Ayarlar
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
};

/**
 * Every module: a Fastify plugin registered under its prefix. A module reads what it needs from the
 * app's decorations (app.db, app.hub, app.photos, app.config) and writes through `command(...)`.
 * A new module is one line here and one row per route in route-matrix.test.ts.
 */
const MODULES: [FastifyPluginAsync, string][] = [
  [authRoutes, '/api/auth'],
  [meRoutes, '/api/me'],
  [pinAuthRoutes, '/api/auth'],
  [mePinRoutes, '/api/me'],
  [eventsRoutes, '/api/events'],
  [clientErrorsRoutes(), '/api/client-errors'],
  [publicMenuRoutes, '/api/public/menus'],
  [publicPhotoRoutes, '/api/public/photos'],
  [printerRoutes, `${RESTAURANT_PREFIX}/settings/printer`],
  [restaurantSettingsRoutes, `${RESTAURANT_PREFIX}/settings/general`],
  [staffRoutes, `${RESTAURANT_PREFIX}/staff`],
  [devicesRoutes, RESTAURANT_PREFIX],
  [tablesRoutes, RESTAURANT_PREFIX],
  [menuRoutes, `${RESTAURANT_PREFIX}/menu`],
  [menuFileRoutes, `${RESTAURANT_PREFIX}/menu`],
  [ticketsRoutes, RESTAURANT_PREFIX],
  [kitchenRoutes, RESTAURANT_PREFIX],
  [billsRoutes, RESTAURANT_PREFIX],
  [dayCloseRoutes, RESTAURANT_PREFIX],
  [printingRoutes, RESTAURANT_PREFIX],
  [auditChainRoutes, RESTAURANT_PREFIX],
  [recipesRoutes, RESTAURANT_PREFIX],
  [reportsRoutes, RESTAURANT_PREFIX],
  [couriersRoutes, RESTAURANT_PREFIX],
  [courierPageRoutes, '/api/courier/:token'],
  [onlineOrdersRoutes, RESTAURANT_PREFIX],
  [sofraChannelRoutes, '/api/integrations/sofra'],
  [platformIntakeRoutes, '/api/integrations'],
];

/** A courier link's token is its key: the request log writes `/api/courier/***`, never the token. */
export const hideCourierToken = (url: string) => url.replace(/^(\/api\/courier\/|\/kurye\/)[^/?#]+/, '$1***');

function withoutCourierTokens(logger: AppOptions['logger']): AppOptions['logger'] {
  if (!logger) return logger;
  const req = (r: { method: string; url: string; host?: string; ip?: string }) => ({ method: r.method, url: hideCourierToken(r.url), host: r.host, remoteAddress: r.ip });
  return { ...(typeof logger === 'object' ? logger : {}), serializers: { ...(typeof logger === 'object' ? logger.serializers : {}), req } } as AppOptions['logger'];
}

export async function buildApp({ database, config, logger = false, clientDir = DEFAULT_CLIENT_DIR, dataDir, idempotency, printing, platforms, liveEventsUrl, kitchenAlertSweepMs = 5_000 }: AppOptions) {
  const app = Fastify({
    logger: withoutCourierTokens(logger),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerConnectionError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerJsonBody(app);
  registerCsrf(app, config.publicUrl);

  registerSecurityHeaders(app, { contentSecurityPolicy: CONTENT_SECURITY_POLICY, frameguard: { action: 'deny' } });
  await app.register(fastifyCookie);
  const photos = new PhotoStore(dataDir ? path.join(dataDir, 'uploads') : mkdtempSync(path.join(tmpdir(), 'sofra-uploads-')));
  if (!dataDir) app.addHook('onClose', async () => rmSync(photos.dir, { recursive: true, force: true }));
  const hub = new EventHub(liveEventsUrl ? { firstSeq: distinctFirstSeq() } : {});
  decorateDeps(app, { db: database.db, hub, photos, config, deviceKey: loadDeviceKey(dataDir) });
  registerFanOut(app, liveEventsUrl);
  // one-time step: the sales report's figures of bills closed before migration 0013 (a no-op after).
  // In the background: a year of bills takes minutes, and it is safe beside the commands (it takes
  // the restaurant lock per batch); the report counts those bills as it goes.
  app.addHook('onReady', async () => {
    backfillSalesFigures(database.db).catch((err: unknown) => app.log.error({ err }, 'Satış raporu rakamları doldurulamadı'));
  });
  const printer = new Printing(database.db, app.log, app.hub, printing);
  app.decorate('printing', printer);
  app.addHook('onClose', async () => {
    printer.stop();
    await printer.settled();
  });
  const outbox = new PlatformOutbox(database.db, app.log, platforms);
  app.decorate('platformOutbox', outbox);
  app.decorate('kitchenAlertSweepMs', kitchenAlertSweepMs);
  // after a restart the calls left pending are sent again (the outbox is durable)
  app.addHook('onReady', async () => outbox.start());
  app.addHook('onClose', async () => outbox.stop());
  registerAuth(app);
  // PGlite: the locked data directory means no other live process can hold a claim.
  registerIdempotency(app, { exclusiveDatabase: database.exclusive, ...idempotency });

  await registerOpenApi(app);
  app.get('/api/health', { config: { access: 'public' } }, async () => ({ status: 'ok', db: database.driver }));
  registerOpenApiRoutes(app);
  for (const [plugin, prefix] of MODULES) await app.register(plugin, { prefix });
  await registerSpa(app, clientDir);

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
