import type { FastifyInstance } from 'fastify';
import { restaurantSettings, type RestaurantSettings } from '../../../shared/restaurant-settings';
import type { Db } from '../../db/client';
import { ALL_ROLES } from '../../plugins/auth';
import type { EventHub } from '../events/event-hub';
import { getRestaurantSettings, replaceRestaurantSettings } from './restaurant-settings.service';
import { settingsDocumentRoutes } from './settings-document.routes';

export function restaurantSettingsRoutes(app: FastifyInstance, db: Db, hub: EventHub) {
  settingsDocumentRoutes<RestaurantSettings>(app, hub, {
    url: '/api/restaurants/:restaurantId/settings/general',
    event: 'settings.general',
    body: restaurantSettings,
    // Every screen needs some of it (kitchen thresholds, payment methods); only the owner edits.
    readers: ALL_ROLES,
    writers: ['owner'],
    get: (restaurantId) => getRestaurantSettings(db, restaurantId),
    replace: (actor, input, expectedVersion) => replaceRestaurantSettings(db, actor, input, expectedVersion),
  });
}
