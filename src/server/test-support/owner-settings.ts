import type { RestaurantSettings } from '../../shared/restaurant-settings';
import type { TestContext } from './test-app';

/**
 * Ayarlar as the owner saves them: the general settings document read, changed by `change`, and
 * written back with the ETag it was read with. Answers the PUT (a test expects its 200).
 */
export async function saveOwnerSettings(
  ctx: TestContext,
  restaurant: { id: string; owner: { cookies: Record<string, string> } },
  change: (current: RestaurantSettings) => Partial<RestaurantSettings>,
) {
  const url = `/api/restaurants/${restaurant.id}/settings/general`;
  const current = await ctx.app.inject({ method: 'GET', url, cookies: restaurant.owner.cookies });
  const value = current.json() as RestaurantSettings;
  return ctx.app.inject({
    method: 'PUT',
    url,
    cookies: restaurant.owner.cookies,
    headers: { 'if-match': current.headers.etag as string },
    payload: { ...value, ...change(value) },
  });
}
