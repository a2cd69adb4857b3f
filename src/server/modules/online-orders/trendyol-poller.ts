import { and, eq, inArray, lte, notLike } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { onlineOrders, platformConnections, platformPollLeases } from '../../db/schema';
import { HttpError } from '../../errors';
import { runCommand, type CommandActor, type CommandDeps } from '../../lib/command';
import type { PlatformClient } from './platform-client';
import { cancelPlatformOrder } from './online-order-endings';
import { receivePlatformOrder } from './platform-orders';
import { trendyol, trendyolHeaders } from './platforms/trendyol';
import { PlatformCallError, type PlatformConnection, type PlatformOrder } from './platforms/types';
import { SIMULATED_BASE_URL_PREFIX } from './simulated-platform';

/**
 * Trendyol Go (meal) sends no order webhook: Sofra asks it. Every `intervalMs` each configured
 * Trendyol connection is polled with `GET /integrator/order/meal/suppliers/{supplierId}/packages`
 * (HTTP Basic apiKey:apiSecret and the headers Trendyol requires: trendyolHeaders), twice:
 *  - `packageStatuses=Created`: the packages waiting for the restaurant's answer. Each new one goes
 *    through the same intake as a webhook's order (receivePlatformOrder: one order per package id,
 *    auto-accept, the inbox's ring); a package already stored is not taken again.
 *  - `packageStatuses=Cancelled,UnSupplied` modified since the last poll (a minute's overlap): the
 *    packages Trendyol or the customer withdrew, cancelled as a webhook's cancellation is.
 * Trendyol allows 50 requests to one endpoint in 10 seconds; a poll is at most 2 × MAX_PAGES
 * requests per supplier every 15 s by default, far inside it. A connection is polled only when it
 * is enabled and has its supplier id, API key and secret, and is not the demo's simulated one. A
 * failed poll (a refusal, 429, the network) waits twice as long each time, up to maxBackoffMs.
 * When each connection is next asked is kept in the database (platform_poll_leases), not in this
 * process: with two servers on one database, one of them polls each time (claim), so Trendyol is
 * asked at the interval, not twice as often. Clock and timers are injected, so tests drive it
 * without waiting.
 */

export interface TrendyolPollerOptions {
  /** how often each connection is asked (ms) */
  intervalMs: number;
  /** the longest wait after failures (ms) */
  maxBackoffMs?: number;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export const TRENDYOL_POLL_MS = 15_000;
const MAX_PAGES = 5;
const PAGE_SIZE = 50;
/** the first poll of a connection looks this far back for withdrawn packages */
const FIRST_LOOK_BACK_MS = 60 * 60_000;
/** each later poll overlaps the last by this much (a package modified as the last poll ran) */
const OVERLAP_MS = 60_000;
/** a claimed poll holds its connection this long at most (a server that died mid-poll lets go) */
const LEASE_MS = 2 * 60_000;

/** Trendyol's page of packages: `{totalElements, totalPages, page, size, content: [...]}`. */
const page = z.object({ totalPages: z.number().int().nullish(), content: z.array(z.unknown()) }).passthrough();

const integration = (restaurantId: string): CommandActor => ({ restaurantId, userId: null, role: 'integration' });

export class TrendyolPoller {
  private readonly opts: Required<TrendyolPollerOptions>;
  /** packages refused once are not logged again every poll */
  private readonly refused = new Set<string>();
  private timer: unknown = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly deps: CommandDeps,
    private readonly client: PlatformClient,
    private readonly log: FastifyBaseLogger,
    options: TrendyolPollerOptions,
  ) {
    this.opts = {
      maxBackoffMs: 5 * 60_000,
      now: Date.now,
      setTimer: (fn, ms) => setTimeout(fn, ms).unref(),
      clearTimer: (handle) => clearTimeout(handle as NodeJS.Timeout),
      ...options,
    };
  }

  start() {
    this.stopped = false;
    this.schedule();
  }

  private schedule() {
    if (this.stopped) return;
    this.timer = this.opts.setTimer(() => {
      if (this.stopped) return;
      this.running = this.pollDue()
        .catch((err: unknown) => this.log.error({ err }, 'trendyol poller: poll failed'))
        .finally(() => {
          this.running = null;
          this.schedule();
        });
    }, this.opts.intervalMs);
  }

  /** No poll starts after this; the one under way is waited for. */
  async stop() {
    this.stopped = true;
    if (this.timer !== null) this.opts.clearTimer(this.timer);
    this.timer = null;
    await this.running;
  }

  /** The connections Sofra may poll: enabled, with Trendyol's codes and keys, not simulated. */
  private async configured(): Promise<(PlatformConnection & { restaurantId: string })[]> {
    const rows = await this.deps.db
      .select()
      .from(platformConnections)
      .where(and(eq(platformConnections.platform, 'trendyol'), eq(platformConnections.enabled, true), notLike(platformConnections.baseUrl, `${SIMULATED_BASE_URL_PREFIX}%`)));
    return rows
      .filter((r) => r.remoteCode && r.clientId && r.clientSecret)
      .map((r) => ({ ...r, platform: 'trendyol' as const, baseUrl: r.baseUrl.replace(/\/+$/, ''), productMap: r.productMap as Record<string, string> }));
  }

