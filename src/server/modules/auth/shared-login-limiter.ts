/**
 * The sign-in door's limiter when several server processes share one PostgreSQL (ADR 0012): the
 * same rules as LoginLimiter — an attempt is reserved before its password is checked, handed back
 * when it was right, and at most the allowed number of wrong passwords is evaluated per window —
 * but counted in the database, so a guesser gets the limit once, not once per process.
 *
 * A reservation takes a transaction-scoped advisory lock per key (in one fixed order), counts the
 * key's recent rows and inserts its own: two processes reserving the last slot of a key queue on
 * the lock, and the second sees the first's row.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
// brings the declaration of app.liveFanOut
import type {} from '../events';
import { loginAttempts } from '../../db/schema';
import type { LoginLimiterOptions, Reservation } from './login-limiter';

/** What the sign-in door needs of a limiter: LoginLimiter (in memory) or this one. */
export interface AttemptLimiter {
  reserve(keys: string[]): Reservation | Promise<Reservation>;
  clear(key: string): void | Promise<void>;
}

/** Emails and addresses are not stored: the key's hash is enough to count. */
const hashKey = (key: string) => `${key.slice(0, key.indexOf(':'))}:${createHash('sha256').update(key).digest('base64url')}`;
/** every this many reservations, rows of keys nobody asked about again are deleted */
const SWEEP_EVERY = 200;

export class SharedLoginLimiter implements AttemptLimiter {
  private reservations = 0;

  constructor(
    private readonly db: Db,
    private readonly options: LoginLimiterOptions,
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  private now() {
    return this.options.now?.() ?? Date.now();
  }

  private limitOf(key: string) {
    return this.options.maxFailures[key.slice(0, key.indexOf(':'))] ?? Infinity;
  }

  async reserve(keys: string[]): Promise<Reservation> {
    const now = this.now();
    const since = new Date(now - this.options.windowMs);
    const wanted = [...new Set(keys)].map((key) => ({ key, hash: hashKey(key), limit: this.limitOf(key) }));
    const hashes = wanted.map((w) => w.hash).sort();
    if (++this.reservations % SWEEP_EVERY === 0) await this.db.delete(loginAttempts).where(lte(loginAttempts.at, since));
    const outcome = await this.db.transaction(async (tx) => {
      const list = sql.join(
        hashes.map((h) => sql`${h}`),
        sql`, `,
      );
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(k, 0)) from unnest(array[${list}]::text[]) as k order by k`);
      await tx.delete(loginAttempts).where(and(inArray(loginAttempts.key, hashes), lte(loginAttempts.at, since)));
      const rows = await tx
        .select({ key: loginAttempts.key, count: sql<number>`count(*)::int`, oldest: sql<string>`min(${loginAttempts.at})` })
        .from(loginAttempts)
        .where(inArray(loginAttempts.key, hashes))
        .groupBy(loginAttempts.key);
      const full = wanted.flatMap((w) => {
        const row = rows.find((r) => r.key === w.hash);
        return row && row.count >= w.limit ? [new Date(row.oldest).getTime()] : [];
      });
      if (full.length > 0) {
        const freeAt = Math.max(...full) + this.options.windowMs;
        return { ok: false as const, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now) / 1000)) };
      }
      const inserted = await tx
        .insert(loginAttempts)
        .values(hashes.map((key) => ({ key, at: new Date(now) })))
        .returning({ id: loginAttempts.id });
      return { ok: true as const, ids: inserted.map((r) => r.id) };
    });
    if (!outcome.ok) return outcome;
    const { ids } = outcome;
    // Reservation's release and fail are synchronous: their writes run on, a failure is logged.
    return {
      ok: true,
      release: () => void this.db.delete(loginAttempts).where(inArray(loginAttempts.id, ids)).catch(this.onError),
      fail: () => void this.db.update(loginAttempts).set({ pending: false }).where(inArray(loginAttempts.id, ids)).catch(this.onError),
    };
  }

  /** A right password clears the key's failures; attempts still being checked stay counted (LoginLimiter.clear). */
  async clear(key: string): Promise<void> {
    await this.db.delete(loginAttempts).where(and(eq(loginAttempts.key, hashKey(key)), eq(loginAttempts.pending, false)));
  }
}

/**
 * The sign-in door's limiter for this app: shared through the database when other server processes
 * use it too (they fan out live events: app.liveFanOut), else undefined (the in-memory default).
 */
export function sharedLoginLimiterOf(app: FastifyInstance, limits: LoginLimiterOptions): AttemptLimiter | undefined {
  if (!app.liveFanOut) return undefined;
  return new SharedLoginLimiter(app.db, limits, (err) => app.log.warn({ err }, 'giriş denemesi sayacı güncellenemedi'));
}
