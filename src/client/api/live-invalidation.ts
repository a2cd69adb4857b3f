import type { LiveEventType } from '../../shared/live-events';
import { LIVE_EVENT_INVALIDATES, type QueryKey } from './query-keys';

/**
 * Turns live events into query invalidations, each key once per burst. One command often
 * publishes several events at once (Mutfağa Gönder: 'kitchen' and 'tickets', which refresh the
 * same keys). Invalidated one by one, the second would cancel the refetch the first started and
 * fetch again: the screen would wait for two answers instead of one, and the server would serve
 * both. Events arriving in the same moment are collected and their keys invalidated together on
 * the next tick.
 */
export function createLiveInvalidator(invalidate: (queryKey: QueryKey) => void, schedule: (flush: () => void) => void = (f) => setTimeout(f, 0)) {
  const pending = new Map<string, QueryKey>();
  const flush = () => {
    const keys = [...pending.values()];
    pending.clear();
    keys.forEach(invalidate);
  };
  return (type: LiveEventType | string) => {
    const isFirst = pending.size === 0;
    // An event type this build does not know (a newer server) refreshes everything.
    for (const key of LIVE_EVENT_INVALIDATES[type as LiveEventType] ?? [[]]) pending.set(JSON.stringify(key), key);
    if (isFirst) schedule(flush);
  };
}
