import { and, desc, eq, inArray } from 'drizzle-orm';
import { isUuid } from '../../../shared/ids';
import { PLATFORM_BASE_URL_MESSAGE, PLATFORM_CONNECTION_MESSAGES, type MapPlatformProductResult, type PlatformConnectionInfo, type PlatformConnectionRequest, type PlatformPauseInfo } from '../../../shared/online-orders-contract';
import { type DeliveryPlatform } from '../../../shared/domain/channels';
import type { Db } from '../../db/client';
import { menuItems, platformConnections, platformOutbox } from '../../db/schema';
import { HttpError } from '../../errors';
import type { CommandContext } from '../../lib/command';
import type { AttemptLogEntry } from './platform-outbox';
import { remapWaitingOrders } from './platform-remap';
import { isSimulatedBaseUrl } from './simulated-platform';

type Row = typeof platformConnections.$inferSelect;

export const PLATFORM_SETTINGS_MESSAGES = {
  webhookSecretNeeded: PLATFORM_CONNECTION_MESSAGES.webhookSecretNeeded,
  notConnected: 'Bu platform bağlı değil ya da kapalı',
  noChainCode: 'Yemeksepeti’ni kapatmak için zincir kodu (chain code) ve POS restoran kodu gerekli: Ayarlar > Yemek Platformları’nda yazın',
  noStoreId: 'Trendyol’da şubeyi kapatmak için şube kimliği (storeId) gerekli: Ayarlar > Yemek Platformları’nda yazın',
  noConnection: 'Bu platform için kayıtlı bir bağlantı yok; önce Ayarlar’da bağlayın',
  dishNotFound: 'Ürün bulunamadı: bu restoranın menüsünde yok',
  tooManyMapped: 'En fazla 2000 ürün eşleştirilebilir',
} as const;

const MAX_MAPPED = 2000;

const present = (r: Row, lastPause: PlatformPauseInfo | null): PlatformConnectionInfo => ({
  platform: r.platform as DeliveryPlatform,
  enabled: r.enabled,
  clientId: r.clientId,
  remoteCode: r.remoteCode,
  chainCode: r.chainCode,
  storeId: r.storeId,
  executorUser: r.executorUser,
  baseUrl: r.baseUrl,
  productMap: r.productMap as Record<string, string>,
  hasWebhookSecret: r.webhookSecret.length > 0,
  hasClientSecret: r.clientSecret.length > 0,
  autoAcceptMinutes: r.autoAcceptMinutes,
  lastPause,
  updatedAt: r.updatedAt.toISOString(),
});

/** Each platform's last Yoğunuz as the outbox holds it (sent, still trying, or given up). */
async function lastPauses(db: Db, restaurantId: string, platform?: DeliveryPlatform) {
  const rows = await db
    .selectDistinctOn([platformOutbox.platform], {
      platform: platformOutbox.platform,
      payload: platformOutbox.payload,
      status: platformOutbox.status,
      lastError: platformOutbox.lastError,
      attemptLog: platformOutbox.attemptLog,
      createdAt: platformOutbox.createdAt,
    })
    .from(platformOutbox)
    .where(and(eq(platformOutbox.restaurantId, restaurantId), eq(platformOutbox.kind, 'pause'), platform ? eq(platformOutbox.platform, platform) : undefined))
    .orderBy(platformOutbox.platform, desc(platformOutbox.createdAt));
  return new Map(
    rows.map((r): [string, PlatformPauseInfo] => {
      const calls = (r.attemptLog as AttemptLogEntry[]).at(-1)?.calls;
      return [
        r.platform,
        {
          minutes: Number((r.payload as { minutes?: number }).minutes ?? 0),
          requestedAt: r.createdAt.toISOString(),
          status: r.status as PlatformPauseInfo['status'],
          lastError: r.lastError,
          ...(calls ? { calls } : {}),
        },
      ];
    }),
  );
}

export async function listPlatformConnections(db: Db, restaurantId: string) {
  const rows = await db.select().from(platformConnections).where(eq(platformConnections.restaurantId, restaurantId));
  const pauses = rows.length > 0 ? await lastPauses(db, restaurantId) : new Map<string, PlatformPauseInfo>();
  return rows.map((r) => present(r, pauses.get(r.platform) ?? null));
}

async function lockConnection(c: CommandContext, platform: DeliveryPlatform): Promise<Row | undefined> {
  const [row] = await c.tx
    .select()
    .from(platformConnections)
    .where(and(eq(platformConnections.restaurantId, c.restaurantId), eq(platformConnections.platform, platform)))
    .for('update');
  return row;
}

/**
 * Connects (or changes) a platform. The secrets are write-only: an empty one keeps the stored
 * secret (the form never holds it), and neither is ever written to the audit log. The waiting
 * orders of the platform get the dishes the new map names (remapWaitingOrders).
 */
