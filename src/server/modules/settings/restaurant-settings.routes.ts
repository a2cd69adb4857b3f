import type { FastifyInstance } from 'fastify';
import { restaurantSettings, type RestaurantSettings } from '../../../shared/restaurant-settings';
import { ALL_STAFF, OWNER } from '../../lib/routes';
import { getRestaurantSettings, replaceRestaurantSettings } from './restaurant-settings.service';
import { settingsDocumentRoutes } from './settings-document.routes';

/** The owner's general settings document (prefix …/settings/general). */
export async function restaurantSettingsRoutes(app: FastifyInstance) {
  settingsDocumentRoutes<RestaurantSettings>(app, {
    body: restaurantSettings,
    // Every screen needs some of it (kitchen thresholds, payment methods); only the owner edits.
    readers: ALL_STAFF,
    writers: OWNER,
    get: (restaurantId) => getRestaurantSettings(app.db, restaurantId),
    replace: replaceRestaurantSettings,
  });
}
