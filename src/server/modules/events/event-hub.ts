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

/** The session an open stream or waiting poll belongs to, and how to end it when the session ends. */
export interface StreamSession {
  sessionId: string;
  /** closes the stream (after telling the screen why); called once */
  end(): void;
}

/** Events kept per restaurant for Last-Event-ID resumption; older ones force a resync. */
const BUFFER_SIZE = 500;

interface Stream {
  seq: number;
  buffer: LiveEvent[];
}

export class EventHub {
  private streams = new Map<string, Stream>();
  private listeners = new Map<string, Set<Listener>>();
  /** per session id: the ends of its open streams and polls */
  private bySession = new Map<string, Set<StreamSession>>();

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

  /**
   * Listens to a restaurant's events. With `session`, the listener belongs to that sign-in and
   * `endSessions` stops it: a signed-out, deactivated or re-passworded person's open screen must
   * not keep receiving what changes.
   */
  subscribe(restaurantId: string, listener: Listener, session?: StreamSession): () => void {
    let set = this.listeners.get(restaurantId);
    if (!set) this.listeners.set(restaurantId, (set = new Set()));
    set.add(listener);
    let ends: Set<StreamSession> | undefined;
    if (session) {
      ends = this.bySession.get(session.sessionId);
      if (!ends) this.bySession.set(session.sessionId, (ends = new Set()));
      ends.add(session);
    }
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(restaurantId);
      if (session && ends) {
        ends.delete(session);
        if (ends.size === 0 && this.bySession.get(session.sessionId) === ends) this.bySession.delete(session.sessionId);
      }
    };
  }

  /** Ends every open stream and waiting poll of these sessions (they have just ended). */
  endSessions(sessionIds: readonly string[]) {
    for (const id of sessionIds) {
      const ends = this.bySession.get(id);
      if (!ends) continue;
      this.bySession.delete(id);
      for (const s of [...ends]) s.end();
    }
  }

  /** Open streams and polls of a session (for tests and the shutdown). */
  streamsOf(sessionId: string) {
    return this.bySession.get(sessionId)?.size ?? 0;
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
