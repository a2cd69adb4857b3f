import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { MESSAGES } from '../../shared/errors';
import { isUuid } from '../../shared/ids';
import type { ActorRole } from '../../shared/domain/roles';
import type { LiveEventType } from '../../shared/live-events';
import type { Db } from '../db/client';
import { restaurants } from '../db/schema';
import { HttpError } from '../errors';
import { preparedPerConnection } from './prepared';

/** Where a command's live events go after its commit (the events module's hub). */
export interface LivePublisher {
  publish(restaurantId: string, type: LiveEventType, id?: string): unknown;
  /** ends the open streams of these sessions (they have just ended) */
  endSessions(sessionIds: readonly string[]): void;
}

/** A live event a command queued: published after its commit. */
export interface QueuedEvent {
  type: LiveEventType;
  id?: string;
}

/**
 * What modules add to every command, registered once when the app is built (command-hooks.ts):
 * the pipeline itself knows no feature.
 */
export interface CommandHooks {
  /** Writes the command's audit rows in its transaction: they commit or roll back with the change. */
  audit(c: CommandContext, entries: readonly AuditEntry[]): Promise<void>;
  /** Each runs in order after the command's work, in its transaction, with the events it queued. */
  beforeCommit: readonly ((c: CommandContext, events: readonly QueuedEvent[]) => Promise<void>)[];
}

/** What every command needs from the app: the database, the live-event hub and the modules' hooks. */
export interface CommandDeps {
  db: Db;
  hub: LivePublisher;
  commandHooks: CommandHooks;
  /**
   * A keyed request's first step, in place of the restaurant's lock (plugins/idempotency.ts): locks
   * the restaurant's row and records the request's idempotency key in the same statement, so the
   * key commits or rolls back with the change. Answers false when there is no such restaurant.
   */
  lockAndClaim?: (tx: Db, restaurantId: string, afterCommit: (fn: () => void) => void) => Promise<boolean>;
}

/**
 * Who runs a command. Staff commands pass the signed-in actor; seeding and the installation's
 * `create-restaurant` run as the system (no user).
 */
export interface CommandActor {
  restaurantId: string;
  userId: string | null;
  role: ActorRole;
}

export interface AuditEntry {
  /** verb-noun, e.g. 'menu.item.update', 'ticket.line.cancel' */
  action: string;
  entity: string;
  entityId: string | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
  /** the person who approved it on the spot (an owner's password), when not the actor */
  approverUserId?: string | null;
}

/** A table whose rows belong to a restaurant: it has a `restaurant_id` column. */
type TenantTable = PgTable & { restaurantId: PgColumn };
/** A table a restaurant owns: it has an `id` and a `restaurant_id` column. */
type OwnedTable = TenantTable & { id: PgColumn };

export interface CommandContext {
  tx: Db;
  actor: CommandActor;
  restaurantId: string;
  /** Writes an audit row in this transaction: it commits or rolls back with the change. */
  audit(entry: AuditEntry | AuditEntry[]): Promise<void>;
  /** Queues a live event; published only after the commit, never for a rolled-back command. */
  emit(type: LiveEventType, id?: string): void;
  /**
   * Ends the open event streams of sessions this command deleted, after the commit and before its
   * events are published: an ended session's screen never receives another event.
   */
  endStreams(sessionIds: readonly string[]): void;
  /** Runs `fn` after the commit (waking a worker that reads what this command wrote); never on a rollback. */
  afterCommit(fn: () => void): void;
  /**
   * Locks one of this restaurant's rows FOR UPDATE. A malformed id, a missing row and another
   * restaurant's row all answer the same 404, so ids never leak across tenants.
   */
  lockOwned<T extends OwnedTable>(table: T, id: string, notFoundMessage?: string): Promise<T['$inferSelect']>;
  /** lockOwned by another uuid column, for rows keyed otherwise (a membership by its user id). */
  lockOwnedBy<T extends TenantTable>(table: T, key: PgColumn, id: string, notFoundMessage?: string): Promise<T['$inferSelect']>;
  /** 409 with the Turkish message (the general one unless told) when the row moved on since the client read it. */
  assertVersion(row: { version: number }, expected: number | undefined, message?: string): void;
  /** `coalesce(max(sort_order) + 1, 0)` among this restaurant's rows (safe: the restaurant is locked). */
  nextSortOrder(table: OwnedTable & { sortOrder: PgColumn }, where?: SQL): Promise<number>;
}

export function assertVersion(row: { version: number }, expected: number | undefined, message: string = MESSAGES.versionConflict) {
  if (expected !== undefined && row.version !== expected) throw new HttpError(409, message);
}

