import type { FastifyInstance } from 'fastify';
import { printerSettings, type PrinterSettings } from '../../../shared/printer-settings';
import { ALL_STAFF, OWNER } from '../../lib/routes';
import { getPrinterSettings, replacePrinterSettings } from './printer.service';
import { settingsDocumentRoutes } from './settings-document.routes';

/** The receipt printer document (prefix …/settings/printer). */
export async function printerRoutes(app: FastifyInstance) {
  // Network printer addresses this installation does not print to (PRINTER_NETWORKS) are refused
  // before the save's transaction: checking may resolve a name, which must not hold the lock.
  app.addHook('preHandler', async (request) => {
    if (request.method === 'PUT') await app.printing.assertPrintable((request.body as PrinterSettings).networkPrinters);
  });
  settingsDocumentRoutes(app, {
    body: printerSettings,
    // Every role reads it: waiters and the kitchen print too. Only the owner changes it.
    readers: ALL_STAFF,
    writers: OWNER,
    get: (restaurantId) => getPrinterSettings(app.db, restaurantId),
    replace: replacePrinterSettings,
  });
}
