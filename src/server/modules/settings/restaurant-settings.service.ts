import { eq } from 'drizzle-orm';
import { fromStoredPaymentMethod } from '../../../shared/domain/payment-methods';
import { MESSAGES } from '../../../shared/errors';
import { defaultRestaurantSettings, DEFAULT_COMP_REASONS, DEFAULT_COURSES, DEFAULT_QR_ORDERING, type RestaurantSettings } from '../../../shared/restaurant-settings';
import type { Db } from '../../db/client';
import { restaurants } from '../../db/schema';
import { HttpError } from '../../errors';
import type { CommandContext } from '../../lib/command';
import { copyInfoToPrinter, withPrinterFallback } from './business-info';
import { getSettingsDocument, replaceSettingsDocument, type Versioned } from './settings-document';

const KEY = 'general';

async function generalSpec(db: Db, restaurantId: string) {
  const [row] = await db.select({ name: restaurants.name }).from(restaurants).where(eq(restaurants.id, restaurantId)).limit(1);
  if (!row) throw new HttpError(404, MESSAGES.restaurantNotFound);
  return { key: KEY, event: 'settings.general', defaults: defaultRestaurantSettings(row.name) } as const;
}

/** The document as saved (without the printer document's older details); see getRestaurantSettings. */
export async function getStoredRestaurantSettings(db: Db, restaurantId: string): Promise<Versioned<RestaurantSettings>> {
  const spec = await generalSpec(db, restaurantId);
  const doc = await getSettingsDocument(db, restaurantId, spec);
  // The name lives on the restaurant row (the public menu and bills read it there).
  const profile = { ...doc.value.profile, name: spec.defaults.profile.name };
  // Documents saved before İkram had its own reasons (or before courses) read with the default lists…
  const courses = doc.value.courses ?? [...DEFAULT_COURSES];
  // …and before the kitchen could ring for online orders, with it off.
  const kitchenRingsForOnlineOrders = doc.value.kitchenRingsForOnlineOrders ?? false;
  // …and before QR Sipariş, with guests' ordering off.
  const qrOrdering = doc.value.qrOrdering ?? { ...DEFAULT_QR_ORDERING };
  // …and one restored from a backup older than migration 0024 still says 'mealCard'.
  const paymentMethods = doc.value.paymentMethods.map(fromStoredPaymentMethod) as RestaurantSettings['paymentMethods'];
  return { ...doc, value: { ...doc.value, paymentMethods, compReasons: doc.value.compReasons ?? [...DEFAULT_COMP_REASONS], courses, kitchenRingsForOnlineOrders, qrOrdering, profile } };
}

/** The owner's general settings; a restaurant that never saved gets the defaults with its name. */
export async function getRestaurantSettings(db: Db, restaurantId: string): Promise<Versioned<RestaurantSettings>> {
  const doc = await getStoredRestaurantSettings(db, restaurantId);
  return { ...doc, value: { ...doc.value, profile: await withPrinterFallback(db, restaurantId, doc.value.profile) } };
}

/** The VAT rate a new item gets when none is given: the owner's "Varsayılan KDV". */
export async function getDefaultVatRate(db: Db, restaurantId: string): Promise<number> {
  return (await getRestaurantSettings(db, restaurantId)).value.defaultVatRate;
}

/** Saves the document; the business's name, address and phone go to the printer document too. */
export async function replaceRestaurantSettings(
  c: CommandContext,
  input: { value: RestaurantSettings; expectedVersion?: number },
): Promise<Versioned<RestaurantSettings>> {
  const saved = await replaceSettingsDocument<RestaurantSettings>(c, await generalSpec(c.tx, c.restaurantId), input);
  await c.tx.update(restaurants).set({ name: input.value.profile.name }).where(eq(restaurants.id, c.restaurantId));
  await copyInfoToPrinter(c, input.value.profile);
  return saved;
}
