/**
 * Whether this screen's live feed is connected, and when it last heard from the server. Screens
 * that must never silently go stale (the kitchen display, the waiter's screen) show a
 * "Bağlantı yok" banner from it.
 */
export interface LiveStatus {
  isConnected: boolean;
  /** ms since epoch of the last message (an event or a heartbeat); null before the first */
  lastUpdateAt: number | null;
}

let status: LiveStatus = { isConnected: true, lastUpdateAt: null };
const listeners = new Set<() => void>();

function set(next: LiveStatus) {
  if (next.isConnected === status.isConnected && next.lastUpdateAt === status.lastUpdateAt) return;
  status = next;
  listeners.forEach((l) => l());
}

export const getLiveStatus = () => status;
export function subscribeLiveStatus(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
/** Heard from the server: connected, current as of now. */
export const markLiveAlive = (now = Date.now()) => set({ isConnected: true, lastUpdateAt: now });
export const markLiveDown = () => set({ ...status, isConnected: false });
