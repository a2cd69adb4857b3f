import type { ConnectionSettings } from '../../shared/connection-settings';
import type { LiveEvent } from '../../shared/live-events';
import { baseUrl } from './connection-config';
import { markLiveAlive, markLiveDown } from './live-status';

export type LiveChange = Omit<LiveEvent, 'restaurantId'>;

export interface LiveHandlers {
  onChange(event: LiveChange): void;
  /** the screen may have missed events (a gap, a reconnect, a server restart): refetch everything */
  onResync(): void;
}

const RETRY_MS = 3000;
/** Streams that fail this many times before their first message count as blocked by a proxy. */
const FAILURES_BEFORE_FALLBACK = 2;
/**
 * The server sends a heartbeat every 15 s. A Wi-Fi drop often closes nothing (no TCP reset), so
 * a stream silent this long is treated as dead and reopened.
 */
const SILENCE_MS = 40_000;

/**
 * Opens the restaurant's live event feed: server-sent events, or long polling when the settings
 * force it or (auto-detect) when streaming never gets through. Reconnects by itself after a drop
 * or a server restart and then asks for a resync, so a screen never shows a stale or partial list.
 * Returns a function that closes it.
 */
export function openLiveConnection(settings: ConnectionSettings, handlers: LiveHandlers): () => void {
  const base = baseUrl(settings);
  let isClosed = false;
  let stop: () => void = () => {};

  const poll = () => {
    const controller = new AbortController();
    stop = () => controller.abort();
    void longPoll(base, settings.longPollingTimeoutSeconds, handlers, controller.signal);
  };

  const stream = (failures: number) => {
    const source = new EventSource(`${base}/api/events`, { withCredentials: base !== '' });
    let hasOpened = false;
    // The first open resyncs too: the screen's first reads are made while the stream is still
    // connecting, and a change in between (an order arriving just as the kitchen screen opens)
    // would otherwise wait for the next event to show. A reconnect may have missed anything.
    let missedSomething = true;
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const close = () => {
      clearTimeout(watchdog);
      clearTimeout(retry);
      source.close();
    };
    stop = close;
    const reopen = () => {
      close();
      markLiveDown();
      if (!isClosed) retry = setTimeout(() => stream(0), RETRY_MS);
      stop = () => clearTimeout(retry);
    };
    const alive = () => {
      hasOpened = true;
      markLiveAlive();
      clearTimeout(watchdog);
      watchdog = setTimeout(reopen, SILENCE_MS);
      if (missedSomething) {
        missedSomething = false;
        handlers.onResync();
      }
    };
    // A reconnect that replays nothing sends no message: being open is news enough.
    source.onopen = alive;
    source.addEventListener('ready', alive);
    source.addEventListener('ping', alive);
    source.addEventListener('resync', () => {
      alive();
      handlers.onResync();
    });
    source.addEventListener('change', (e) => {
      alive();
      handlers.onChange(JSON.parse((e as MessageEvent).data) as LiveChange);
    });
    source.onerror = () => {
      markLiveDown();
      // Events may be lost while down: the next message triggers a resync.
      missedSomething = true;
      if (!hasOpened && settings.autoDetectLongPolling && failures + 1 >= FAILURES_BEFORE_FALLBACK) {
        close();
        poll();
        return;
      }
      if (!hasOpened) failures++;
      // EventSource retries network errors itself but gives up on an HTTP error (a proxy's 502
      // during a restart): then we reopen it ourselves.
      if (source.readyState === EventSource.CLOSED) reopen();
    };
  };

  // The device knows it lost the network before any timeout does: close the feed at once (a
  // half-dead stream could otherwise hang on) and reopen it, with a resync, when back online.
  const onOnline = () => {
    if (isClosed || settings.forceLongPolling || typeof EventSource === 'undefined') return;
    stop();
    stream(0);
  };
  const onOffline = () => {
    markLiveDown();
    if (!settings.forceLongPolling && typeof EventSource !== 'undefined') stop();
  };

  if (settings.forceLongPolling || typeof EventSource === 'undefined') poll();
  else {
    stream(0);
    window.addEventListener('online', onOnline);
  }
  window.addEventListener('offline', onOffline);
  return () => {
    isClosed = true;
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
    stop();
  };
}

async function longPoll(base: string, timeoutSeconds: number, handlers: LiveHandlers, signal: AbortSignal) {
  let after = -1;
  let missedSomething = true; // as the stream's first open: the first reads may predate the feed
  while (!signal.aborted) {
    try {
      const res = await fetch(`${base}/api/events/poll?after=${after}&timeout=${timeoutSeconds}`, {
        credentials: base ? 'include' : 'same-origin',
        signal,
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const body = (await res.json()) as { seq: number; events: LiveChange[]; resync: boolean };
      markLiveAlive();
      if (body.resync || missedSomething) handlers.onResync();
      missedSomething = false;
      body.events.forEach(handlers.onChange);
      after = body.seq;
    } catch {
      if (signal.aborted) return;
      markLiveDown();
      missedSomething = true;
      await new Promise((r) => setTimeout(r, RETRY_MS));
    }
  }
}
