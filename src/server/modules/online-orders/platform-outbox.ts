import { and, asc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PlatformCallInfo } from '../../../shared/online-orders-contract';
import type { Db } from '../../db/client';
import { platformOutbox } from '../../db/schema';
import { CallBudgetSpent } from './platform-call-budget';
import { PlatformClient } from './platform-client';
import { outboxSignal } from './platform-outbox-signal';
import { loadConnection } from './platform-orders';
import { ADAPTERS } from './platforms';
import { NoCallNeeded, OUTGOING_KINDS, PlatformCallError, isPlatform, type OutgoingKind, type OutgoingUpdate } from './platforms/types';
import { SIMULATED_SEND_NOTE, isSimulatedBaseUrl, simulatedCalls } from './simulated-platform';

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
  /** how often Trendyol is asked for new packages (ms); 0 = never (trendyol-poller.ts) */
  trendyolPollMs?: number;
}

export interface AttemptLogEntry {
  at: string;
  ok: boolean;
  status: number | null;
  error: string | null;
  /** a remark on a successful attempt (a demo restaurant's simulated platform: nothing was sent) */
  note?: string;
  /** the simulated platform's calls as they would have gone out: method, path, headers, body */
  calls?: PlatformCallInfo[];
}

const LOG_KEEP = 20;

/** Where a kind of call comes in an order's life (accept … delivered). */
const stepOrder = (kind: string) => OUTGOING_KINDS.indexOf(kind as OutgoingKind);

/** The wait before the next try after `attempts` failures: doubling from baseDelayMs, never past maxDelayMs. */
export const retryDelayMs = (attempts: number, o: { baseDelayMs: number; maxDelayMs: number }) => Math.min(o.baseDelayMs * 2 ** (attempts - 1), o.maxDelayMs);

/**
 * The durable outbox of calls to the delivery platforms (ADR 0011). A row is written by the command
 * that changes the order (same transaction); this worker sends due rows after commit (kick) and on
 * a timer, so a row left by a crash or a platform outage is sent when the app is up again. A failure
 * is logged on the row ({at, ok, status, error}) and retried after baseDelay·2^(attempts−1), at most
 * maxDelay; 'failing' is visible on the order, 'dead' after maxAttempts. A call the platform's rate
 * limit has no room for yet, or a step the platform wants a while after the one before it, is no
 * failure: it waits. A row is claimed by moving its next_attempt_at forward in one conditional
 * UPDATE, so two workers never send it twice at once.
 */
