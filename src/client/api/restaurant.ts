import { tr } from '../i18n/tr';
import { getUserSession } from './session';

/**
 * The signed-in person's restaurant, which every feature's API builds its URLs and query keys
 * with. The reads several features share (settings, menu, tables) live in their feature's api/
 * folder and are read through its index (features/<x>/api/index.ts).
 */
export const currentRestaurantId = () => getUserSession()?.restaurantId ?? '';

/**
 * Whether someone is signed in at a restaurant. Every restaurant read has it as `enabled`, a
 * function so that it is asked again at each fetch: a screen still mounted when Çıkış Yap clears
 * the session (the kitchen display's refetch, a live event's invalidation) then asks nothing.
 */
export const hasRestaurant = () => currentRestaurantId() !== '';

/**
 * `/api/restaurants/<id><path>` for the signed-in person's restaurant. Without one it throws
 * instead of building `/api/restaurants//…`, a request no server can answer meaningfully.
 */
export const restaurantPath = (path = '') => {
  const restaurantId = currentRestaurantId();
  if (!restaurantId) throw new Error(`${tr.session.ended} ${tr.session.signInAgain}`);
  return `/api/restaurants/${encodeURIComponent(restaurantId)}${path}`;
};
