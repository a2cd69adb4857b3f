import { and, asc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { platformOutbox } from '../../db/schema';
import { outboxSignal } from './platform-outbox-signal';
import { loadConnection } from './platform-orders';
import { assertPublicUrl } from './public-address';
import { ADAPTERS } from './platforms';
import { PlatformCallError, isPlatform, type OutgoingUpdate } from './platforms/types';
import { SIMULATED_SEND_NOTE, isSimulatedBaseUrl } from './simulated-platform';

export const NO_PLATFORM_CALL_NOTE = 'Platformun bu adım için bir çağrısı yok: gönderilmiş sayıldı';

export interface OutboxOptions {
  /** how the calls are made (tests: the global fetch against a fake platform server) */
  fetch?: typeof fetch;
  /** how often due calls are looked for (ms); 0 = only when kicked */
  pollMs?: number;
  /** the first retry's delay (ms), doubled per failure up to maxDelayMs */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** after this many failures the call is 'dead' (shown on the order; the owner acts by phone) */
  maxAttempts?: number;
  /** one call's time limit (ms) */
  timeoutMs?: number;
  /** calls may go to loopback and private networks (tests' fake platform); off: public https only */
  allowPrivateNetworks?: boolean;
}

export interface AttemptLogEntry {
  at: string;
  ok: boolean;
  status: number | null;
  error: string | null;
  /** a remark on a successful attempt (a demo restaurant's simulated platform: nothing was sent) */
  note?: string;
}

const LOG_KEEP = 20;
/** how long a platform's login answer is reused (their tokens last 30 min or more) */
const LOGIN_REUSE_MS = 20 * 60_000;

/**
 * The durable outbox of calls to the delivery platforms (ADR 0011). A row is written by the command
 * that changes the order (same transaction); this worker sends due rows after commit (kick) and on
 * a timer, so a row left by a crash or a platform outage is sent when the app is up again. A failure
 * is logged on the row ({at, ok, status, error}) and retried after baseDelay·2^(attempts−1), at most
 * maxDelay; 'failing' is visible on the order, 'dead' after maxAttempts. A row is claimed by moving
 * its next_attempt_at forward in one conditional UPDATE, so two workers never send it twice at once.
 */
export class PlatformOutbox {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly opts: Required<Omit<OutboxOptions, 'fetch'>> & { fetch: typeof fetch };

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    options: OutboxOptions = {},
  ) {
    this.opts = {
      fetch: options.fetch ?? fetch,
      pollMs: options.pollMs ?? 5000,
      baseDelayMs: options.baseDelayMs ?? 10_000,
      maxDelayMs: options.maxDelayMs ?? 10 * 60_000,
      maxAttempts: options.maxAttempts ?? 30,
      timeoutMs: options.timeoutMs ?? 10_000,
      allowPrivateNetworks: options.allowPrivateNetworks ?? false,
    };
  }

  private readonly onDue = () => this.kick();

  /**
   * The platforms' login answers, reused for LOGIN_REUSE_MS (their tokens live 30–60 min): a busy
   * evening's calls do not log in one by one. Keyed by restaurant, platform and credentials, so a
   * changed secret logs in again at once; dropped when a call is refused.
   */
  private readonly logins = new Map<string, { headers: Record<string, string>; until: number; credentials: string }>();

  private async loggedIn(restaurantId: string, connection: { platform: string; clientId: string; clientSecret: string; baseUrl: string }, login: () => Promise<Record<string, string>>) {
    const key = `${restaurantId}|${connection.platform}`;
    const credentials = `${connection.clientId}|${connection.clientSecret}|${connection.baseUrl}`;
    const kept = this.logins.get(key);
    if (kept && kept.until > Date.now() && kept.credentials === credentials) return kept.headers;
    const headers = await login();
    this.logins.set(key, { headers, until: Date.now() + LOGIN_REUSE_MS, credentials });
    return headers;
  }

  start() {
    outboxSignal.on('due', this.onDue);
    if (this.opts.pollMs > 0) {
      this.timer = setInterval(() => this.kick(), this.opts.pollMs);
      this.timer.unref();
    }
    this.kick();
  }

  /** Sends what is due now (after a commit, on the timer); never throws. */
  kick() {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((err: unknown) => this.log.error({ err }, 'platform outbox: drain failed'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Waits for the sending in progress (tests; close). */
  async settled() {
    while (this.running) await this.running;
  }

  async stop() {
    this.stopped = true;
    outboxSignal.off('due', this.onDue);
    if (this.timer) clearInterval(this.timer);
    await this.settled();
  }

  /** Sends every due row once, oldest first. */
  async drain() {
    const due = await this.db
      .select()
      .from(platformOutbox)
      .where(and(inArray(platformOutbox.status, ['pending', 'failing']), ne(platformOutbox.kind, 'token'), lte(platformOutbox.nextAttemptAt, new Date())))
      .orderBy(asc(platformOutbox.createdAt))
      .limit(50);
    for (const row of due) {
      if (this.stopped) return;
      // claim: the row is ours for one time limit (its next attempt moves past the lease); a second
      // worker's identical UPDATE finds it no longer due. Compared with the database's clock, never
      // with the timestamp read back (JavaScript keeps milliseconds, PostgreSQL microseconds).
      const lease = new Date(Date.now() + this.opts.timeoutMs * 3);
      const claimed = await this.db
        .update(platformOutbox)
        .set({ nextAttemptAt: lease })
        .where(and(eq(platformOutbox.id, row.id), inArray(platformOutbox.status, ['pending', 'failing']), lte(platformOutbox.nextAttemptAt, sql`now()`)))
        .returning({ id: platformOutbox.id });
      if (claimed.length === 0) continue;
      const outcome = await this.send(row.restaurantId, row.platform, row.payload as OutgoingUpdate);
      const attempts = row.attempts + 1;
      const entry: AttemptLogEntry = { at: new Date().toISOString(), ok: outcome.ok, status: outcome.status, error: outcome.error, ...(outcome.note ? { note: outcome.note } : {}) };
      const log = [...(row.attemptLog as AttemptLogEntry[]), entry].slice(-LOG_KEEP);
      if (outcome.ok) {
        await this.db.update(platformOutbox).set({ status: 'sent', attempts, lastError: null, attemptLog: log, sentAt: new Date() }).where(eq(platformOutbox.id, row.id));
      } else {
        const dead = attempts >= this.opts.maxAttempts;
        const delay = Math.min(this.opts.baseDelayMs * 2 ** (attempts - 1), this.opts.maxDelayMs);
        this.log.warn({ outboxId: row.id, platform: row.platform, kind: row.kind, attempts, error: outcome.error }, 'platform outbox: call failed');
        await this.db
          .update(platformOutbox)
          .set({ status: dead ? 'dead' : 'failing', attempts, lastError: outcome.error, attemptLog: log, nextAttemptAt: new Date(Date.now() + delay) })
          .where(eq(platformOutbox.id, row.id));
      }
    }
  }

  private async send(restaurantId: string, platform: string, update: OutgoingUpdate): Promise<{ ok: boolean; status: number | null; error: string | null; note?: string }> {
    if (!isPlatform(platform)) return { ok: false, status: null, error: `Bilinmeyen platform: ${platform}` };
    const connection = await loadConnection(this.db, restaurantId, platform);
    if (!connection) return { ok: false, status: null, error: 'Platform bağlantısı kapalı ya da silinmiş' };
    // the demo's simulated platform (simulated-platform.ts): counted as sent, no login, no network
    if (isSimulatedBaseUrl(connection.baseUrl)) return { ok: true, status: null, error: null, note: SIMULATED_SEND_NOTE };
    const adapter = ADAPTERS[platform];
    // every call (the login too) goes to a public https address only (public-address.ts)
    const fetchWithLimit: typeof fetch = async (input, init) => {
      if (!this.opts.allowPrivateNetworks) await assertPublicUrl(String(input));
      return this.opts.fetch(input, { ...init, signal: AbortSignal.timeout(this.opts.timeoutMs) });
    };
    try {
      const call = adapter.request(update, connection);
      // a step the platform has no call for (Delivery Hero hears no "delivered"): nothing to send
      if (!call) return { ok: true, status: null, error: null, note: NO_PLATFORM_CALL_NOTE };
      const auth = await this.loggedIn(restaurantId, connection, () => adapter.authHeaders(connection, fetchWithLimit));
      const res = await fetchWithLimit(`${connection.baseUrl}${call.path}`, {
        method: call.method,
        headers: { 'content-type': 'application/json', ...auth, ...call.headers },
        body: JSON.stringify(call.body),
      });
      if (res.ok) return { ok: true, status: res.status, error: null };
      // a refused token is logged in afresh on the next try
      if (res.status === 401 || res.status === 403) this.logins.delete(`${restaurantId}|${platform}`);
      const text = (await res.text().catch(() => '')).slice(0, 200);
      return { ok: false, status: res.status, error: `HTTP ${res.status}${text ? `: ${text}` : ''}` };
    } catch (err) {
      return { ok: false, status: err instanceof PlatformCallError ? err.status : null, error: err instanceof Error ? err.message.slice(0, 200) : String(err) };
    }
  }
}
