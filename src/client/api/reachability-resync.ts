import { isOffline, subscribeReachability } from './reachability';

/** How often a screen that was answered from the saved copy asks the server again. */
export const UNREACHABLE_RETRY_MS = 3000;

/**
 * A read the service worker answered from its saved copy is what the screen showed before the
 * drop, not what is true now, and nothing else asks again: the live feed may well be connected (a
 * tablet's Wi-Fi back, the worker's own network a moment behind the page's), so it sends no
 * resync. While reads get no answer and the device says it is online, this asks again every few
 * seconds; the first real answer refreshes everything once more, so no screen stays on the copy.
 * Returns a function that stops it.
 */
export function resyncWhenReachable(resync: () => void, everyMs = UNREACHABLE_RETRY_MS): () => void {
  let timer: ReturnType<typeof setInterval> | undefined;
  let wasUnreachable = isOffline();
  const update = () => {
    clearInterval(timer);
    timer = undefined;
    if (!isOffline()) {
      if (wasUnreachable) resync();
      wasUnreachable = false;
      return;
    }
    wasUnreachable = true;
    // offline by the device's own word: nothing to ask until it says 'online'
    if (navigator.onLine !== false) timer = setInterval(resync, everyMs);
  };
  const unsubscribe = subscribeReachability(update);
  update();
  return () => {
    unsubscribe();
    clearInterval(timer);
  };
}
