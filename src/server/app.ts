import { randomBytes } from 'node:crypto';
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
import { KEY_BYTES } from './lib/key-file';
import { commandDeps, RESTAURANT_PREFIX } from './lib/routes';
import { hasSecretsKey, loadSecretsKey, useSecretsKey } from './lib/secret-box';
import { auditChainRoutes } from './modules/audit-chain';
import { backupKeyRoutes, backupKeySource, type BackupKeySource } from './modules/backups';
import { authRoutes, findActor, loadDeviceKey } from './modules/auth';
import { billsRoutes } from './modules/bills';
import { devicesRoutes, mePinRoutes, pinAuthRoutes } from './modules/devices';
import { clientErrorsRoutes } from './modules/client-errors';
import { courierPageRoutes, couriersRoutes } from './modules/couriers';
import { dayCloseRoutes } from './modules/day-close';
import { onlineOrdersRoutes, type OutboxOptions, platformIntakeRoutes, PlatformOutbox, sealPlainSecrets, sofraChannelRoutes, TRENDYOL_POLL_MS, TrendyolPoller } from './modules/online-orders';
import { distinctFirstSeq, EventHub, eventsRoutes, registerFanOut } from './modules/events';
import { kitchenRoutes } from './modules/kitchen';
import { menuFileRoutes, menuRoutes, PhotoStore, publicPhotoRoutes } from './modules/menu';
import { publicMenuRoutes } from './modules/public-menu';
import { recipesRoutes } from './modules/recipes';
import { backfillSalesFigures, reportsRoutes } from './modules/reports';
import { Printing, type PrintingOptions, printingRoutes } from './modules/printing';
import { printerRoutes, restaurantSettingsRoutes } from './modules/settings';
import { meRoutes, staffRoutes } from './modules/staff';
import { tablesRoutes } from './modules/tables';
import { guestRequestsRoutes, tableRequestsRoutes } from './modules/table-requests';
import { ticketsRoutes } from './modules/orders';
import { decorateDeps } from './app-deps';
import { commandHooks } from './command-hooks';
import { registerAuth } from './plugins/auth';
import { registerCanonicalIds } from './plugins/canonical-ids';
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
  /** where Ayarlar → Yedek anahtarı finds the backup key: as the daily backups do, unless a test says */
  backupKey?: BackupKeySource;
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
  // the menu API (/api/public/menus) and the customer's page that carries it (/menu/:restaurantId)
  [publicMenuRoutes, ''],
  [guestRequestsRoutes, '/api/public/menus/:restaurantId/tables/:token'],
  [publicPhotoRoutes, '/api/public/photos'],
  [printerRoutes, `${RESTAURANT_PREFIX}/settings/printer`],
  [restaurantSettingsRoutes, `${RESTAURANT_PREFIX}/settings/general`],
  [staffRoutes, `${RESTAURANT_PREFIX}/staff`],
  [devicesRoutes, RESTAURANT_PREFIX],
  [tablesRoutes, RESTAURANT_PREFIX],
  [menuRoutes, `${RESTAURANT_PREFIX}/menu`],
  [menuFileRoutes, `${RESTAURANT_PREFIX}/menu`],
  [ticketsRoutes, RESTAURANT_PREFIX],
  [tableRequestsRoutes, RESTAURANT_PREFIX],
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

export async function buildApp({ database, config, logger = false, clientDir = DEFAULT_CLIENT_DIR, dataDir, idempotency, printing, platforms, liveEventsUrl, kitchenAlertSweepMs = 5_000, backupKey = backupKeySource(process.env, dataDir) }: AppOptions) {
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
  registerCanonicalIds(app);
  registerCsrf(app, config.publicUrl);

  registerSecurityHeaders(app, { contentSecurityPolicy: CONTENT_SECURITY_POLICY, frameguard: { action: 'deny' } });
  await app.register(fastifyCookie);
  const photos = new PhotoStore(dataDir ? path.join(dataDir, 'uploads') : mkdtempSync(path.join(tmpdir(), 'sofra-uploads-')));
  if (!dataDir) app.addHook('onClose', async () => rmSync(photos.dir, { recursive: true, force: true }));
  const hub = new EventHub(liveEventsUrl ? { firstSeq: distinctFirstSeq() } : {});
  // the key the stored secrets are sealed with (lib/secret-box.ts): DATA_DIR's; a test app without
  // one keeps the process's (apps of one test file share it) or makes one
  if (dataDir) useSecretsKey(loadSecretsKey(process.env, dataDir, (message) => app.log.warn(message)));
  else if (!hasSecretsKey()) useSecretsKey(randomBytes(KEY_BYTES));
  decorateDeps(app, { db: database.db, hub, photos, config, deviceKey: loadDeviceKey(dataDir), commandHooks: commandHooks(), clientDir });
  registerFanOut(app, liveEventsUrl);
  // one-time step: the sales report's figures of bills closed before migration 0013 (a no-op after).
  // In the background: a year of bills takes minutes, and it is safe beside the commands (it takes
  // the restaurant lock per batch); the report counts those bills as it goes.
  app.addHook('onReady', async () => {
    const sealed = await sealPlainSecrets(database.db);
    if (sealed) app.log.info(`${sealed} saklı anahtar şifrelendi`);
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
  // Trendyol sends no order webhook: its packages are asked for (trendyol-poller.ts); 0 = off
  const trendyolPollMs = platforms?.trendyolPollMs ?? TRENDYOL_POLL_MS;
  if (trendyolPollMs > 0) {
    const poller = new TrendyolPoller(commandDeps(app), outbox.client, app.log, { intervalMs: trendyolPollMs });
    app.addHook('onReady', async () => poller.start());
    app.addHook('onClose', async () => poller.stop());
  }
  registerAuth(app, findActor);
  // PGlite: the locked data directory means no other live process can hold a claim.
  registerIdempotency(app, { exclusiveDatabase: database.exclusive, ...idempotency });

  await registerOpenApi(app);
  app.get('/api/health', { config: { access: 'public' } }, async () => ({ status: 'ok', db: database.driver }));
  registerOpenApiRoutes(app);
  for (const [plugin, prefix] of MODULES) await app.register(plugin, { prefix });
  await app.register(backupKeyRoutes(backupKey), { prefix: RESTAURANT_PREFIX });
  await registerSpa(app, clientDir);

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
