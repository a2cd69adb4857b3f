import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { CommandContext } from '../lib/command';
import { platformProductCode, simulatedBaseUrl } from '../modules/online-orders';
import { menuCategories, menuItems, platformConnections } from '../db/schema';
import { DELIVERY_PLATFORMS, type DeliveryPlatform } from '../../shared/domain/channels';

/** The restaurant's own codes on each platform (vendor / restaurant / supplier id), invented. */
const DEMO_REMOTE_CODES: Record<DeliveryPlatform, string> = { yemeksepeti: 'demo-lokanta-ys', getir: 'demo-lokanta-getir', trendyol: '100200' };
/** The other codes the platforms' calls name (Delivery Hero's chain, Trendyol's branch and acting user), invented too. */
const DEMO_CODES: Record<DeliveryPlatform, { chainCode: string; storeId: string; executorUser: string }> = {
  yemeksepeti: { chainCode: 'demo-zincir', storeId: '', executorUser: '' },
  getir: { chainCode: '', storeId: '', executorUser: '' },
  trendyol: { chainCode: '', storeId: '300400', executorUser: 'owner@demo.local' },
};

/**
 * Demo Lokanta is connected to Yemeksepeti, Getir Yemek and Trendyol Yemek as simulated platforms
 * (simulated-platform.ts): every dish mapped under that platform's own product code, a webhook
 * secret made now (so the simulator's orders prove themselves like a platform's), and answers that
 * the outbox counts as sent without a network. Ayarlar > Deneme Siparişleri sends orders through them.
 */
export async function seedDemoPlatforms(c: CommandContext) {
  const dishes = await c.tx
    .select({ id: menuItems.id, name: menuItems.name })
    .from(menuItems)
    .innerJoin(menuCategories, eq(menuCategories.id, menuItems.categoryId))
    .where(eq(menuItems.restaurantId, c.restaurantId))
    .orderBy(asc(menuCategories.sortOrder), asc(menuItems.sortOrder));
  for (const platform of DELIVERY_PLATFORMS) {
    const productMap = Object.fromEntries(dishes.map((d, i) => [platformProductCode(platform, d.name, i), d.id]));
    await c.tx.insert(platformConnections).values({
      restaurantId: c.restaurantId,
      platform,
      enabled: true,
      webhookSecret: randomBytes(24).toString('base64url'),
      clientId: 'demo',
      clientSecret: '',
      remoteCode: DEMO_REMOTE_CODES[platform],
      ...DEMO_CODES[platform],
      baseUrl: simulatedBaseUrl(platform),
      productMap,
    });
    await c.audit({ action: 'integration.platform.save', entity: 'integration', entityId: null, after: { platform, enabled: true, simulated: true, mapped: dishes.length } });
  }
}