/**
 * The one write path (ADR 0006). Opens a transaction, locks the restaurant's row — so the commands
 * of one restaurant run one after another, which keeps counters gapless and "is it free?" checks
 * true until the commit — runs `work`, and publishes the queued live events after the commit.
 * An exception anywhere rolls back the change and its audit rows and publishes nothing.
 */
export async function runCommand<T>(deps: CommandDeps, actor: CommandActor, work: (c: CommandContext) => Promise<T>): Promise<T> {
  return inCommand(deps, async (tx, afterCommit) => {
    const { restaurantId } = actor;
    if (!isUuid(restaurantId)) throw new HttpError(404, MESSAGES.restaurantNotFound);
    const found = deps.lockAndClaim ? await deps.lockAndClaim(tx, restaurantId, afterCommit) : await lockRestaurant(tx, restaurantId);
    if (!found) throw new HttpError(404, MESSAGES.restaurantNotFound);
    return actor;
  }, work);
}

const selectRestaurantForUpdate = preparedPerConnection('lock_restaurant', (tx, name) =>
  tx.select({ id: restaurants.id }).from(restaurants).where(eq(restaurants.id, sql.placeholder('restaurantId'))).for('update').prepare(name),
);
/** Locks the restaurant's row for the command (its other commands wait); false when there is none. */
export async function lockRestaurant(tx: Db, restaurantId: string): Promise<boolean> {
  return (await selectRestaurantForUpdate(tx, { restaurantId })).length > 0;
}

/**
 * Creating a restaurant is the one command with no restaurant row to lock yet. The row is inserted
 * in the command's own transaction — nobody sees it, let alone writes to it, before the commit —
 * and `work` runs on it as the system (installation, demo data), all or nothing.
 */
export async function runCreateRestaurant<T>(deps: CommandDeps, name: string, work: (c: CommandContext) => Promise<T>): Promise<T> {
  return inCommand(deps, async (tx) => {
    const [row] = await tx.insert(restaurants).values({ name }).returning({ id: restaurants.id });
    return { restaurantId: row.id, userId: null, role: 'system' };
  }, work);
}

/** The transaction around `begin` (which claims the tenant) and `work`, then the publishing. */
async function inCommand<T>(
  deps: CommandDeps,
  begin: (tx: Db, afterCommit: (fn: () => void) => void) => Promise<CommandActor>,
  work: (c: CommandContext) => Promise<T>,
): Promise<T> {
  const events: QueuedEvent[] = [];
  const endedSessions: string[] = [];
  const committed: (() => void)[] = [];
  let restaurantId = '';
  const result = await deps.db.transaction(async (t) => {
    const tx: Db = t;
    const actor = await begin(tx, (fn) => committed.push(fn));
    restaurantId = actor.restaurantId;
    const c = commandContext(tx, actor, events, endedSessions, committed, deps.commandHooks);
    const result = await work(c);
    for (const hook of deps.commandHooks.beforeCommit) await hook(c, events);
    return result;
  });
  deps.hub.endSessions(endedSessions);
  for (const e of events) deps.hub.publish(restaurantId, e.type, e.id);
  for (const fn of committed) fn();
  return result;
}

function commandContext(
  tx: Db,
  actor: CommandActor,
  events: QueuedEvent[],
  endedSessions: string[],
  committed: (() => void)[],
  hooks: CommandHooks,
): CommandContext {
  const { restaurantId } = actor;
  const lockOwnedBy: CommandContext['lockOwnedBy'] = async (table, key, id, notFoundMessage = MESSAGES.notFound) => {
    if (!isUuid(id)) throw new HttpError(404, notFoundMessage);
    const rows = await tx
      .select()
      .from(table as PgTable)
      .where(and(eq(key, id), eq(table.restaurantId, restaurantId)))
      .for('update');
    if (rows.length === 0) throw new HttpError(404, notFoundMessage);
    return rows[0] as never;
  };
  const context: CommandContext = {
    tx,
    actor,
    restaurantId,
    async audit(entry) {
      const entries = Array.isArray(entry) ? entry : [entry];
      if (entries.length > 0) await hooks.audit(context, entries);
    },
    emit(type, id) {
      if (!events.some((e) => e.type === type && e.id === id)) events.push({ type, id });
    },
    endStreams(sessionIds) {
      endedSessions.push(...sessionIds);
    },
    afterCommit(fn) {
      if (!committed.includes(fn)) committed.push(fn);
    },
    lockOwnedBy,
    lockOwned: (table, id, notFoundMessage) => lockOwnedBy(table, table.id, id, notFoundMessage),
    assertVersion,
    async nextSortOrder(table, where) {
      const [row] = await tx
        .select({ next: sql<number>`coalesce(max(${table.sortOrder}) + 1, 0)::int` })
        .from(table as PgTable)
        .where(and(eq(table.restaurantId, restaurantId), where));
      return Number(row?.next ?? 0);
    },
  };
  return context;
}
