/** The auth module's front door: what other modules and the app may use of it; they import nothing else. */
export { AUTH_MESSAGES } from './auth-messages';
export { authRoutes } from './auth.routes';
export { endAllSessions, findActor, isSessionLive, SESSION_TTL_MS } from './auth.service';
export { loadDeviceKey } from './device-cookie';
export { guardedCheck, LIMIT_WINDOW_MS } from './login-guard';
export { LoginLimiter } from './login-limiter';
export { hashPassword, verifyPassword } from './password';
export { hashToken, newToken } from './tokens';
