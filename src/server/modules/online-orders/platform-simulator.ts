import type { FastifyRequest } from 'fastify';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { SOFRA_CHANNEL, type OnlineOrderSimulatorInfo, type SimulateOnlineOrderRequest, type SimulatedOnlineOrderResult, type SimulatedSource } from '../../../shared/online-orders-contract';
import { ONLINE_ORDER_SOURCE_LABELS } from '../../../shared/domain/channels';
import type { Db } from '../../db/client';
import { integrationSecrets, menuItemOptionGroups, menuItems, optionGroups, options, platformConnections } from '../../db/schema';
import { HttpError } from '../../errors';
import { runCommand } from '../../lib/command';
import { command, commandDeps } from '../../lib/routes';
import { actorOf } from '../../plugins/auth';
import { rotateSofraSecret } from './online-order-commands';
import { loadConnection } from './platform-orders';
import { simulatedCall } from './platform-simulator-payloads';
import { buildSample, type PoolDish, type Rand } from './platform-simulator-sample';
import { isSimulatedBaseUrl } from './simulated-platform';
import { DELIVERY_PLATFORMS, type DeliveryPlatform } from '../../../shared/domain/channels';

export const SIMULATOR_MESSAGES = {
  notDemo: 'Deneme siparişleri yalnızca demo verisiyle kurulmuş bir restoranda gönderilebilir',
  notSimulated: (label: string) => `${label} bağlantısı deneme için hazır değil: kapatılmış ya da gerçek bir hesaba bağlanmış`,
  nothingToOrder: (label: string) => `${label} için menüyle eşleşmiş, satışta bir ürün yok`,
  notReceived: (reason: string) => `Deneme siparişi alınamadı: ${reason}`,
} as const;

/**
 * Deneme Siparişleri (issue 24): a realistic sample order from a platform (or the restaurant's own
 * channel) sent through the real intake route with app.inject — the platform's own authentication,
 * its payload's parsing, idempotency and the inbox's ring are the real ones; only the sender is
 * played. A restaurant has demo data when the demo seed connected it to a simulated platform
 * (simulated-platform.ts), which no owner can do through the API; anywhere else it answers 409.
 */
async function simulatedConnections(db: Db, restaurantId: string) {
  const rows = await db
    .select({ platform: platformConnections.platform, enabled: platformConnections.enabled, baseUrl: platformConnections.baseUrl })
    .from(platformConnections)
    .where(eq(platformConnections.restaurantId, restaurantId));
  return rows.filter((r) => isSimulatedBaseUrl(r.baseUrl));
}

export async function simulatorInfo(db: Db, restaurantId: string): Promise<OnlineOrderSimulatorInfo> {
  const rows = await simulatedConnections(db, restaurantId);
  if (rows.length === 0) return { available: false, sources: [] };
  const ready = DELIVERY_PLATFORMS.filter((p) => rows.some((r) => r.platform === p && r.enabled));
  return { available: true, sources: [...ready, SOFRA_CHANNEL] };
}

/** The dishes on sale a sample may order, with their option groups; `productMap` = a platform's codes. */
async function dishPool(db: Db, restaurantId: string, productMap: Record<string, string> | null): Promise<PoolDish[]> {
  const wanted = productMap ? [...new Set(Object.values(productMap))] : null;
  if (wanted?.length === 0) return [];
  const items = await db
    .select({ id: menuItems.id, name: menuItems.name, priceKurus: menuItems.priceKurus })
    .from(menuItems)
    .where(and(eq(menuItems.restaurantId, restaurantId), eq(menuItems.isAvailable, true), wanted ? inArray(menuItems.id, wanted) : undefined));
  if (items.length === 0) return [];
  const links = await db
    .select({ itemId: menuItemOptionGroups.itemId, group: optionGroups })
    .from(menuItemOptionGroups)
    .innerJoin(optionGroups, eq(optionGroups.id, menuItemOptionGroups.groupId))
    .where(inArray(
      menuItemOptionGroups.itemId,
      items.map((i) => i.id),
    ))
    .orderBy(asc(menuItemOptionGroups.sortOrder));
  const groupIds = [...new Set(links.map((l) => l.group.id))];
  const choices = groupIds.length ? await db.select().from(options).where(inArray(options.groupId, groupIds)).orderBy(asc(options.sortOrder)) : [];
  const byId = new Map(
    items.map((item): [string, PoolDish] => [
      item.id,
      {
        code: item.id,
        itemId: item.id,
        name: item.name,
        priceKurus: item.priceKurus,
        groups: links
          .filter((l) => l.itemId === item.id)
          .map(({ group }) => ({
            name: group.name,
            isRequired: group.isRequired,
            isMultiple: group.isMultiple,
            minChoices: group.minChoices,
            maxChoices: group.maxChoices,
            options: choices.filter((o) => o.groupId === group.id).map((o) => ({ id: o.id, name: o.name, priceKurus: o.priceKurus })),
          })),
      },
    ]),
  );
  if (!productMap) return [...byId.values()];
  return Object.entries(productMap).flatMap(([code, itemId]) => {
    const dish = byId.get(itemId);
    return dish ? [{ ...dish, code }] : [];
  });
}

