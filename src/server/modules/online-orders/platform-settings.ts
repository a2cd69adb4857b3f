import { and, eq } from 'drizzle-orm';
import type { DeliveryPlatform, PlatformConnectionInfo, PlatformConnectionRequest } from '../../../shared/online-orders-contract';
import type { Db } from '../../db/client';
import { platformConnections, platformOutbox } from '../../db/schema';
import { HttpError } from '../../errors';
import type { CommandContext } from '../../lib/command';

type Row = typeof platformConnections.$inferSelect;

const present = (r: Row): PlatformConnectionInfo => ({
  platform: r.platform as DeliveryPlatform,
  enabled: r.enabled,
  clientId: r.clientId,
  remoteCode: r.remoteCode,
  baseUrl: r.baseUrl,
  productMap: r.productMap as Record<string, string>,
  hasWebhookSecret: r.webhookSecret.length > 0,
  hasClientSecret: r.clientSecret.length > 0,
  updatedAt: r.updatedAt.toISOString(),
});

export async function listPlatformConnections(db: Db, restaurantId: string) {
  return (await db.select().from(platformConnections).where(eq(platformConnections.restaurantId, restaurantId))).map(present);
}

/** Connects (or changes) a platform; the secrets are never written to the audit log. */
export async function savePlatformConnection(c: CommandContext, platform: DeliveryPlatform, req: PlatformConnectionRequest) {
  const values = { ...req, updatedAt: new Date() };
  const [row] = await c.tx
    .insert(platformConnections)
    .values({ restaurantId: c.restaurantId, platform, ...values })
    .onConflictDoUpdate({ target: [platformConnections.restaurantId, platformConnections.platform], set: values })
    .returning();
  await c.audit({ action: 'integration.platform.save', entity: 'integration', entityId: null, after: { platform, enabled: req.enabled, remoteCode: req.remoteCode, mapped: Object.keys(req.productMap).length } });
  c.emit('settings.general');
  return present(row);
}

/** Yoğunuz: queues the platform's pause call (the outbox sends and retries it). */
export async function pausePlatform(c: CommandContext, platform: DeliveryPlatform, minutes: number) {
  const [row] = await c.tx
    .select({ enabled: platformConnections.enabled })
    .from(platformConnections)
    .where(and(eq(platformConnections.restaurantId, c.restaurantId), eq(platformConnections.platform, platform)));
  if (!row?.enabled) throw new HttpError(409, 'Bu platform bağlı değil ya da kapalı');
  await c.tx.insert(platformOutbox).values({ restaurantId: c.restaurantId, orderId: null, platform, kind: 'pause', payload: { kind: 'pause', minutes } });
  await c.audit({ action: 'integration.platform.pause', entity: 'integration', entityId: null, after: { platform, minutes } });
}
