import { platformConnections } from '../../db/schema';
import { menuFactory } from '../../test-support/factories';
import type { TestContext } from '../../test-support/test-app';
import { platformProductCode, simulatedBaseUrl } from './simulated-platform';

/**
 * Route-matrix target: makes the caller's restaurant a demo one, as the demo seed does
 * (seed-demo-platforms.ts), with a simulated Yemeksepeti connection mapping one dish. Yemeksepeti,
 * because the matrix's other fixtures connect Getir and Trendyol with real-looking addresses; the
 * Yemeksepeti webhook targets (online-orders-test-kit.ts) sign with this connection's secret.
 */
export const MATRIX_SIMULATED_YS_SECRET = 'matrix-simulated-ys-secret';

export function simulatorMatrixFixtures(getCtx: () => TestContext) {
  const done = new Set<string>();
  return {
    demoRestaurant: async (restaurantId: string) => {
      if (done.has(restaurantId)) return;
      const ctx = getCtx();
      const menu = await menuFactory(ctx, restaurantId, { optionGroup: false });
      await ctx.database.db
        .insert(platformConnections)
        .values({
          restaurantId,
          platform: 'yemeksepeti',
          webhookSecret: MATRIX_SIMULATED_YS_SECRET,
          baseUrl: simulatedBaseUrl('yemeksepeti'),
          productMap: { [platformProductCode('yemeksepeti', menu.items[0].name, 0)]: menu.items[0].id },
        })
        .onConflictDoNothing();
      done.add(restaurantId);
    },
  };
}
