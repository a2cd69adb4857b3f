import type { ConnectionSettings } from '../../shared/connection-settings';
import type { LiveEvent } from '../../shared/live-events';
import { baseUrl } from './connection-config';

export type LiveChange = Omit<LiveEvent, 'restaurantId'>;

export interface LiveHandlers {
  onChange(event: LiveChange): void;
  /** the server could not replay what was missed: refetch everything */
  onResync(): void;
}

const RETRY_MS = 3000;
/** Streams that fail this many times before their first message count as blocked by a proxy. */
const FAILURES_BEFORE_FALLBACK = 2;

/**
 * Opens the restaurant's live event feed: server-sent events, or long polling when the settings
 * force it or (auto-detect) when streaming never gets through. Returns a function that closes it.
 */
export function openLiveConnection(settings: ConnectionSettings, handlers: LiveHandlers): () => void {
  const base = baseUrl(settings);
  let stop: () => void = () => {};

  const poll = () => {
    const controller = new AbortController();
    stop = () => controller.abort();
    void longPoll(base, settings.longPollingTimeoutSeconds, handlers, controller.signal);
  };

  if (settings.forceLongPolling || typeof EventSource === 'undefined') {
    poll();
  } else {
    const source = new EventSource(`${base}/api/events`, { withCredentials: base !== '' });
    let hasOpened = false;
    let failures = 0;
    stop = () => source.close();
    source.addEventListener('ready', () => (hasOpened = true));
    source.addEventListener('resync', () => ((hasOpened = true), handlers.onResync()));
    source.addEventListener('change', (e) => {
      hasOpened = true;
      handlers.onChange(JSON.parse((e as MessageEvent).data) as LiveChange);
    });
    source.onerror = () => {
      if (hasOpened || !settings.autoDetectLongPolling) return; // EventSource reconnects by itself
      if (++failures >= FAILURES_BEFORE_FALLBACK) {
        source.close();
        poll();
      }
    };
  }
  return () => stop();
}

async function longPoll(base: string, timeoutSeconds: number, handlers: LiveHandlers, signal: AbortSignal) {
  let after = -1;
  while (!signal.aborted) {
    try {
      const res = await fetch(`${base}/api/events/poll?after=${after}&timeout=${timeoutSeconds}`, {
        credentials: base ? 'include' : 'same-origin',
        signal,
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const body = (await res.json()) as { seq: number; events: LiveChange[]; resync: boolean };
      if (body.resync) handlers.onResync();
      body.events.forEach(handlers.onChange);
      after = body.seq;
    } catch {
      if (signal.aborted) return;
      await new Promise((r) => setTimeout(r, RETRY_MS));
    }
  }
}
