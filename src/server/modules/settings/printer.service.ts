import { DEFAULT_PRINTER_SETTINGS, type PrinterSettings } from '../../../shared/printer-settings';
import type { Db } from '../../db/client';
import type { CommandContext } from '../../lib/command';
import { getSettingsDocument, replaceSettingsDocument, type SettingsDocumentSpec, type Versioned } from './settings-document';

const PRINTER: SettingsDocumentSpec<PrinterSettings> = { key: 'printer', event: 'settings.printer', defaults: DEFAULT_PRINTER_SETTINGS };

export const getPrinterSettings = (db: Db, restaurantId: string): Promise<Versioned<PrinterSettings>> =>
  getSettingsDocument(db, restaurantId, PRINTER);

/** Replaces the whole document (spec: "set whole document"). */
export const replacePrinterSettings = (c: CommandContext, input: { value: PrinterSettings; expectedVersion?: number }) =>
  replaceSettingsDocument(c, PRINTER, input);
