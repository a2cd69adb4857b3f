import { useSyncExternalStore } from 'react';
import { api } from './http';
import { newIdempotencyKey } from './idempotency-key';
import { replayQueue, type ReplayResult } from './offline-replay';
import { openOfflineStore, type FailedAction, type OfflineStore, type QueuedAction } from './offline-store';
import { isOffline, subscribeReachability } from './reachability';
import { getLiveStatus, subscribeLiveStatus } from './live-status';
import { getUserSession } from './session';

const LOCK_NAME = 'sofra-offline-replay';
const LEASE_MS = 30_000;
/** Background Sync is missing on Safari: the queue also retries on this timer. */
const RETRY_MS = 15_000;

/**
 * Runs `fn` in this tab only if no other tab is replaying: the Web Locks API where there is one,
 * else a lease row in IndexedDB (renewed while the replay runs, so a closed tab frees it soon).
 * Resolves undefined when another tab holds it.
 */
export async function withReplayLock<T>(store: OfflineStore, owner: string, fn: () => Promise<T>): Promise<T | undefined> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks?.request) return locks.request(LOCK_NAME, { ifAvailable: true }, async (lock) => (lock ? fn() : undefined));
  if (!(await store.takeLease(LOCK_NAME, owner, LEASE_MS))) return undefined;
  const renew = setInterval(() => void store.takeLease(LOCK_NAME, owner, LEASE_MS), LEASE_MS / 3);
  try {
    return await fn();
  } finally {
    clearInterval(renew);
    await store.dropLease(LOCK_NAME, owner);
  }
}

export interface OfflineQueueState {
  /** this person's actions waiting to be sent, oldest first */
  pending: QueuedAction[];
  /** "gönderilemedi": refused when replayed, until dismissed */
  failed: FailedAction[];
  isOffline: boolean;
  isReplaying: boolean;
}

const ticketsPath = (restaurantId: string) => `/api/restaurants/${encodeURIComponent(restaurantId)}/tickets`;

/**
 * The one queue of this tab: loads the stored actions, replays them when the server is back (the
 * online event, focus, the live feed reconnecting, a timer) and tells screens what is waiting.
 * Other tabs hear about changes on a BroadcastChannel.
 */
