import { DEFAULT_NETWORK_PRINTERS, SAMPLE_RESTAURANT_INFO, unlessSample, type PrinterSettings } from '../../../shared/printer-settings';
import type { Db } from '../../db/client';
import type { CommandContext } from '../../lib/command';
import { PRINTER, infoChanged, infoOf } from './business-info';
import { getRestaurantSettings, getStoredRestaurantSettings, replaceRestaurantSettings } from './restaurant-settings.service';
import { getSettingsDocument, replaceSettingsDocument, type Versioned } from './settings-document';

/**
 * A document saved before network printers existed reads with none. `restaurantInfo` is the
 * business's own name, address and phone (Ayarlar), never the spec's sample a document may hold.
 */
export async function getPrinterSettings(db: Db, restaurantId: string): Promise<Versioned<PrinterSettings>> {
  const doc = await getSettingsDocument(db, restaurantId, PRINTER);
  const { value: general } = await getRestaurantSettings(db, restaurantId);
  return {
    ...doc,
    value: { ...doc.value, networkPrinters: doc.value.networkPrinters ?? DEFAULT_NETWORK_PRINTERS, restaurantInfo: infoOf(general.profile) },
  };
}

/**
 * Replaces the whole document (spec: "set whole document"). Its name, address and phone are the
 * business's: when they changed, Ayarlar's profile (and the restaurant's name) change with them.
 */
export async function replacePrinterSettings(c: CommandContext, input: { value: PrinterSettings; expectedVersion?: number }) {
  const { value: general } = await getStoredRestaurantSettings(c.tx, c.restaurantId);
  // A form (or script) still holding the spec's sample details leaves the business's own in place.
  const typed = input.value.restaurantInfo;
  const info = {
    name: unlessSample('name', typed.name) || general.profile.name,
    address: typed.address.trim() === SAMPLE_RESTAURANT_INFO.address ? general.profile.address : typed.address.trim(),
    phone: typed.phone.trim() === SAMPLE_RESTAURANT_INFO.phone ? general.profile.phone : typed.phone.trim(),
  };
  const saved = await replaceSettingsDocument(c, PRINTER, { ...input, value: { ...input.value, restaurantInfo: info } });
  if (infoChanged(general.profile, info)) {
    await replaceRestaurantSettings(c, { value: { ...general, profile: { ...general.profile, ...info } } });
  }
  return saved;
}
