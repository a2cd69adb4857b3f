import type { FastifyInstance } from 'fastify';
import { printerSettings } from '../../../shared/printer-settings';
import type { Db } from '../../db/client';
import { ALL_ROLES } from '../../plugins/auth';
import type { EventHub } from '../events/event-hub';
import { getPrinterSettings, replacePrinterSettings } from './printer.service';
import { settingsDocumentRoutes } from './settings-document.routes';

export function printerRoutes(app: FastifyInstance, db: Db, hub: EventHub) {
  settingsDocumentRoutes(app, hub, {
    url: '/api/restaurants/:restaurantId/settings/printer',
    event: 'settings.printer',
    body: printerSettings,
    // Every role reads it: waiters and the kitchen print too. Only the owner changes it.
    readers: ALL_ROLES,
    writers: ['owner'],
    get: (restaurantId) => getPrinterSettings(db, restaurantId),
    replace: (actor, input, expectedVersion) => replacePrinterSettings(db, actor, input, expectedVersion),
  });
}
