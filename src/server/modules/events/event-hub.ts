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

/**
 * What this process tells the other server processes sharing its PostgreSQL (pg-fan-out.ts): the
 * events it published and the sessions it ended. Ids only, never data.
 */
export type RelayMessage =
  | { kind: 'event'; restaurantId: string; type: LiveEventType; id?: string }
  | { kind: 'end-sessions'; sessionIds: readonly string[] };

export interface EventHubOptions {
  /**
   * The sequence every restaurant starts from in this process (0 alone). Several processes each
   * number on their own, so each starts far from the others: a Last-Event-ID or a poll's `after`
   * issued by another process (or an earlier run) then falls outside this one's range and answers
   * resync, never a replay of unrelated events.
   */
  firstSeq?: number;
}

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
  private resyncListeners = new Set<() => void>();
  private relay: ((message: RelayMessage) => void) | null = null;
  private firstSeq: number;

  constructor({ firstSeq = 0 }: EventHubOptions = {}) {
    this.firstSeq = firstSeq;
  }

  private stream(restaurantId: string): Stream {
    let s = this.streams.get(restaurantId);
    if (!s) this.streams.set(restaurantId, (s = { seq: this.firstSeq, buffer: [] }));
    return s;
  }

  /** The last sequence number issued to this restaurant (the first seq, 0 alone, before its first event). */
  currentSeq(restaurantId: string) {
    return this.streams.get(restaurantId)?.seq ?? this.firstSeq;
  }

  /** Publishes an event of this process: to its own screens and, when relayed, to the other processes'. */
  publish(restaurantId: string, type: LiveEventType, id?: string): LiveEvent {
    const event = this.deliver(restaurantId, type, id);
    this.relay?.({ kind: 'event', restaurantId, type, ...(id ? { id } : {}) });
    return event;
  }

  /** An event another process published: to this process's screens only (it is not relayed back). */
  deliver(restaurantId: string, type: LiveEventType, id?: string): LiveEvent {
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

  /** Ends every open stream and waiting poll of these sessions (they have just ended), in every process. */
  endSessions(sessionIds: readonly string[]) {
    this.endLocalSessions(sessionIds);
    if (sessionIds.length > 0) this.relay?.({ kind: 'end-sessions', sessionIds });
  }

  /** Sessions another process ended: their streams here end too. */
  endLocalSessions(sessionIds: readonly string[]) {
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

  /** Sends this process's events and ended sessions to `relay` too (one relay; null stops it). */
  relayTo(relay: ((message: RelayMessage) => void) | null) {
    this.relay = relay;
  }

  /** Called by `resync()`; returns the unsubscribe. */
  onResync(listener: () => void): () => void {
    this.resyncListeners.add(listener);
    return () => this.resyncListeners.delete(listener);
  }

  /**
   * This process may have missed other processes' events (its LISTEN connection was down): every
   * restaurant's sequence jumps and its replay buffer empties, so no resumption from before can
   * replay across the hole, and every open stream, waiting poll and cache is told to read afresh.
   */
  resync() {
    this.firstSeq++;
    for (const s of this.streams.values()) {
      s.seq++;
      s.buffer = [];
    }
    for (const listener of [...this.resyncListeners]) listener();
  }

  /**
   * Events after `afterSeq` for a restaurant, or null when the buffer no longer reaches back that
   * far (or the server restarted): the client must then refetch everything.
   */
  since(restaurantId: string, afterSeq: number): LiveEvent[] | null {
    const s = this.streams.get(restaurantId) ?? { seq: this.firstSeq, buffer: [] };
    if (afterSeq > s.seq) return null;
    const oldest = s.buffer[0]?.seq ?? s.seq + 1;
    if (afterSeq < oldest - 1) return null;
    return s.buffer.filter((e) => e.seq > afterSeq);
  }
}
