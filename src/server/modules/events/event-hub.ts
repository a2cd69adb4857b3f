/**
 * Live events: after a write commits, the service publishes {restaurantId, seq, type, id}; signed-in
 * screens of that restaurant receive it and refetch what it names. Events say *what changed*, never
 * the data, so a screen always reads through the same authorised API.
 *
 * The sequence is per restaurant: a global counter would let one restaurant watch another's
 * activity rise (its own ids would jump by the other restaurants' events).
 */
import type { LiveEvent, LiveEventType } from '../../../shared/live-events';

export type { LiveEvent };

type Listener = (event: LiveEvent) => void;

/** Events kept per restaurant for Last-Event-ID resumption; older ones force a resync. */
const BUFFER_SIZE = 500;

interface Stream {
  seq: number;
  buffer: LiveEvent[];
}

export class EventHub {
  private streams = new Map<string, Stream>();
  private listeners = new Map<string, Set<Listener>>();

  private stream(restaurantId: string): Stream {
    let s = this.streams.get(restaurantId);
    if (!s) this.streams.set(restaurantId, (s = { seq: 0, buffer: [] }));
    return s;
  }

  /** The last sequence number issued to this restaurant (0 before its first event). */
  currentSeq(restaurantId: string) {
    return this.streams.get(restaurantId)?.seq ?? 0;
  }

  publish(restaurantId: string, type: LiveEventType, id?: string): LiveEvent {
    const s = this.stream(restaurantId);
    const event: LiveEvent = { seq: ++s.seq, restaurantId, type, ...(id ? { id } : {}) };
    s.buffer.push(event);
    if (s.buffer.length > BUFFER_SIZE) s.buffer.shift();
    for (const listener of this.listeners.get(restaurantId) ?? []) listener(event);
    return event;
  }

  subscribe(restaurantId: string, listener: Listener): () => void {
    let set = this.listeners.get(restaurantId);
    if (!set) this.listeners.set(restaurantId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(restaurantId);
    };
  }

  /**
   * Events after `afterSeq` for a restaurant, or null when the buffer no longer reaches back that
   * far (or the server restarted): the client must then refetch everything.
   */
  since(restaurantId: string, afterSeq: number): LiveEvent[] | null {
    const s = this.streams.get(restaurantId) ?? { seq: 0, buffer: [] };
    if (afterSeq > s.seq) return null;
    const oldest = s.buffer[0]?.seq ?? s.seq + 1;
    if (afterSeq < oldest - 1) return null;
    return s.buffer.filter((e) => e.seq > afterSeq);
  }
}