  /** Polls every configured connection whose time has come (the timer's work; tests call it). */
  async pollDue() {
    const now = this.opts.now();
    const connections = await this.configured();
    for (const connection of connections) {
      if (this.stopped) return;
      const lease = await this.claim(connection.restaurantId, now);
      if (!lease) continue;
      try {
        await this.pollOne(connection.restaurantId, connection, lease.since?.getTime() ?? now - FIRST_LOOK_BACK_MS);
        await this.release(connection.restaurantId, { nextPollAt: new Date(now + this.opts.intervalMs), failures: 0, since: new Date(now - OVERLAP_MS) });
      } catch (err) {
        const failures = lease.failures + 1;
        const wait = Math.min(this.opts.intervalMs * 2 ** failures, this.opts.maxBackoffMs);
        await this.release(connection.restaurantId, { nextPollAt: new Date(now + wait), failures });
        this.log.warn({ restaurantId: connection.restaurantId, failures, status: err instanceof PlatformCallError ? err.status : null, err }, 'trendyol poller: Trendyol did not answer');
      }
    }
  }

  /**
   * The connection's turn, if it has come: its next poll moved a lease ahead in one conditional
   * statement, so of two servers asking at once only one gets the row back (the other polls next
   * time). The lease outlasts a slow poll; the poll's outcome then sets the real next time.
   */
  private async claim(restaurantId: string, now: number) {
    const [lease] = await this.deps.db
      .insert(platformPollLeases)
      .values({ restaurantId, platform: 'trendyol', nextPollAt: new Date(now + LEASE_MS) })
      .onConflictDoUpdate({
        target: [platformPollLeases.restaurantId, platformPollLeases.platform],
        set: { nextPollAt: new Date(now + LEASE_MS) },
        setWhere: lte(platformPollLeases.nextPollAt, new Date(now)),
      })
      .returning({ since: platformPollLeases.since, failures: platformPollLeases.failures });
    return lease;
  }

  /** The poll's outcome: when the connection is next asked, and from when withdrawals are looked for. */
  private async release(restaurantId: string, set: Partial<typeof platformPollLeases.$inferInsert>) {
    await this.deps.db
      .update(platformPollLeases)
      .set(set)
      .where(and(eq(platformPollLeases.restaurantId, restaurantId), eq(platformPollLeases.platform, 'trendyol')));
  }

  private async packages(restaurantId: string, connection: PlatformConnection, query: Record<string, string>) {
    const found: unknown[] = [];
    for (let p = 0; p < MAX_PAGES; p++) {
      const params = new URLSearchParams({ ...query, ...(connection.storeId ? { storeId: connection.storeId } : {}), page: String(p), size: String(PAGE_SIZE) });
      const answer = page.parse(
        await this.client.read(restaurantId, connection, { path: `/integrator/order/meal/suppliers/${encodeURIComponent(connection.remoteCode)}/packages?${params}`, headers: trendyolHeaders(connection) }),
      );
      found.push(...answer.content);
      if (p + 1 >= (answer.totalPages ?? 1)) break;
    }
    return found;
  }

  private async pollOne(restaurantId: string, connection: PlatformConnection, since: number) {
    const waiting = await this.packages(restaurantId, connection, { packageStatuses: 'Created' });
    const orders = waiting.flatMap((body) => this.read(restaurantId, body));
    const known = orders.length
      ? new Set(
          (
            await this.deps.db
              .select({ externalId: onlineOrders.externalId })
              .from(onlineOrders)
              .where(and(eq(onlineOrders.restaurantId, restaurantId), eq(onlineOrders.source, 'trendyol'), inArray(onlineOrders.externalId, orders.map((o) => o.externalId))))
          ).map((r) => r.externalId),
        )
      : new Set<string>();
    for (const order of orders) {
      if (known.has(order.externalId)) continue;
      await runCommand(this.deps, integration(restaurantId), (c) => receivePlatformOrder(c, connection, order)).catch((err: unknown) => this.once(`${restaurantId}|${order.externalId}|store`, err, 'trendyol poller: package not stored'));
    }
    const withdrawn = await this.packages(restaurantId, connection, { packageStatuses: 'Cancelled,UnSupplied', packageModificationStartDate: String(since) });
    for (const body of withdrawn) {
      const parsed = trendyol.cancellation.safeParse(body);
      if (!parsed.success) continue;
      const cancel = trendyol.toCancellation(parsed.data as never);
      await runCommand(this.deps, integration(restaurantId), (c) => cancelPlatformOrder(c, 'trendyol', cancel.externalId, cancel.reason)).catch((err: unknown) => {
        // a package Sofra never took, or one delivered meanwhile: nothing to withdraw
        if (err instanceof HttpError && (err.statusCode === 404 || err.statusCode === 409)) return;
        this.once(`${restaurantId}|${cancel.externalId}|cancel`, err, 'trendyol poller: cancellation not applied');
      });
    }
  }

  /** A package as the intake takes it, or nothing (its refusal logged once). */
  private read(restaurantId: string, body: unknown): PlatformOrder[] {
    try {
      return [trendyol.toOrder(trendyol.payload.parse(body) as never)];
    } catch (err) {
      const id = (body as { id?: unknown } | null)?.id;
      this.once(`${restaurantId}|${String(id)}|read`, err, 'trendyol poller: package refused');
      return [];
    }
  }

  private once(key: string, err: unknown, message: string) {
    if (this.refused.has(key)) return;
    if (this.refused.size > 5000) this.refused.clear();
    this.refused.add(key);
    this.log.warn({ err, key }, message);
  }
}
