import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { NewLine, UpdateLineRequest } from '../../shared/ticket-contract';

/**
 * The waiter's actions taken while the server could not be reached, kept in IndexedDB so a reload
 * or a browser restart loses none of them. Each one carries the Idempotency-Key it is sent with.
 */
export type QueuedKind = 'add-lines' | 'update-line' | 'delete-line' | 'send';

/** A line added offline: what is sent, and what the screen shows until the server answers. */
export interface DraftLine extends NewLine {
  /** the line's id on the screen until it exists on the server ("tmp-…") */
  tempId: string;
  name: string;
  /** per unit, item + chosen add-ons, kuruş (the server prices it again when it arrives) */
  unitPrice: number;
  options: { name: string; priceKurus: number }[];
  vatRate: number;
}

export type LineChange = Omit<UpdateLineRequest, 'version'>;
/** A line as the waiter saw it when changing it: a different line on the server is a conflict. */
export interface LineSeen {
  quantity: number;
  note: string | null;
  course: string | null;
}

export type QueuedPayload =
  | { kind: 'add-lines'; lines: DraftLine[] }
  | { kind: 'update-line'; lineId: string; lineName: string; before: LineSeen; change: LineChange }
  | { kind: 'delete-line'; lineId: string; lineName: string }
  | { kind: 'send'; holdCourses: string[] };

/** A request as it went out: a retry sends exactly this (same key, same body), never a new one. */
export interface SentRequest {
  method: 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  key?: string;
}

export interface QueuedAction {
  /** order of the queue (IndexedDB's own counter) */
  seq?: number;
  /** Idempotency-Key of this action */
  key: string;
  restaurantId: string;
  userId: string;
  ticketId: string;
  /** "Masa 5", "Gel-Al · Ayşe": what the waiter calls the ticket, for messages */
  where: string;
  /** the table the waiter saw the ticket on; another table at replay means it was moved */
  tableId: string | null;
  payload: QueuedPayload;
  createdAt: number;
  /** set before the first send; present = the outcome of that send is not known yet */
  sent?: SentRequest;
}

/** An action the server refused (table closed, dish sold out...): kept until the waiter dismisses it. */
export interface FailedAction extends QueuedAction {
  failedAt: number;
  /** what happened, in Turkish */
  reason: string;
  /** what to do now, in Turkish */
  advice: string;
}

interface Lease {
  name: string;
  owner: string;
  until: number;
}

interface OfflineDb extends DBSchema {
  actions: { key: number; value: QueuedAction };
  failed: { key: string; value: FailedAction };
  leases: { key: string; value: Lease };
}

export const OFFLINE_DB_NAME = 'sofra-offline';

export type OfflineStore = Awaited<ReturnType<typeof openOfflineStore>>;

export async function openOfflineStore(name = OFFLINE_DB_NAME) {
  const db: IDBPDatabase<OfflineDb> = await openDB<OfflineDb>(name, 1, {
    upgrade(d) {
      d.createObjectStore('actions', { keyPath: 'seq', autoIncrement: true });
      d.createObjectStore('failed', { keyPath: 'key' });
      d.createObjectStore('leases', { keyPath: 'name' });
    },
  });
  return {
    /** Appends an action; resolves with its place in the queue. */
    add: async (action: QueuedAction) => {
      const { seq: _drop, ...rest } = action;
      return db.add('actions', rest as QueuedAction);
    },
    /** Queued actions, oldest first. */
    all: () => db.getAll('actions'),
    put: async (action: QueuedAction) => void (await db.put('actions', action)),
    /**
     * Writes down the request about to go out for `action`, unless the action was changed or
     * removed since it was read (the waiter edited a line added offline): then 'changed', and the
     * replay reads it again. One transaction, so an edit lands either before or after, never lost.
     */
    async markSent(action: QueuedAction, sent: SentRequest): Promise<'ok' | 'changed'> {
      const tx = db.transaction('actions', 'readwrite');
      const now = await tx.store.get(action.seq!);
      const isSame = now !== undefined && JSON.stringify(now.payload) === JSON.stringify(action.payload) && now.key === action.key;
      if (isSame) await tx.store.put({ ...now, sent });
      await tx.done;
      return isSame ? 'ok' : 'changed';
    },
    /** Changes a waiting action that has not gone out yet; false once it has (or is gone). */
    async replaceUnsent(action: QueuedAction) {
      const tx = db.transaction('actions', 'readwrite');
      const now = await tx.store.get(action.seq!);
      const isFree = now !== undefined && !now.sent;
      if (isFree) await tx.store.put({ ...action, sent: undefined });
      await tx.done;
      return isFree;
    },
    async removeUnsent(seq: number) {
      const tx = db.transaction('actions', 'readwrite');
      const now = await tx.store.get(seq);
      const isFree = now !== undefined && !now.sent;
      if (isFree) await tx.store.delete(seq);
      await tx.done;
      return isFree;
    },
    /** Removes an action — called only once the server has answered it. */
    remove: async (seq: number) => db.delete('actions', seq),
    /** Moves an action to the "gönderilemedi" list in one transaction: never in both, never in neither. */
    async fail(action: QueuedAction, reason: string, advice: string, now = Date.now()) {
      const tx = db.transaction(['actions', 'failed'], 'readwrite');
      const { sent: _sent, ...rest } = action;
      await Promise.all([
        tx.objectStore('failed').put({ ...rest, failedAt: now, reason, advice }),
        action.seq !== undefined ? tx.objectStore('actions').delete(action.seq) : Promise.resolve(),
        tx.done,
      ]);
    },
    failed: async () => (await db.getAll('failed')).sort((a, b) => a.failedAt - b.failedAt),
    dismiss: (key: string) => db.delete('failed', key),
    /**
     * The replay lease where the Web Locks API is missing: taken only when free, expired or
     * already ours, inside one readwrite transaction (IndexedDB runs those one at a time).
     */
    async takeLease(leaseName: string, owner: string, ms: number, now = Date.now()) {
      const tx = db.transaction('leases', 'readwrite');
      const held = await tx.store.get(leaseName);
      const isFree = !held || held.until <= now || held.owner === owner;
      if (isFree) await tx.store.put({ name: leaseName, owner, until: now + ms });
      await tx.done;
      return isFree;
    },
    async dropLease(leaseName: string, owner: string) {
      const tx = db.transaction('leases', 'readwrite');
      const held = await tx.store.get(leaseName);
      if (held?.owner === owner) await tx.store.delete(leaseName);
      await tx.done;
    },
    close: () => db.close(),
  };
}