export async function savePlatformConnection(c: CommandContext, platform: DeliveryPlatform, req: PlatformConnectionRequest) {
  const current = await lockConnection(c, platform);
  // a demo's simulated connection may be saved as it is (auto-accept, mapping); nothing becomes one
  if (isSimulatedBaseUrl(req.baseUrl) && current?.baseUrl !== req.baseUrl) {
    throw new HttpError(400, PLATFORM_BASE_URL_MESSAGE, { fields: { baseUrl: PLATFORM_BASE_URL_MESSAGE } });
  }
  const webhookSecret = req.webhookSecret || current?.webhookSecret || '';
  if (!webhookSecret) {
    throw new HttpError(400, PLATFORM_SETTINGS_MESSAGES.webhookSecretNeeded, { fields: { webhookSecret: PLATFORM_SETTINGS_MESSAGES.webhookSecretNeeded } });
  }
  const values = {
    enabled: req.enabled,
    webhookSecret,
    clientId: req.clientId,
    clientSecret: req.clientSecret || current?.clientSecret || '',
    remoteCode: req.remoteCode,
    chainCode: req.chainCode,
    storeId: req.storeId,
    executorUser: req.executorUser,
    baseUrl: req.baseUrl,
    productMap: req.productMap,
    autoAcceptMinutes: req.autoAcceptMinutes,
    updatedAt: new Date(),
  };
  const [row] = await c.tx
    .insert(platformConnections)
    .values({ restaurantId: c.restaurantId, platform, ...values })
    .onConflictDoUpdate({ target: [platformConnections.restaurantId, platformConnections.platform], set: values })
    .returning();
  await c.audit({
    action: 'integration.platform.save',
    entity: 'integration',
    entityId: null,
    after: {
      platform,
      enabled: req.enabled,
      remoteCode: req.remoteCode,
      chainCode: req.chainCode,
      storeId: req.storeId,
      mapped: Object.keys(req.productMap).length,
      autoAcceptMinutes: req.autoAcceptMinutes,
      // whether a secret changed, never its value
      newWebhookSecret: req.webhookSecret !== '',
      newClientSecret: req.clientSecret !== '',
    },
  });
  await remapWaitingOrders(c, platform, req.productMap);
  c.emit('settings.general');
  c.emit('online-orders');
  return present(row, (await lastPauses(c.tx, c.restaurantId, platform)).get(platform) ?? null);
}

/**
 * Eşleştir, from an order waiting in the inbox: the platform's product `code` becomes one of this
 * restaurant's dishes in the connection's map, and the waiting orders with that code get the dish.
 */
export async function mapPlatformProduct(c: CommandContext, platform: DeliveryPlatform, code: string, menuItemId: string): Promise<MapPlatformProductResult> {
  const connection = await lockConnection(c, platform);
  if (!connection) throw new HttpError(404, PLATFORM_SETTINGS_MESSAGES.noConnection);
  const [dish] = isUuid(menuItemId)
    ? await c.tx
        .select({ id: menuItems.id })
        .from(menuItems)
        .where(and(eq(menuItems.id, menuItemId), eq(menuItems.restaurantId, c.restaurantId)))
    : [];
  if (!dish) throw new HttpError(404, PLATFORM_SETTINGS_MESSAGES.dishNotFound);
  const before = connection.productMap as Record<string, string>;
  const productMap = { ...before, [code]: dish.id };
  if (Object.keys(productMap).length > MAX_MAPPED) throw new HttpError(409, PLATFORM_SETTINGS_MESSAGES.tooManyMapped);
  await c.tx
    .update(platformConnections)
    .set({ productMap, updatedAt: new Date() })
    .where(and(eq(platformConnections.restaurantId, c.restaurantId), eq(platformConnections.platform, platform)));
  await c.audit({
    action: 'integration.platform.map',
    entity: 'integration',
    entityId: null,
    before: { platform, code, menuItemId: before[code] ?? null },
    after: { platform, code, menuItemId: dish.id },
  });
  const remappedOrderIds = await remapWaitingOrders(c, platform, productMap);
  c.emit('online-orders');
  return { platform, code, menuItemId: dish.id, remappedOrderIds };
}

/**
 * Yoğunuz: queues the platform's pause call (the outbox sends and retries it). A platform whose
 * closing names codes the connection lacks is refused at once, not left failing in the outbox.
 * Delivery Hero and Getir reopen by themselves when the minutes are over; Trendyol's store status
 * has no duration, so its reopening is queued too, due when the minutes end.
 */
export async function pausePlatform(c: CommandContext, platform: DeliveryPlatform, minutes: number) {
  const [row] = await c.tx
    .select({ enabled: platformConnections.enabled, chainCode: platformConnections.chainCode, remoteCode: platformConnections.remoteCode, storeId: platformConnections.storeId })
    .from(platformConnections)
    .where(and(eq(platformConnections.restaurantId, c.restaurantId), eq(platformConnections.platform, platform)));
  if (!row?.enabled) throw new HttpError(409, PLATFORM_SETTINGS_MESSAGES.notConnected);
  if (platform === 'yemeksepeti' && (!row.chainCode || !row.remoteCode)) throw new HttpError(409, PLATFORM_SETTINGS_MESSAGES.noChainCode);
  if (platform === 'trendyol' && !row.storeId) throw new HttpError(409, PLATFORM_SETTINGS_MESSAGES.noStoreId);
  await c.tx.insert(platformOutbox).values({ restaurantId: c.restaurantId, orderId: null, platform, kind: 'pause', payload: { kind: 'pause', minutes } });
  if (platform === 'trendyol') {
    // a new Yoğunuz moves the reopening: the one queued for an earlier end must not open the store early
    await c.tx
      .delete(platformOutbox)
      .where(
        and(
          eq(platformOutbox.restaurantId, c.restaurantId),
          eq(platformOutbox.platform, platform),
          eq(platformOutbox.kind, 'resume'),
          inArray(platformOutbox.status, ['pending', 'failing']),
        ),
      );
    const reopenAt = new Date(Date.now() + minutes * 60_000);
    await c.tx.insert(platformOutbox).values({ restaurantId: c.restaurantId, orderId: null, platform, kind: 'resume', payload: { kind: 'resume' }, nextAttemptAt: reopenAt });
  }
  await c.audit({ action: 'integration.platform.pause', entity: 'integration', entityId: null, after: { platform, minutes } });
  // the inbox shows the pause and how its sending goes
  c.emit('online-orders');
}
