import type { FastifyInstance } from 'fastify';
import { printerSettings } from '../../../shared/printer-settings';
import { ALL_STAFF, OWNER } from '../../lib/routes';
import { getPrinterSettings, replacePrinterSettings } from './printer.service';
import { settingsDocumentRoutes } from './settings-document.routes';

/** The receipt printer document (prefix …/settings/printer). */
export async function printerRoutes(app: FastifyInstance) {
  settingsDocumentRoutes(app, {
    body: printerSettings,
    // Every role reads it: waiters and the kitchen print too. Only the owner changes it.
    readers: ALL_STAFF,
    writers: OWNER,
    get: (restaurantId) => getPrinterSettings(app.db, restaurantId),
    replace: replacePrinterSettings,
  });
}