export function createOfflineQueue(options: { dbName?: string; tabId?: string; request?: typeof api } = {}) {
  const tabId = options.tabId ?? newIdempotencyKey();
  const request = options.request ?? api;
  let storePromise: Promise<OfflineStore> | undefined;
  let state: OfflineQueueState = { pending: [], failed: [], isOffline: isOffline(), isReplaying: false };
  const listeners = new Set<() => void>();
  const channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel('sofra-offline-queue') : undefined;
  // Node's channel (tests) would keep the process alive; browsers have no unref.
  (channel as unknown as { unref?: () => void } | undefined)?.unref?.();
  let replaying: Promise<ReplayResult | undefined> | undefined;

  const store = () => (storePromise ??= openOfflineStore(options.dbName));
  const owner = () => {
    const s = getUserSession();
    return s ? { restaurantId: s.restaurantId, userId: s.uid } : null;
  };
  const set = (next: Partial<OfflineQueueState>) => {
    state = { ...state, ...next };
    listeners.forEach((l) => l());
  };
  const mine = <A extends QueuedAction>(list: A[]) => {
    const o = owner();
    return o ? list.filter((a) => a.restaurantId === o.restaurantId && a.userId === o.userId) : [];
  };

  async function reload() {
    const s = await store();
    const [pending, failed] = await Promise.all([s.all(), s.failed()]);
    set({ pending: mine(pending), failed: mine(failed), isOffline: isOffline() });
  }
  const changed = async () => {
    await reload();
    channel?.postMessage('changed');
  };

  async function replay(): Promise<ReplayResult | undefined> {
    const o = owner();
    if (!o) return undefined;
    if (replaying) return replaying;
    replaying = (async () => {
      try {
        const s = await store();
        if ((await s.all()).every((a) => a.restaurantId !== o.restaurantId || a.userId !== o.userId)) return undefined;
        set({ isReplaying: true });
        return await withReplayLock(s, tabId, () =>
          replayQueue({ store: s, request, owner: o, isOffline, ticketUrl: (id) => `${ticketsPath(o.restaurantId)}/${encodeURIComponent(id)}` }),
        );
      } finally {
        replaying = undefined;
        if (state.isReplaying) set({ isReplaying: false });
        await changed();
      }
    })();
    return replaying;
  }

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    reload,
    /** Queues an action for later; resolves once it is stored. */
    async enqueue(action: Omit<QueuedAction, 'restaurantId' | 'userId' | 'createdAt'>) {
      const o = owner();
      if (!o) throw new Error('Oturum yok');
      await (await store()).add({ ...action, ...o, createdAt: Date.now() });
      await changed();
    },
    /** Replaces a queued action not sent yet (a change to a line added offline joins its action). */
    async replace(action: QueuedAction) {
      const isDone = !action.sent && (await (await store()).replaceUnsent(action));
      await changed();
      return isDone;
    },
    /** Takes back a queued action not sent yet (the last line added offline, deleted). */
    async remove(action: QueuedAction) {
      const isDone = !action.sent && action.seq !== undefined && (await (await store()).removeUnsent(action.seq));
      await changed();
      return isDone;
    },
    async dismiss(key: string) {
      await (await store()).dismiss(key);
      await changed();
    },
    replay,
    /** Starts listening for the moments the server may be back; returns a function that stops. */
    start() {
      if (typeof indexedDB === 'undefined') return () => {};
      void reload()
        .then(() => replay())
        .catch((err: unknown) => console.error('offline queue', err));
      const tryNow = () => {
        set({ isOffline: isOffline() });
        if (state.pending.length > 0) void replay();
      };
      const stops = [
        subscribeReachability(tryNow),
        subscribeLiveStatus(() => getLiveStatus().isConnected && tryNow()),
      ];
      const onVisible = () => document.visibilityState === 'visible' && void reload().then(tryNow);
      window.addEventListener('focus', tryNow);
      document.addEventListener('visibilitychange', onVisible);
      const timer = setInterval(tryNow, RETRY_MS);
      const onMessage = () => void reload();
      channel?.addEventListener('message', onMessage);
      return () => {
        stops.forEach((s) => s());
        window.removeEventListener('focus', tryNow);
        document.removeEventListener('visibilitychange', onVisible);
        clearInterval(timer);
        channel?.removeEventListener('message', onMessage);
      };
    },
  };
}

export type OfflineQueue = ReturnType<typeof createOfflineQueue>;

let shared: OfflineQueue | undefined;
/** This tab's queue (IndexedDB is opened on first use). */
export const offlineQueue = () => (shared ??= createOfflineQueue());

export function useOfflineQueue(): OfflineQueueState {
  const q = offlineQueue();
  return useSyncExternalStore(q.subscribe, q.getState, q.getState);
}

export const PAYMENT_OFFLINE = {
  offline: 'Bağlantı yok: ödeme yalnızca sunucuya ulaşılabildiğinde alınır, böylece hiçbir ödeme iki kez alınmaz ya da kaybolmaz. Bağlantı gelince tekrar deneyin.',
  waiting: 'Bu adisyonun bekleyen işlemleri henüz gönderilmedi; gönderilince ödeme alınabilir.',
} as const;

/** Why a payment cannot be taken now on ticket `ticketId` (online only, after its queue is sent); null when it can. */
export function usePaymentBlock(ticketId: string): string | null {
  const state = useOfflineQueue();
  if (state.isOffline) return PAYMENT_OFFLINE.offline;
  if (state.pending.some((a) => a.ticketId === ticketId)) return PAYMENT_OFFLINE.waiting;
  return null;
}

export const BILL_INCOMPLETE = {
  queued: (n: number) =>
    `Bu adisyonun çevrimdışı alınan ${n} işlemi henüz sunucuya ulaşmadı: aşağıdaki toplam onlarsız, eksik. Bağlantı gelince kendiliğinden güncellenir.`,
  print: 'Hesap, bekleyen işlemler sunucuya ulaşınca yazdırılabilir: eksik bir hesap yazdırılmaz.',
} as const;

/** How many of ticket `ticketId`'s actions wait in this device's queue: the server's bill lacks them. */
export function useQueuedCount(ticketId: string): number {
  return useOfflineQueue().pending.filter((a) => a.ticketId === ticketId).length;
}