export class PlatformOutbox {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly opts: Required<Omit<OutboxOptions, 'fetch' | 'trendyolPollMs'>>;
  /** every call to the platforms goes through it (the logins it keeps are shared with the Trendyol poller and the intake) */
  readonly client: PlatformClient;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    options: OutboxOptions = {},
  ) {
    this.opts = {
      pollMs: options.pollMs ?? 5000,
      baseDelayMs: options.baseDelayMs ?? 10_000,
      maxDelayMs: options.maxDelayMs ?? 10 * 60_000,
      maxAttempts: options.maxAttempts ?? 30,
      timeoutMs: options.timeoutMs ?? 10_000,
      allowPrivateNetworks: options.allowPrivateNetworks ?? false,
    };
    this.client = new PlatformClient({ fetch: options.fetch, timeoutMs: this.opts.timeoutMs, allowPrivateNetworks: this.opts.allowPrivateNetworks });
  }

  private readonly onDue = () => this.kick();

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
    // one command's steps share their created_at: the earlier step first (heldUntil)
    due.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || stepOrder(a.kind) - stepOrder(b.kind));
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
      const heldUntil = await this.heldUntil(row);
      if (heldUntil) {
        await this.db.update(platformOutbox).set({ nextAttemptAt: heldUntil }).where(eq(platformOutbox.id, row.id));
        continue;
      }
      const outcome = await this.send(row.restaurantId, row.platform, row.payload as OutgoingUpdate);
      if (outcome.retryAt !== undefined) {
        // the platform's rate limit (platform-call-budget.ts): not a failure, the call waits its turn
        await this.db.update(platformOutbox).set({ nextAttemptAt: new Date(outcome.retryAt) }).where(eq(platformOutbox.id, row.id));
        continue;
      }
      const attempts = row.attempts + 1;
      const entry: AttemptLogEntry = {
        at: new Date().toISOString(),
        ok: outcome.ok,
        status: outcome.status,
        error: outcome.error,
        ...(outcome.note ? { note: outcome.note } : {}),
        ...(outcome.calls ? { calls: outcome.calls } : {}),
      };
      const log = [...(row.attemptLog as AttemptLogEntry[]), entry].slice(-LOG_KEEP);
      if (outcome.ok) {
        await this.db.update(platformOutbox).set({ status: 'sent', attempts, lastError: null, attemptLog: log, sentAt: new Date() }).where(eq(platformOutbox.id, row.id));
      } else {
        const dead = attempts >= this.opts.maxAttempts;
        const delay = retryDelayMs(attempts, this.opts);
        this.log.warn({ outboxId: row.id, platform: row.platform, kind: row.kind, attempts, error: outcome.error }, 'platform outbox: call failed');
        await this.db
          .update(platformOutbox)
          .set({ status: dead ? 'dead' : 'failing', attempts, lastError: outcome.error, attemptLog: log, nextAttemptAt: new Date(Date.now() + delay) })
          .where(eq(platformOutbox.id, row.id));
      }
    }
  }

  /**
   * When an order's step must wait, the moment it may go (null: now). The platforms take an order's
   * steps in order, so an earlier step not sent yet goes first (a dead one holds nothing back); and
   * a platform may want a while between two steps (Getir: a minute from verify to prepare,
   * PlatformAdapter.stepGaps). Steps queued by one command share their created_at: their kinds'
   * order (accept … delivered) tells which is earlier.
   */
  private async heldUntil(row: typeof platformOutbox.$inferSelect): Promise<Date | null> {
    if (!row.orderId || !isPlatform(row.platform)) return null;
    const isEarlier = (r: { createdAt: Date; kind: string }) =>
      r.createdAt < row.createdAt || (r.createdAt.getTime() === row.createdAt.getTime() && stepOrder(r.kind) < stepOrder(row.kind));
    const earlier = (
      await this.db
        .select({ kind: platformOutbox.kind, status: platformOutbox.status, sentAt: platformOutbox.sentAt, nextAttemptAt: platformOutbox.nextAttemptAt, createdAt: platformOutbox.createdAt })
        .from(platformOutbox)
        .where(and(eq(platformOutbox.orderId, row.orderId), ne(platformOutbox.id, row.id), ne(platformOutbox.kind, 'token'), inArray(platformOutbox.status, ['pending', 'failing', 'sent'])))
    ).filter(isEarlier);
    const now = Date.now();
    const waits = earlier.filter((r) => r.status !== 'sent').map((r) => Math.max(r.nextAttemptAt.getTime(), now + 1000));
    const gap = ADAPTERS[row.platform].stepGaps?.[row.kind as OutgoingKind];
    if (gap) {
      for (const r of earlier.filter((e) => gap.after.includes(e.kind as OutgoingKind))) {
        waits.push((r.status === 'sent' && r.sentAt ? r.sentAt.getTime() : Math.max(r.nextAttemptAt.getTime(), now)) + gap.ms);
      }
    }
    const until = Math.max(0, ...waits);
    return until > now ? new Date(until) : null;
  }

  private async send(
    restaurantId: string,
    platform: string,
    update: OutgoingUpdate,
  ): Promise<{ ok: boolean; status: number | null; error: string | null; note?: string; calls?: PlatformCallInfo[]; retryAt?: number }> {
    if (!isPlatform(platform)) return { ok: false, status: null, error: `Bilinmeyen platform: ${platform}` };
    const connection = await loadConnection(this.db, restaurantId, platform);
    if (!connection) return { ok: false, status: null, error: 'Platform bağlantısı kapalı ya da silinmiş' };
    const adapter = ADAPTERS[platform];
    try {
      // the demo's simulated platform (simulated-platform.ts): no login, no network; its calls are
      // written as they would have gone out, so the owner sees each platform's paths and bodies
      if (isSimulatedBaseUrl(connection.baseUrl)) return { ok: true, status: null, error: null, note: SIMULATED_SEND_NOTE, calls: await simulatedCalls(adapter, update, connection) };
      const calls = await adapter.request(update, connection, (read) => this.client.read(restaurantId, connection, read));
      // a step the platform has no call for (Delivery Hero hears no "delivered"): nothing to send
      if (calls.length === 0) return { ok: true, status: null, error: null, note: NO_PLATFORM_CALL_NOTE };
      let status: number | null = null;
      for (const call of calls) {
        const res = await this.client.send(restaurantId, connection, call);
        status = res.status;
        if (!res.ok) {
          const text = (await res.text().catch(() => '')).slice(0, 200);
          return { ok: false, status: res.status, error: `HTTP ${res.status}${text ? `: ${text}` : ''}` };
        }
      }
      return { ok: true, status, error: null };
    } catch (err) {
      if (err instanceof NoCallNeeded) return { ok: true, status: null, error: null, note: err.message };
      if (err instanceof CallBudgetSpent) return { ok: false, status: null, error: err.message, retryAt: err.retryAt };
      return { ok: false, status: err instanceof PlatformCallError ? err.status : null, error: err instanceof Error ? err.message.slice(0, 200) : String(err) };
    }
  }
}
