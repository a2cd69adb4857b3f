import { DEFAULT_NETWORK_PRINTERS, DEFAULT_PRINTER_SETTINGS, unlessSample, type PrinterSettings } from '../../../shared/printer-settings';
import type { RestaurantSettings } from '../../../shared/restaurant-settings';
import type { Db } from '../../db/client';
import type { CommandContext } from '../../lib/command';
import { getSettingsDocument, replaceSettingsDocument, type SettingsDocumentSpec } from './settings-document';

/**
 * The business's name, address and phone are one piece of data that two documents show: Ayarlar's
 * profile (the name on the restaurant's row) and the printer document's `restaurantInfo`. Ayarlar's
 * is the source; a save of either document writes both, so each ETag changes with them.
 */
export const PRINTER: SettingsDocumentSpec<PrinterSettings> = { key: 'printer', event: 'settings.printer', defaults: DEFAULT_PRINTER_SETTINGS };

export type BusinessInfo = PrinterSettings['restaurantInfo'];
type Profile = RestaurantSettings['profile'];

export const infoOf = (profile: Pick<Profile, 'name' | 'address' | 'phone'>): BusinessInfo => ({ name: profile.name, address: profile.address, phone: profile.phone });
const sameInfo = (a: BusinessInfo, b: BusinessInfo) => a.name.trim() === b.name.trim() && a.address.trim() === b.address.trim() && a.phone.trim() === b.phone.trim();

/** The printer document as stored (null when never saved). */
export async function storedPrinterDocument(db: Db, restaurantId: string) {
  const doc = await getSettingsDocument<PrinterSettings | null>(db, restaurantId, { key: PRINTER.key, defaults: null });
  return doc.version > 0 && doc.value ? { value: doc.value, version: doc.version } : null;
}

/**
 * Before the two were one, an owner may have typed the address and phone only on Yazıcı Ayarları:
 * where the profile has none, that document's own (never the sample's) still counts.
 */
export async function withPrinterFallback(db: Db, restaurantId: string, profile: Profile): Promise<Profile> {
  if (profile.address.trim() && profile.phone.trim()) return profile;
  const stored = await storedPrinterDocument(db, restaurantId);
  const info = stored?.value.restaurantInfo;
  if (!info) return profile;
  return {
    ...profile,
    address: profile.address.trim() ? profile.address : unlessSample('address', info.address),
    phone: profile.phone.trim() ? profile.phone : unlessSample('phone', info.phone),
  };
}

/** Ayarlar saved: the printer document takes the new details (and a new version) when they changed. */
export async function copyInfoToPrinter(c: CommandContext, profile: Profile) {
  const stored = await storedPrinterDocument(c.tx, c.restaurantId);
  const current = stored?.value ?? DEFAULT_PRINTER_SETTINGS;
  if (stored && sameInfo(current.restaurantInfo, infoOf(profile))) return;
  const value = { ...current, networkPrinters: current.networkPrinters ?? DEFAULT_NETWORK_PRINTERS, restaurantInfo: infoOf(profile) };
  await replaceSettingsDocument(c, PRINTER, { value });
}

export const infoChanged = (profile: Profile, info: BusinessInfo) => !sameInfo(infoOf(profile), info);
