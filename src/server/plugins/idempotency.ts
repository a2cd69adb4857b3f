import { createHash, randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { lockRestaurant, type CommandDeps } from '../lib/command';
import { preparedPerConnection, preparedSql } from '../lib/prepared';
import { idempotencyKeys, restaurants } from '../db/schema';
import { HttpError } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A keyed POST whose work is not a command (printing, a call to another route) claims its key
     * before it runs, in a write of its own; a command's route leaves that to the command.
     */
    claimKeyUpFront?: boolean;
    /**
     * The answer holds a secret shown once, which is never stored with the key: `true` — the whole
     * answer is the secret (a new channel secret, a courier link): a retry is told it was shown;
     * a list of fields — a retry gets the answer without them (a new member of staff, without the
     * generated password).
     */
    secretInAnswer?: true | readonly string[];
  }
  interface FastifyRequest {
    /** set when this request claimed an Idempotency-Key and its answer must be stored */
    idempotencyClaim: IdempotencyClaim | null;
  }
}

export interface IdempotencyClaim {
  restaurantId: string;
  key: string;
  bootId: string;
  userId: string;
  route: string;
  requestHash: string;
  /**
   * Whether the key has its row yet. A new key gets it from the command that applies it, in the
   * command's own transaction (one commit); a key taken over from a dead process already has one.
   */
  stored: boolean;
}

export interface IdempotencyOptions {
  /** this process; a new random id per start (tests pass their own to play a restarted server) */
  bootId?: string;
  /** the clock the leases are measured with (tests move it) */
  now?: () => Date;
  /**
   * Only this process can use the database (the embedded default: DATA_DIR is locked), so a claim of
   * any other boot id belongs to a process that died and is taken over at once. On a shared
   * PostgreSQL other servers may be alive; their claims are taken over only when the lease ran out.
   */
  exclusiveDatabase?: boolean;
}

const KEY_FORMAT = /^[A-Za-z0-9_-]{8,128}$/;
const KEEP_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;
/** A claim stays alive this long without renewal; its owner renews it three times as often. */
export const LEASE_MS = 30_000;

export const IDEMPOTENCY_MESSAGES = {
  badKey: 'Idempotency-Key 8–128 karakterlik harf, rakam, - ya da _ olmalı',
  reused: 'Bu Idempotency-Key başka bir istek için kullanılmış',
  inProgress: 'Aynı istek hâlâ işleniyor; birkaç saniye sonra tekrar deneyin',
  appliedWithoutAnswer: 'Bu istek daha önce işlendi ama yanıtı kaydedilemeden sunucu durdu; ekranı yenileyip sonucu kontrol edin',
  secretShownOnce: 'Bu istek daha önce işlendi ve yeni sır bir kez gösterildi; sır saklanmaz. Görmediyseniz yeniden oluşturun',
} as const;

/** The answer a retry will get, without the secret it held (the key's row is no place for one). */
function storableAnswer(secret: true | readonly string[] | undefined, statusCode: number, body: string) {
  if (!secret || statusCode >= 300) return { statusCode, responseBody: body };
  if (secret === true) return { statusCode: 409, responseBody: JSON.stringify({ error: IDEMPOTENCY_MESSAGES.secretShownOnce }) };
  const parsed = JSON.parse(body) as Record<string, unknown>;
  for (const field of secret) delete parsed[field];
  return { statusCode, responseBody: JSON.stringify(parsed) };
}

/** What identifies "the same request": the address and the body exactly as sent. */
export const requestHashOf = (url: string, rawBody: string | null) =>
  createHash('sha256').update(`${url}\n${rawBody ?? ''}`).digest('base64url');

type ClaimOwner = Pick<IdempotencyClaim, 'restaurantId' | 'key' | 'bootId'>;

const claimWhere = (c: ClaimOwner) =>
  and(eq(idempotencyKeys.restaurantId, c.restaurantId), eq(idempotencyKeys.key, c.key), eq(idempotencyKeys.ownerBootId, c.bootId));

/**
 * Marks a key's existing row applied, in the command's transaction. No row = another process took
 * the claim over (our lease ran out): roll back.
 */
export async function markClaimApplied(tx: Db, claim: ClaimOwner, now: Date) {
  const rows = await tx
    .update(idempotencyKeys)
    .set({ appliedAt: sql`coalesce(${idempotencyKeys.appliedAt}, ${now})` })
    .where(claimWhere(claim))
    .returning({ key: idempotencyKeys.key });
  if (rows.length === 0) throw new HttpError(409, IDEMPOTENCY_MESSAGES.inProgress);
}

