import type { Role } from '../../../shared/domain/roles';
import { tr } from '../../i18n/tr';

/**
 * Why the login page is showing instead of a dashboard, carried across the full page load that
 * ends a dead session (sessionStorage: this tab only, gone when it closes).
 */
const KEY = 'sessionEndedNotice';

export function noteSessionEnded(reason?: string) {
  try {
    sessionStorage.setItem(KEY, reason ? `${tr.session.ended} ${reason}` : `${tr.session.ended} ${tr.session.signInAgain}`);
  } catch {
    // storage switched off: the login page simply shows without the notice
  }
}

export function readSessionEndedNotice(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** Shown once: cleared after the login page has read it. */
export function clearSessionEndedNotice() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
}

/** Router state of a redirect away from a dashboard the signed-in role may not open. */
export interface DeniedDashboardState {
  deniedRole: Role;
}
export const isDeniedState = (state: unknown): state is DeniedDashboardState =>
  typeof state === 'object' && state !== null && typeof (state as DeniedDashboardState).deniedRole === 'string';
