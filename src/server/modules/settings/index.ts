/** The settings module's front door: what other modules and the app may use of it; they import nothing else. */
export { printerRoutes } from './printer.routes';
export { getPrinterSettings } from './printer.service';
export { restaurantSettingsRoutes } from './restaurant-settings.routes';
export { getDefaultVatRate, getRestaurantSettings, getStoredRestaurantSettings } from './restaurant-settings.service';
export { etagOf, versionFromIfMatch } from './settings-document';
