import { CallBudgets } from './platform-call-budget';
import { assertPublicUrl } from './public-address';
import { ADAPTERS } from './platforms';
import { PlatformCallError, type HttpCall, type PlatformConnection, type PlatformRead } from './platforms/types';

export interface PlatformClientOptions {
  /** how the calls are made (tests: a fake platform server, or a scripted fetch) */
  fetch?: typeof fetch;
  /** one call's time limit (ms) */
  timeoutMs?: number;
  /** calls may go to loopback and private networks (tests' fake platform); off: public https only */
  allowPrivateNetworks?: boolean;
  /** the clock of the login and read caches (tests move it) */
  now?: () => number;
}

/** how long a platform's login answer is reused (their tokens last 30 min or more) */
const LOGIN_REUSE_MS = 20 * 60_000;
/** a read kept longer than this is dropped, whatever it asked for */
const CACHE_MAX_ENTRIES = 500;

/**
 * Every call Sofra makes to a platform — the outbox's updates, the reads they need first (Delivery
 * Hero's availability, Getir's cancel options), Getir's payment methods at intake and the Trendyol
 * poller's packages — goes through here: to a public https address only (public-address.ts), within
 * a time limit, with the platform's own authentication. A login is reused for LOGIN_REUSE_MS (the
 * platforms' tokens live 30–60 min, and Getir limits logins), keyed by restaurant, platform and
 * credentials so a changed secret logs in again at once, and dropped when the platform refuses it.
 * A read may ask to be reused for a while (Getir's payment methods change rarely; a retried cancel
 * must not spend its cancel-options budget again). No call goes over a platform's published rate
 * limit (platform-call-budget.ts): one that would is not made (CallBudgetSpent).
 */
export class PlatformClient {
  private readonly opts: Required<PlatformClientOptions>;
  private readonly logins = new Map<string, { headers: Record<string, string>; until: number; credentials: string }>();
  private readonly reads = new Map<string, { value: unknown; until: number }>();
  private readonly budgets: CallBudgets;

  constructor(options: PlatformClientOptions = {}) {
    this.opts = {
      fetch: options.fetch ?? fetch,
      timeoutMs: options.timeoutMs ?? 10_000,
      allowPrivateNetworks: options.allowPrivateNetworks ?? false,
      now: options.now ?? Date.now,
    };
    this.budgets = new CallBudgets(this.opts.now);
  }

  /** fetch, checked and time-limited (the login goes through it too) */
  private readonly limited: typeof fetch = async (input, init) => {
    if (!this.opts.allowPrivateNetworks) await assertPublicUrl(String(input));
    return this.opts.fetch(input, { ...init, signal: AbortSignal.timeout(this.opts.timeoutMs) });
  };

  private loginKey = (restaurantId: string, connection: PlatformConnection) => `${restaurantId}|${connection.platform}`;

  private async authHeaders(restaurantId: string, connection: PlatformConnection) {
    const key = this.loginKey(restaurantId, connection);
    const credentials = `${connection.clientId}|${connection.clientSecret}|${connection.baseUrl}`;
    const kept = this.logins.get(key);
    if (kept && kept.until > this.opts.now() && kept.credentials === credentials) return kept.headers;
    const headers = await ADAPTERS[connection.platform].authHeaders(connection, this.limited);
    this.logins.set(key, { headers, until: this.opts.now() + LOGIN_REUSE_MS, credentials });
    return headers;
  }

  /** One authenticated request; a refused token (401/403) is logged in afresh next time. */
  private async exchange(restaurantId: string, connection: PlatformConnection, method: string, path: string, headers: Record<string, string> = {}, body?: unknown) {
    // the platforms count per token, so per credentials: two restaurants of one company share it
    this.budgets.take(`${connection.platform}|${connection.clientId}|${connection.baseUrl}`, ADAPTERS[connection.platform].callBudgets, method, path);
    const auth = await this.authHeaders(restaurantId, connection);
    const res = await this.limited(`${connection.baseUrl}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...auth, ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (res.status === 401 || res.status === 403) this.logins.delete(this.loginKey(restaurantId, connection));
    return res;
  }

  /** Sends one of the outbox's calls; the answer is the caller's to judge. */
  send(restaurantId: string, connection: PlatformConnection, call: HttpCall) {
    return this.exchange(restaurantId, connection, call.method, call.path, call.headers, call.body);
  }

  private readKey = (restaurantId: string, connection: PlatformConnection, read: PlatformRead) =>
    `${restaurantId}|${connection.platform}|${connection.clientId}|${connection.baseUrl}|${read.path}`;

  /** A read's answer still kept from before, or undefined (never a network call). */
  cached(restaurantId: string, connection: PlatformConnection, read: PlatformRead): unknown {
    const kept = this.reads.get(this.readKey(restaurantId, connection, read));
    return kept && kept.until > this.opts.now() ? kept.value : undefined;
  }

  /**
   * GET `read.path` with the platform's authentication: its JSON body, or null for an answer
   * without one (Delivery Hero's 204, "not ready yet"). A refusal is a PlatformCallError with the
   * platform's status.
   */
  async read(restaurantId: string, connection: PlatformConnection, read: PlatformRead): Promise<unknown> {
    const key = this.readKey(restaurantId, connection, read);
    if (read.cacheMs) {
      const kept = this.cached(restaurantId, connection, read);
      if (kept !== undefined) return kept;
    }
    const res = await this.exchange(restaurantId, connection, 'GET', read.path, read.headers);
    if (!res.ok) {
      const text = (await res.text().catch(() => '')).slice(0, 200);
      throw new PlatformCallError(`HTTP ${res.status}${text ? `: ${text}` : ''} (GET ${read.path.split('?')[0]})`, res.status);
    }
    const text = await res.text();
    let value: unknown = null;
    if (res.status !== 204 && text.trim() !== '') {
      try {
        value = JSON.parse(text);
      } catch {
        throw new PlatformCallError(`Platformun yanıtı okunamadı (JSON değil): GET ${read.path.split('?')[0]}`, res.status);
      }
    }
    if (read.cacheMs && value !== null) {
      if (this.reads.size >= CACHE_MAX_ENTRIES) this.reads.delete(this.reads.keys().next().value!);
      this.reads.set(key, { value, until: this.opts.now() + read.cacheMs });
    }
    return value;
  }
}