const claimRow = (claim: IdempotencyClaim, now: Date) => ({
  restaurantId: claim.restaurantId,
  key: claim.key,
  userId: claim.userId,
  route: claim.route,
  requestHash: claim.requestHash,
  ownerBootId: claim.bootId,
  leaseUntil: new Date(now.getTime() + LEASE_MS),
  createdAt: now,
});

/**
 * The answer an earlier request with the same key already got: the claim step throws it when it
 * meets the key's row, and the error handler sends it as it was (plugins/errors.ts).
 */
export class StoredAnswer extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: string,
  ) {
    super('idempotent replay');
  }
}

/** The first step of a request's command, when the request carries a key (lib/routes.ts). */
export function idempotencyStep(request: FastifyRequest): CommandDeps['lockAndClaim'] {
  const claim = request.idempotencyClaim;
  return claim ? (tx, restaurantId, afterCommit) => request.server.idempotency.lockAndClaimInCommand(tx, restaurantId, afterCommit, request, claim) : undefined;
}

/**
 * The restaurant's lock and a new key's row in one statement (the insert reads the locked row, so
 * the lock comes first, as in every command). Whether the restaurant exists and whether the key's
 * row is new: an earlier row with the key is left as it was, for earlierUse to judge.
 */
const lockRestaurantAndInsertKey = preparedSql<{ restaurantFound: boolean; claimed: boolean }>(
  'lock_restaurant_insert_key',
  () => sql`
    with tenant as (select id from ${restaurants} where id = ${sql.placeholder('restaurantId')} for update),
    claimed as (
      insert into ${idempotencyKeys} (restaurant_id, key, user_id, route, request_hash, owner_boot_id, lease_until, created_at, applied_at)
      select id, ${sql.placeholder('key')}, ${sql.placeholder('userId')}::uuid, ${sql.placeholder('route')}, ${sql.placeholder('requestHash')},
        ${sql.placeholder('bootId')}, ${sql.placeholder('leaseUntil')}::timestamptz, ${sql.placeholder('at')}::timestamptz, ${sql.placeholder('at')}::timestamptz
      from tenant
      on conflict do nothing
      returning 1
    )
    select exists (select from tenant) as "restaurantFound", exists (select from claimed) as "claimed"`,
);

/**
 * A keyed command's answer, stored after it was sent. It need not reach the disk before the next
 * request: if a power cut loses it, the key's applied row remains and a retry is told so
 * (appliedWithoutAnswer), never run twice. So this one statement commits without waiting for the
 * WAL flush (a transaction-local setting, applied by the filter when the key's row is found).
 */
const storeAnswer = preparedPerConnection('store_idempotent_answer', (db, name) =>
  db
    .update(idempotencyKeys)
    .set({ statusCode: sql`${sql.placeholder('statusCode')}`, responseBody: sql`${sql.placeholder('responseBody')}` })
    .where(
      and(
        eq(idempotencyKeys.restaurantId, sql.placeholder('restaurantId')),
        eq(idempotencyKeys.key, sql.placeholder('key')),
        eq(idempotencyKeys.ownerBootId, sql.placeholder('bootId')),
        sql`set_config('synchronous_commit', 'off', true) is not null`,
      ),
    )
    .prepare(name),
);

/**
 * A signed-in POST with an Idempotency-Key header runs once: a retry with the same key and body
 * gets the stored answer (marked `idempotent-replay: true`), the same key with another body is
 * refused, and a retry that overlaps the first one waits its turn with a 409. Keys live 24 hours,
 * per restaurant. Server errors (5xx) are not stored, so the client can try again.
 *
 * A claim belongs to one running process (boot id + lease). When that process dies mid-request,
 * its claim is taken over by the next retry with the same key and body, which then runs once.
 */
