import type { AuthUser, LoginRequest } from '../../../shared/auth-contract';
import { api } from '../../api/http';
import { clearUserSession, setManualLogout } from '../../api/session';

export const login = (body: LoginRequest) => api<AuthUser>('/api/auth/login', { method: 'POST', body });
export const resumeSavedLogin = () => api<AuthUser>('/api/auth/resume', { method: 'POST' });

/** Ends the server session (and remembered device) and marks the logout as deliberate. */
export async function logout() {
  try {
    await api('/api/auth/logout', { method: 'POST' });
  } finally {
    clearUserSession();
    setManualLogout();
  }
}