/** The channel's secret; one is made (audited, like the owner's Oluştur) when the restaurant has none yet. */
async function channelSecret(request: FastifyRequest, restaurantId: string) {
  const { db } = request.server;
  const [row] = await db
    .select({ secret: integrationSecrets.secret })
    .from(integrationSecrets)
    .where(and(eq(integrationSecrets.restaurantId, restaurantId), eq(integrationSecrets.channel, SOFRA_CHANNEL)));
  return row?.secret ?? command(request, (c) => rotateSofraSecret(c));
}

export async function simulateOnlineOrder(request: FastifyRequest, req: SimulateOnlineOrderRequest, rand: Rand = Math.random): Promise<SimulatedOnlineOrderResult> {
  const app = request.server;
  const { restaurantId } = actorOf(request);
  const simulated = await simulatedConnections(app.db, restaurantId);
  if (simulated.length === 0) throw new HttpError(409, SIMULATOR_MESSAGES.notDemo);
  const source: SimulatedSource = req.platform;
  const label = ONLINE_ORDER_SOURCE_LABELS[source];

  let proof: Parameters<typeof simulatedCall>[2];
  let pool: PoolDish[];
  if (source === SOFRA_CHANNEL) {
    pool = await dishPool(app.db, restaurantId, null);
    if (pool.length === 0) throw new HttpError(409, SIMULATOR_MESSAGES.nothingToOrder(label));
    proof = { secret: await channelSecret(request, restaurantId) };
  } else {
    // the connection must still be the demo's: one the owner repointed at a real account never gets a fake order
    const connection = simulated.some((r) => r.platform === source && r.enabled) ? await loadConnection(app.db, restaurantId, source as DeliveryPlatform) : null;
    if (!connection || !isSimulatedBaseUrl(connection.baseUrl)) throw new HttpError(409, SIMULATOR_MESSAGES.notSimulated(label));
    pool = await dishPool(app.db, restaurantId, connection.productMap);
    if (pool.length === 0) throw new HttpError(409, SIMULATOR_MESSAGES.nothingToOrder(label));
    proof = { connection };
  }

  const call = simulatedCall(source, buildSample(pool, rand, req.payment), proof, rand);
  const res = await app.inject({ method: 'POST', url: `/api/integrations/${source}/${restaurantId}/orders`, payload: call.body, headers: call.headers });
  if (res.statusCode !== 201 && res.statusCode !== 200) {
    request.log.warn({ restaurantId, source, status: res.statusCode, body: res.body.slice(0, 300) }, 'simulator: intake refused the sample order');
    const reason = (() => {
      try {
        return String((res.json() as { error?: unknown }).error ?? `HTTP ${res.statusCode}`);
      } catch {
        return `HTTP ${res.statusCode}`;
      }
    })();
    throw new HttpError(409, SIMULATOR_MESSAGES.notReceived(reason));
  }
  const { orderId } = res.json() as { orderId: string };
  // who pressed the button, beside the intake's own audit row (whose actor is the integration)
  await runCommand(commandDeps(app), actorOf(request), (c) =>
    c.audit({ action: 'online_order.simulate', entity: 'online_order', entityId: orderId, after: { source, externalId: call.externalId, payment: req.payment ?? null } }),
  );
  return { orderId, source, externalId: call.externalId };
}
