import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OnlineOrderInfo } from '../../../shared/online-orders-contract';
import type { App } from '../../app';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { platformConnections, platformOutbox } from '../../db/schema';
import { menuFactory } from '../../test-support/factories';
import { createTestApp, staffedRestaurant, type TestContext } from '../../test-support/test-app';
import { basicHeader } from './platforms/trendyol';
import { signHs512 } from './platforms/yemeksepeti';
import { type DeliveryPlatform } from '../../../shared/domain/channels';

/*
 * The delivery platforms' test bed: a fake platform server (node:http on an ephemeral port) that
 * records every call our outbox makes, restaurants connected to it, and each platform's own proof
 * on its webhooks.
 */

export interface Seen {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}
/**
 * What the fake platform server saw, whether it answers 503, where it listens, and what it answers
 * to a call other than a login (`answers['GET /path']`; the status 200 unless `[status, body]`).
 */
export const fake = { seen: [] as Seen[], down: false, baseUrl: '', answers: {} as Record<string, unknown> };
let server: Server;

/** Starts the fake platform server for this test file (and stops it after). */
export function useFakePlatform() {

  beforeAll(async () => {
    server = createServer((req, res) => {
      let text = '';
      req.on('data', (c: Buffer) => (text += c.toString()));
      req.on('end', () => {
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          /* a form body (Yemeksepeti's login) stays text */
        }
        fake.seen.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
        if (fake.down) {
          res.writeHead(503).end('bakımda');
          return;
        }
        res.setHeader('content-type', 'application/json');
        if (req.url === '/v2/login') return res.end(JSON.stringify({ access_token: 'ys-access-1', expires_in: 1800 }));
        if (req.url === '/auth/login') return res.end(JSON.stringify({ token: 'getir-token-1' }));
        const answer = fake.answers[`${req.method} ${req.url}`];
        if (Array.isArray(answer) && typeof answer[0] === 'number' && answer.length === 2) {
          res.writeHead(answer[0]);
          return res.end(answer[1] === null ? '' : JSON.stringify(answer[1]));
        }
        res.end(answer === undefined ? '{}' : JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));
}

export const FAST = { pollMs: 0, baseDelayMs: 1, maxDelayMs: 5, timeoutMs: 2000, allowPrivateNetworks: true };

/**
 * The fake platform server and one app that calls it without waiting (FAST), for a test file; each
 * test starts with the platform up, nothing seen and no scripted answers. `keep` receives the app.
 */
export function appWithFakePlatform(keep: (ctx: TestContext) => void) {
  let ctx: TestContext | undefined;
  useFakePlatform();
  beforeAll(async () => {
    ctx = await createTestApp({ platforms: FAST });
    keep(ctx);
  });
  afterAll(async () => ctx?.close());
  beforeEach(() => {
    fake.seen.length = 0;
    fake.down = false;
    fake.answers = {};
  });
}

export const SECRETS: Record<DeliveryPlatform, string> = { yemeksepeti: 'ys-webhook-secret', getir: 'getir-api-key', trendyol: 'ty-webhook-secret' };
export const REMOTE: Record<DeliveryPlatform, string> = { yemeksepeti: 'vendor-11', getir: 'rest-22', trendyol: '3344' };

/** A restaurant with a menu connected to `platform` (its product codes mapped unless `map` says otherwise). */
export async function connected(c: TestContext, platform: DeliveryPlatform, map?: (ids: { mercimek: string; ezogelin: string }) => Record<string, string>) {
  const restaurant = await staffedRestaurant(c);
  const menu = await menuFactory(c, restaurant.id);
  const ids = { mercimek: menu.items[0].id, ezogelin: menu.items[1].id };
  const productMap = map
    ? map(ids)
    : { 'YS-MERC': ids.mercimek, 'YS-EZO': ids.ezogelin, 'getir-p-merc': ids.mercimek, '5551': ids.ezogelin };
  await c.database.db.insert(platformConnections).values({
    restaurantId: restaurant.id,
    platform,
    webhookSecret: SECRETS[platform],
    clientId: `${platform}-client`,
    clientSecret: `${platform}-client-secret`,
    remoteCode: REMOTE[platform],
    baseUrl: fake.baseUrl,
    productMap,
  });
  const owner = (method: 'GET' | 'POST', url: string, payload?: object) =>
    c.app.inject({ method, url: `/api/restaurants/${restaurant.id}${url}`, cookies: restaurant.owner.cookies, ...(payload ? { payload } : {}) });
  return { restaurant, ids, owner };
}

/** The platform's own proof on its webhook. */
export function authOf(platform: DeliveryPlatform, secret = SECRETS[platform]): Record<string, string> {
  if (platform === 'yemeksepeti') return { authorization: `Bearer ${signHs512({ service: 'middleware', exp: Math.floor(Date.now() / 1000) + 60 }, secret)}` };
  if (platform === 'getir') return { 'x-api-key': secret };
  return { authorization: basicHeader(REMOTE.trendyol, secret) };
}

export const deliver = (c: TestContext, platform: string, restaurantId: string, body: unknown, headers: Record<string, string>) =>
  c.app.inject({ method: 'POST', url: `/api/integrations/${platform}/${restaurantId}/orders`, payload: body as object, headers });

export const inbox = async (owner: Awaited<ReturnType<typeof connected>>['owner']) => (await owner('GET', '/online-orders')).json() as OnlineOrderInfo[];

export async function sentCalls(app: App) {
  await app.platformOutbox.settled();
  return fake.seen.filter((s) => !s.path.endsWith('/login'));
}


/**
 * A minute passes for one order's platform calls (Getir wants a minute between some steps:
 * PlatformAdapter.stepGaps): what was sent was sent a minute earlier, what waits is due now; then
 * the outbox sends what it may.
 */
export async function aMinuteLater(c: TestContext, orderId: string) {
  const db = c.database.db;
  await db.update(platformOutbox).set({ sentAt: sql`${platformOutbox.sentAt} - interval '61 seconds'` }).where(and(eq(platformOutbox.orderId, orderId), eq(platformOutbox.status, 'sent')));
  await db.update(platformOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` }).where(and(eq(platformOutbox.orderId, orderId), inArray(platformOutbox.status, ['pending', 'failing'])));
  c.app.platformOutbox.kick();
  await c.app.platformOutbox.settled();
}
