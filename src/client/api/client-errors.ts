import type { ClientErrorReport } from '../../shared/client-error-contract';
import { CLIENT_ERROR_LIMITS } from '../../shared/client-error-limits';
import { getUserSession } from './session';

/** The app's build version (package.json's, put in by Vite at build time); 'dev' in unit tests. */
export const APP_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev';

/** A screen that crashes on every render would report itself in a loop: each message goes once per page load. */
const MAX_REPORTS_PER_LOAD = 20;
const reported = new Set<string>();

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max - 1) + '…' : text);

/** What is sent for a caught error: trimmed to the contract's bounds, so a long stack is never refused. */
export function clientErrorReportOf(error: unknown, screen: string, componentStack?: string | null): ClientErrorReport {
  const err = error instanceof Error ? error : new Error(String(error));
  const stack = [err.stack, componentStack ? `Bileşenler:${componentStack}` : ''].filter(Boolean).join('\n');
  return {
    message: clip(`${err.name}: ${err.message}`.trim(), CLIENT_ERROR_LIMITS.message) || 'Error',
    ...(stack ? { stack: clip(stack, CLIENT_ERROR_LIMITS.stack) } : {}),
    screen: clip(screen.startsWith('/') ? screen : `/${screen}`, CLIENT_ERROR_LIMITS.screen),
    version: clip(APP_VERSION, CLIENT_ERROR_LIMITS.version),
  };
}

/**
 * Sends a caught error to the server's log. Signed-in screens only (the endpoint wants a session).
 * Plain fetch, not apiRequest: a 401 here must not end the session, and a report that fails is
 * dropped — the error screen is already showing and a report never shows errors of its own.
 */
export function reportClientError(error: unknown, screen: string, componentStack?: string | null) {
  if (!getUserSession()) return;
  const report = clientErrorReportOf(error, screen, componentStack);
  const key = `${report.screen} ${report.message}`;
  if (reported.has(key) || reported.size >= MAX_REPORTS_PER_LOAD) return;
  reported.add(key);
  void fetch('/api/client-errors', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(report),
    keepalive: true,
  }).catch(() => undefined);
}
