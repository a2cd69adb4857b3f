import type { AuthUser, LoginRequest } from '../../../../shared/auth-contract';
import { api, setSigningOut } from '../../../api/http';
import { clearUserSession, setManualLogout } from '../../../api/session';

/** A new session: from now on a 401 means it ended elsewhere again. */
const signedIn = (user: AuthUser) => {
  setSigningOut(false);
  return user;
};
export const login = (body: LoginRequest) => api<AuthUser>('/api/auth/login', { method: 'POST', body }).then(signedIn);
export const resumeSavedLogin = () => api<AuthUser>('/api/auth/resume', { method: 'POST' }).then(signedIn);

/** Ends the server session (and remembered device) and marks the logout as deliberate. */
export async function logout() {
  setSigningOut(true);
  try {
    await api('/api/auth/logout', { method: 'POST' });
  } finally {
    clearUserSession();
    setManualLogout();
  }
}
