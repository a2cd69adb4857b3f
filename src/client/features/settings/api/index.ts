/*
 * The settings feature's front door: what other features may use of its API. The restaurant's
 * general settings and the signed-in person's preferences are read by many screens, each through
 * these queryOptions and hooks (one key, one shape per endpoint).
 */
export { generalSettingsQuery, generalSettingsUrl, useGeneralSettings, useRestaurantTimeZone } from './general-settings';
export { preferencesQuery, usePreferences } from './preferences';
