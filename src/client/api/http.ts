import { tr } from '../i18n/tr';
import { OFFLINE_COPY_HEADER, markReachable, markUnreachable } from './reachability';
import type { ResponseCache } from './response-cache';

/** A failed API call, carrying the server's Turkish message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** a failed validation: each field's path in the shared schema → its Turkish message */
    readonly fields: Record<string, string> = {},
    /** the whole error body, for refusals that carry more than a message (a 409 naming the open ticket) */
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** The sentence for a refusal that carried none of the server's own (never a bare "HTTP 502"). */
export const failureMessage = (status: number) => (status >= 500 ? tr.network.serverDown : tr.network.failed);

// Same origin and no response cache until a dashboard applies the connection settings
// (connection.ts); the login page stays free of the settings' validation code.
let apiBase = '';
let responseCache: ResponseCache | undefined;
export function configureHttp(options: { base: string; cache: ResponseCache }) {
  apiBase = options.base;
  responseCache = options.cache;
}

let onUnauthorized: ((reason?: string) => void) | undefined;
/**
 * Set while this screen signs its own person out (Çıkış Yap, Her Yerden Çıkış Yap): a request still
 * in flight that now answers 401, or the sessions-ended event, is then the expected end and not news
 * to act on (no second page load, no "Oturumunuz sona erdi" after a deliberate logout).
 */
let isSigningOut = false;
export const setSigningOut = (value: boolean) => {
  isSigningOut = value;
};
/** Leaves the dashboard as if the next request had answered 401 (the session ended elsewhere). */
export const endSession = (reason?: string) => {
  if (!isSigningOut) onUnauthorized?.(reason);
};
/** Called when a signed-in call answers 401: the session died (logout elsewhere, deactivation). */
export function setUnauthorizedHandler(handler: (reason?: string) => void) {
  onUnauthorized = handler;
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

export async function apiRequest<T>(
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const method = init.method ?? 'GET';
  const cached = method === 'GET' ? responseCache?.get(path) : undefined;
  let res: Response;
  try {
    res = await fetch(apiBase + path, {
      method,
      credentials: apiBase ? 'include' : 'same-origin',
      headers: {
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(cached ? { 'if-none-match': cached.etag } : {}),
        ...init.headers,
      },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
    });
  } catch {
    markUnreachable();
    throw new ApiError(0, tr.network.offline);
  }
  // The service worker's saved copy (vite.config.ts) answers when the server did not.
  if (res.headers.get(OFFLINE_COPY_HEADER)) markUnreachable();
  else markReachable();
  if (res.status === 304 && cached) return { data: JSON.parse(cached.body) as T, headers: res.headers };
  const text = await res.text();
  const etag = res.headers.get('etag');
  if (method === 'GET' && res.ok && etag && !res.headers.get('cache-control')?.includes('no-store')) {
    responseCache?.set(path, { etag, body: text });
  }
  const json = text ? safeJson(text) : undefined;
  if (!res.ok) {
    const body = json as { error?: string; fields?: Record<string, string> } | undefined;
    const message = body?.error ?? failureMessage(res.status);
    if (res.status === 401 && !path.startsWith('/api/auth/')) endSession();
    throw new ApiError(res.status, message, body?.fields, body && typeof body === 'object' ? (body as Record<string, unknown>) : {});
  }
  return { data: json as T, headers: res.headers };
}

export const api = async <T>(path: string, init?: Parameters<typeof apiRequest>[1]) =>
  (await apiRequest<T>(path, init)).data;

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
