import type { AuthUser } from '../../shared/auth-contract';
import { isRole } from '../../shared/domain/roles';

/**
 * The spec's browser records. `savedCredentials` holds the email only: the automatic sign-in uses
 * the HttpOnly remember-me cookie, so no password ever reaches local storage.
 */
const KEYS = { session: 'userSession', saved: 'savedCredentials', manualLogout: 'manualLogout' } as const;

function read(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? null : JSON.parse(raw);
  } catch {
    return null;
  }
}

/** The stored session, or null when it is missing or not of the expected shape. */
export function getUserSession(): AuthUser | null {
  const s = read(KEYS.session) as Partial<AuthUser> | null;
  const isValid =
    typeof s?.uid === 'string' && typeof s.email === 'string' && typeof s.restaurantId === 'string' && isRole(s.role);
  return isValid ? (s as AuthUser) : null;
}
export const setUserSession = (user: AuthUser) => localStorage.setItem(KEYS.session, JSON.stringify(user));
export const clearUserSession = () => {
  localStorage.removeItem(KEYS.session);
  // the service worker's saved API answers (vite.config.ts) belonged to that session: a shared
  // device must not show them to the next person
  void globalThis.caches?.delete('sofra-api').catch(() => undefined);
};

export function getSavedEmail(): string | null {
  const saved = read(KEYS.saved) as { email?: unknown } | null;
  return typeof saved?.email === 'string' && saved.email ? saved.email : null;
}
export const saveEmail = (email: string) => localStorage.setItem(KEYS.saved, JSON.stringify({ email }));
export const forgetSavedEmail = () => localStorage.removeItem(KEYS.saved);

export const isManualLogout = () => read(KEYS.manualLogout) === true;
export const setManualLogout = () => localStorage.setItem(KEYS.manualLogout, 'true');
export const clearManualLogout = () => localStorage.removeItem(KEYS.manualLogout);
