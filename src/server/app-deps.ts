import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import type { Db } from './db/client';
import type { CommandHooks } from './lib/command';
import type { EventHub } from './modules/events';
import type { PhotoStore } from './modules/menu';
import type { PlatformOutbox } from './modules/online-orders';
import type { Printing } from './modules/printing';

/** What the app's modules share, decorated once on the root instance (as fastify/demo does). */
export interface AppDeps {
  db: Db;
  hub: EventHub;
  photos: PhotoStore;
  config: Pick<ServerConfig, 'cookieSecure' | 'trustProxy'> & { publicUrl?: string };
  /** HMAC key of the login device cookies (modules/auth/device-cookie.ts) */
  deviceKey: Buffer;
  /** what the modules add to every command (command-hooks.ts) */
  commandHooks: CommandHooks;
  /** the built SPA (dist/client): the public menu's page is its menu.html with the menu filled in */
  clientDir: string;
}

// Decorations rather than Object.assign: a Fastify instance is thenable, so the type of an awaited
// `instance & { hub }` would lose `hub`. Every module plugin reads them as `app.db`, `app.hub`, ...
declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    hub: EventHub;
    photos: PhotoStore;
    config: AppDeps['config'];
    deviceKey: Buffer;
    commandHooks: CommandHooks;
    clientDir: string;
    /** network printers (modules/printing), decorated by buildApp */
    printing: Printing;
    /** calls to the delivery platforms (modules/online-orders/platform-outbox.ts), decorated by buildApp */
    platformOutbox: PlatformOutbox;
  }
}

export function decorateDeps(app: FastifyInstance, deps: AppDeps) {
  app.decorate('db', deps.db);
  app.decorate('hub', deps.hub);
  app.decorate('photos', deps.photos);
  app.decorate('config', deps.config);
  app.decorate('deviceKey', deps.deviceKey);
  app.decorate('commandHooks', deps.commandHooks);
  app.decorate('clientDir', deps.clientDir);
}
