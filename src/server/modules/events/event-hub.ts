/**
 * Live events: after a write commits, the service publishes {restaurantId, seq, type, id}; signed-in
 * screens of that restaurant receive it and refetch what it names. Events say *what changed*, never
 * the data, so a screen always reads through the same authorised API.
 */
import type { LiveEvent, LiveEventType } from '../../../shared/live-events';

export type { LiveEvent };

type Listener = (event: LiveEvent) => void;

const BUFFER_SIZE = 1000;

export class EventHub {
  private seq = 0;
  private buffer: LiveEvent[] = [];
  private listeners = new Map<string, Set<Listener>>();

  get currentSeq() {
    return this.seq;
  }

  publish(restaurantId: string, type: LiveEventType, id?: string): LiveEvent {
    const event: LiveEvent = { seq: ++this.seq, restaurantId, type, ...(id ? { id } : {}) };
    this.buffer.push(event);
    if (this.buffer.length > BUFFER_SIZE) this.buffer.shift();
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
    if (afterSeq > this.seq) return null;
    const oldest = this.buffer[0]?.seq ?? this.seq + 1;
    if (afterSeq < oldest - 1) return null;
    return this.buffer.filter((e) => e.seq > afterSeq && e.restaurantId === restaurantId);
  }
}
