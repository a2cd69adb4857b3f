/**
 * Whether the server answered the last time this screen asked. Any HTTP answer (even a refusal)
 * counts as reachable; only a request that got no answer at all counts as unreachable. Together
 * with navigator.onLine this decides whether the waiter's actions go to the server or the queue.
 */
/** Set by the service worker on an answer it took from its cache because the network failed. */
export const OFFLINE_COPY_HEADER = 'x-sofra-offline-copy';

let isReachable = true;
const listeners = new Set<() => void>();

function set(value: boolean) {
  if (value === isReachable) return;
  isReachable = value;
  listeners.forEach((l) => l());
}

export const markReachable = () => set(true);
export const markUnreachable = () => set(false);
const isBrowserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;
/** true while the server cannot be reached: the browser says offline, or the last request got no answer */
export const isOffline = () => !isBrowserOnline() || !isReachable;

export function subscribeReachability(listener: () => void) {
  listeners.add(listener);
  const onChange = () => listener();
  if (typeof window !== 'undefined') {
    window.addEventListener('online', onChange);
    window.addEventListener('offline', onChange);
  }
  return () => {
    listeners.delete(listener);
    if (typeof window !== 'undefined') {
      window.removeEventListener('online', onChange);
      window.removeEventListener('offline', onChange);
    }
  };
}
