import { parseConnectionSettings, type ConnectionSettings } from '../../shared/connection-settings';

/**
 * The data connection's settings: defaults, or an override an installer saved in local storage
 * under 'connectionSettings' (e.g. forcing long polling behind a proxy that breaks streaming).
 * An invalid override is refused with its message, never silently replaced by defaults.
 */
export const CONNECTION_SETTINGS_KEY = 'connectionSettings';

export type ConnectionConfig = { ok: true; settings: ConnectionSettings } | { ok: false; error: string };

export function readConnectionConfig(storage: Pick<Storage, 'getItem'> = localStorage): ConnectionConfig {
  try {
    const raw = storage.getItem(CONNECTION_SETTINGS_KEY);
    return { ok: true, settings: parseConnectionSettings(raw ? JSON.parse(raw) : {}) };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}

/** '' for the page's own origin; otherwise the configured host, over TLS unless ssl is false. */
export function baseUrl(settings: ConnectionSettings): string {
  if (!settings.host) return '';
  return `${settings.ssl === false ? 'http' : 'https'}://${settings.host}`;
}
