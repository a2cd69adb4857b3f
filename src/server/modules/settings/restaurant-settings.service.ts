import { eq } from 'drizzle-orm';
import { MESSAGES } from '../../../shared/errors';
import { defaultRestaurantSettings, type RestaurantSettings } from '../../../shared/restaurant-settings';
import type { Db } from '../../db/client';
import { restaurants } from '../../db/schema';
import { HttpError } from '../../errors';
import type { Actor } from '../auth/auth.service';
import { getSettingsDocument, replaceSettingsDocument, type Versioned } from './settings-document';

const KEY = 'general';

async function restaurantName(db: Db, restaurantId: string): Promise<string> {
  const [row] = await db.select({ name: restaurants.name }).from(restaurants).where(eq(restaurants.id, restaurantId)).limit(1);
  if (!row) throw new HttpError(404, MESSAGES.restaurantNotFound);
  return row.name;
}

/** The owner's general settings; a restaurant that never saved gets the defaults with its name. */
export async function getRestaurantSettings(db: Db, restaurantId: string): Promise<Versioned<RestaurantSettings>> {
  const defaults = defaultRestaurantSettings(await restaurantName(db, restaurantId));
  const doc = await getSettingsDocument(db, restaurantId, KEY, defaults);
  // The name lives on the restaurant row (the public menu and bills read it there).
  return { ...doc, value: { ...doc.value, profile: { ...doc.value.profile, name: defaults.profile.name } } };
}

export async function replaceRestaurantSettings(
  db: Db,
  actor: Actor,
  input: RestaurantSettings,
  expectedVersion?: number,
): Promise<Versioned<RestaurantSettings>> {
  const defaults = defaultRestaurantSettings(await restaurantName(db, actor.restaurantId));
  return replaceSettingsDocument(db, actor, KEY, input, {
    expectedVersion,
    defaults,
    also: async (tx) => {
      await tx.update(restaurants).set({ name: input.profile.name }).where(eq(restaurants.id, actor.restaurantId));
    },
  });
}
