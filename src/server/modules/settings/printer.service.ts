import { DEFAULT_PRINTER_SETTINGS, type PrinterSettings } from '../../../shared/printer-settings';
import type { Db } from '../../db/client';
import type { Actor } from '../auth/auth.service';
import { getSettingsDocument, replaceSettingsDocument, type Versioned } from './settings-document';

const KEY = 'printer';

export const getPrinterSettings = (db: Db, restaurantId: string): Promise<Versioned<PrinterSettings>> =>
  getSettingsDocument(db, restaurantId, KEY, DEFAULT_PRINTER_SETTINGS);

/** Replaces the whole document (spec: "set whole document"). */
export const replacePrinterSettings = (db: Db, actor: Actor, input: PrinterSettings, expectedVersion?: number) =>
  replaceSettingsDocument(db, actor, KEY, input, { expectedVersion, defaults: DEFAULT_PRINTER_SETTINGS });
