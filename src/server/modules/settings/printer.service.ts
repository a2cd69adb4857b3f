import { DEFAULT_NETWORK_PRINTERS, DEFAULT_PRINTER_SETTINGS, type PrinterSettings } from '../../../shared/printer-settings';
import type { Db } from '../../db/client';
import type { CommandContext } from '../../lib/command';
import { getSettingsDocument, replaceSettingsDocument, type SettingsDocumentSpec, type Versioned } from './settings-document';

const PRINTER: SettingsDocumentSpec<PrinterSettings> = { key: 'printer', event: 'settings.printer', defaults: DEFAULT_PRINTER_SETTINGS };

/** A document saved before network printers existed reads with none. */
export async function getPrinterSettings(db: Db, restaurantId: string): Promise<Versioned<PrinterSettings>> {
  const doc = await getSettingsDocument(db, restaurantId, PRINTER);
  return { ...doc, value: { ...doc.value, networkPrinters: doc.value.networkPrinters ?? DEFAULT_NETWORK_PRINTERS } };
}

/** Replaces the whole document (spec: "set whole document"). */
export const replacePrinterSettings = (c: CommandContext, input: { value: PrinterSettings; expectedVersion?: number }) =>
  replaceSettingsDocument(c, PRINTER, input);