export function registerIdempotency(app: FastifyInstance, options: IdempotencyOptions = {}) {
  const { db } = app;
  const bootId = options.bootId ?? randomUUID();
  const now = options.now ?? (() => new Date());
  const isExclusive = options.exclusiveDatabase ?? false;
  const leaseEnd = () => new Date(now().getTime() + LEASE_MS);
  app.decorateRequest('idempotencyClaim', null);
  let lastSweep = 0;
  let inFlight = 0;
  /**
   * Answers of applied commands already sent but not yet stored, by restaurant and key: the response
   * does not wait for its own row's update (a round trip less on every keyed write), and a retry that
   * reaches this process meanwhile is answered from here. Another process's retry in that millisecond
   * hears "hâlâ işleniyor" and tries again, as it would while the first request ran.
   */
  const answersBeingStored = new Map<string, { statusCode: number; responseBody: string; stored: Promise<unknown> }>();
  const keyOf = (claim: Pick<IdempotencyClaim, 'restaurantId' | 'key'>) => `${claim.restaurantId} ${claim.key}`;
  /** Resolves once every answer already sent is stored (or failed to be). */
  const settled = async () => {
    await Promise.all([...answersBeingStored.values()].map((a) => a.stored));
  };

  // Renewal keeps a slow request's claim alive; it runs only while this process holds claims.
  const renewal = setInterval(() => {
    if (inFlight === 0) return;
    db.update(idempotencyKeys)
      .set({ leaseUntil: leaseEnd() })
      .where(and(eq(idempotencyKeys.ownerBootId, bootId), isNull(idempotencyKeys.statusCode)))
      .catch((err) => app.log.warn({ err }, 'idempotency lease renewal failed'));
  }, LEASE_MS / 3);
  renewal.unref();
  app.addHook('onClose', async () => {
    clearInterval(renewal);
    await settled();
  });

  const own = (request: FastifyRequest, claim: IdempotencyClaim, stored: boolean) => {
    claim.stored = stored;
    request.idempotencyClaim = claim;
    inFlight++;
  };
  /** The request no longer holds its claim: answered, or replaying an earlier answer. */
  const release = (request: FastifyRequest) => {
    request.idempotencyClaim = null;
    inFlight--;
  };
  const keyWhere = (claim: Pick<IdempotencyClaim, 'restaurantId' | 'key'>) =>
    and(eq(idempotencyKeys.restaurantId, claim.restaurantId), eq(idempotencyKeys.key, claim.key));

  /**
   * Inserts the key's row. When a row is there already (an earlier request with the same key), what
   * it means for this one: earlierUse. Null when this request now holds the key.
   */
  async function claimKey(q: Db, row: typeof idempotencyKeys.$inferInsert, claim: IdempotencyClaim): Promise<StoredAnswer | null> {
    const inserted = await q.insert(idempotencyKeys).values(row).onConflictDoNothing().returning({ key: idempotencyKeys.key });
    return inserted.length > 0 ? null : earlierUse(q, claim, false);
  }

  /**
   * The key's row is there already: an earlier request with the same key. What it means for this
   * one: its stored answer, a refusal (thrown), or — a dead process's claim — taken over
   * (`applying`: in the command that applies it, so marked applied too; null, this request now
   * holds the key).
   */
  async function earlierUse(q: Db, claim: IdempotencyClaim, applying: boolean): Promise<StoredAnswer | null> {
    const [earlier] = await q.select().from(idempotencyKeys).where(keyWhere(claim));
    if (!earlier) throw new HttpError(409, IDEMPOTENCY_MESSAGES.inProgress); // swept meanwhile: retry
    if (earlier.userId !== claim.userId || earlier.route !== claim.route || earlier.requestHash !== claim.requestHash) {
      throw new HttpError(409, IDEMPOTENCY_MESSAGES.reused);
    }
    if (earlier.statusCode !== null) return new StoredAnswer(earlier.statusCode, earlier.responseBody ?? '');
    const beingStored = answersBeingStored.get(keyOf(claim));
    if (beingStored) return new StoredAnswer(beingStored.statusCode, beingStored.responseBody);
    if (earlier.appliedAt !== null) {
      // Committed, answer not stored yet: while its process is alive that answer is moments away
      // (a double tap, a retry racing the first request) — only a dead owner means it is lost.
      const ownerAlive = earlier.leaseUntil !== null && earlier.leaseUntil > now() && (!isExclusive || earlier.ownerBootId === bootId);
      throw new HttpError(409, ownerAlive ? IDEMPOTENCY_MESSAGES.inProgress : IDEMPOTENCY_MESSAGES.appliedWithoutAnswer);
    }
    // Still "in progress": take it over if its process is gone. One conditional update, so of two
    // retries at once only one wins; the condition is checked again under the row's lock.
    const isAbandoned = or(
      lt(idempotencyKeys.leaseUntil, now()),
      isNull(idempotencyKeys.leaseUntil), // claims made before leases existed
      isExclusive ? sql`${idempotencyKeys.ownerBootId} is distinct from ${bootId}` : sql`false`,
    );
    const takenOver = await q
      .update(idempotencyKeys)
      .set({ ownerBootId: bootId, leaseUntil: leaseEnd(), ...(applying ? { appliedAt: now() } : {}) })
      .where(and(keyWhere(claim), eq(idempotencyKeys.requestHash, claim.requestHash), isNull(idempotencyKeys.statusCode), isNull(idempotencyKeys.appliedAt), isAbandoned))
      .returning({ key: idempotencyKeys.key });
    if (takenOver.length === 0) throw new HttpError(409, IDEMPOTENCY_MESSAGES.inProgress);
    return null;
  }

  /**
   * A keyed request's command starts here, in place of the restaurant's lock (CommandDeps
   * .lockAndClaim): one statement locks the restaurant's row and records the key as applied in the
   * change's own transaction, so they commit together (one flush to disk) and a retry after a
   * crash can tell "never ran" from "ran, answer lost". A key seen before is looked at only when
   * its insert meets the row (earlierUse): a retry gets the stored answer, a twin that committed
   * first (a double tap, waiting behind it for the lock) a 409 or its answer, and a dead process's
   * claim is taken over. False when there is no such restaurant.
   */
  async function lockAndClaimInCommand(tx: Db, restaurantId: string, afterCommit: (fn: () => void) => void, request: FastifyRequest, claim: IdempotencyClaim) {
    const at = now();
    if (claim.stored) {
      // claimed up front (claimKeyUpFront): lock as any command, then mark the key's row applied
      if (!(await lockRestaurant(tx, restaurantId))) return false;
      await markClaimApplied(tx, claim, at);
      return true;
    }
    const [{ restaurantFound, claimed }] = await lockRestaurantAndInsertKey(tx, {
      restaurantId,
      key: claim.key,
      userId: claim.userId,
      route: claim.route,
      requestHash: claim.requestHash,
      bootId: claim.bootId,
      at: at.toISOString(),
      leaseUntil: new Date(at.getTime() + LEASE_MS).toISOString(),
    });
    if (!restaurantFound) return false;
    const answer = claimed ? null : await earlierUse(tx, claim, true);
    if (answer) {
      release(request);
      throw answer; // rolls the command back; the error handler sends the stored answer
    }
    afterCommit(() => (claim.stored = true));
    return true;
  }
  app.decorate('idempotency', { bootId, now, lockAndClaimInCommand, settled });

  app.addHook('preHandler', async (request: FastifyRequest) => {
    const key = request.headers['idempotency-key'];
    const isMultipart = request.headers['content-type']?.startsWith('multipart/') ?? false;
    if (request.method !== 'POST' || key === undefined || !request.actor || isMultipart) return;
    if (typeof key !== 'string' || !KEY_FORMAT.test(key)) throw new HttpError(400, IDEMPOTENCY_MESSAGES.badKey);
    const { restaurantId, userId } = request.actor;
    const route = `${request.method} ${request.routeOptions.url}`;
    // The raw text, not JSON.stringify(body): stringifying a hostile body can overflow the stack,
    // and the bytes the client sent are what "the same request" means.
    const requestHash = requestHashOf(request.url, request.rawBody);
    const claim: IdempotencyClaim = { restaurantId, key, bootId, userId, route, requestHash, stored: false };

    if (now().getTime() - lastSweep > SWEEP_EVERY_MS) {
      lastSweep = now().getTime();
      await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now().getTime() - KEEP_MS)));
    }
    // A command's route: its command claims the key (claimInCommand), and meets an earlier use there.
    if (!request.routeOptions.config.claimKeyUpFront) return own(request, claim, false);

    const answer = await claimKey(db, claimRow(claim, now()), claim);
    if (answer) throw answer; // the error handler sends it
    own(request, claim, true);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    release(request);
    const failed = reply.statusCode >= 500 || (payload !== undefined && payload !== null && typeof payload !== 'string');
    const answer = storableAnswer(request.routeOptions.config.secretInAnswer, reply.statusCode, (payload as string | undefined) ?? '');
    if (!claim.stored) {
      // No command applied it (refused, or a route that changes nothing): a retry gets this answer.
      // A twin that did apply it keeps its own row.
      if (!failed) await db.insert(idempotencyKeys).values({ ...claimRow(claim, now()), ...answer }).onConflictDoNothing();
    } else if (failed) {
      // Nothing committed (or nothing to replay): release the key so a retry can run. A claim the
      // command already marked applied is kept: deleting it would let a retry run it twice.
      await db.delete(idempotencyKeys).where(and(claimWhere(claim), isNull(idempotencyKeys.appliedAt)));
    } else {
      // Stored after the answer leaves (answersBeingStored). If it never lands (the process dies
      // first), the row stays applied without an answer and a retry is told so, never run twice.
      const key = keyOf(claim);
      const stored = storeAnswer(db, { ...answer, restaurantId: claim.restaurantId, key: claim.key, bootId: claim.bootId })
        .catch((err: unknown) => app.log.warn({ err }, 'idempotency answer not stored'))
        .finally(() => answersBeingStored.delete(key));
      answersBeingStored.set(key, { ...answer, stored });
    }
    return payload;
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** this process's boot id and clock, and the claim step of a keyed request's command */
    idempotency: {
      bootId: string;
      now: () => Date;
      lockAndClaimInCommand(tx: Db, restaurantId: string, afterCommit: (fn: () => void) => void, request: FastifyRequest, claim: IdempotencyClaim): Promise<boolean>;
      settled(): Promise<void>;
    };
  }
}
