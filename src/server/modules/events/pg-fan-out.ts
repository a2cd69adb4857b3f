/**
 * Live events between server processes that share one PostgreSQL (ADR 0012). Each process keeps
 * its own hub for its own screens; what one process publishes goes out with NOTIFY on one channel
 * and every other process delivers it to its screens. The payload carries ids only — restaurant,
 * event type, entity, the sending process — never data: screens re-read through the API as always.
 *
 * Each process listens on one dedicated connection (listen-connection.ts). When that connection was
 * lost, notifications sent meanwhile are gone (PostgreSQL keeps none for a listener that is not
 * there), so after it is back the hub resyncs: every open stream and poll is told to refetch.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { isLiveEventType } from '../../../shared/live-events';
import type { Db } from '../../db/client';
import type { EventHub, RelayMessage } from './event-hub';
import { ListenConnection, type ListenOptions } from './listen-connection';

/** The one channel of every Sofra process on this database (NOTIFY is per database). */
export const LIVE_CHANNEL = 'sofra_live_events';
/** PostgreSQL refuses payloads of 8000 bytes or more; a message stays well below. */
const MAX_PAYLOAD = 7000;
/** The application_name of the listening connection, so an operator (and the tests) can find it. */
export const listenApplicationName = (pid = process.pid) => `sofra-listen ${pid}`;

/**
 * The first sequence of a process that shares its restaurants' streams with others: microseconds
 * since 1970 at its start, so two processes (or two runs of one) number far apart (EventHubOptions).
 */
export const distinctFirstSeq = (now = Date.now()) => now * 1000 + Math.floor(Math.random() * 1000);

/** One NOTIFY: a process's events of one moment (e: [restaurant, type, id?]) and ended sessions (s). */
interface Wire {
  o: string;
  e?: [string, string, string?][];
  s?: string[];
}

const isId = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 100;

/** A payload from another process, checked: anything malformed is dropped, never half-applied. */
export function parseWire(payload: string | undefined): Wire | null {
  if (!payload) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const { o, e = [], s = [] } = raw as Record<string, unknown>;
  if (!isId(o) || !Array.isArray(e) || !Array.isArray(s)) return null;
  const events = e.filter(
    (x): x is [string, string, string?] =>
      Array.isArray(x) && isId(x[0]) && typeof x[1] === 'string' && isLiveEventType(x[1]) && (x[2] === undefined || x[2] === null || isId(x[2])),
  );
  if (events.length !== e.length || !s.every(isId)) return null;
  return { o, e: events, s: s as string[] };
}

/** Messages of one tick, cut into payloads PostgreSQL accepts. */
export function packWire(origin: string, messages: readonly RelayMessage[]): string[] {
  const payloads: string[] = [];
  let current: Wire = { o: origin };
  let size = JSON.stringify(current).length;
  const flush = () => {
    if (current.e || current.s) payloads.push(JSON.stringify(current));
    current = { o: origin };
    size = JSON.stringify(current).length;
  };
  const add = (part: 'e' | 's', item: [string, string, string?] | string) => {
    const cost = JSON.stringify(item).length + 8;
    if (size + cost > MAX_PAYLOAD) flush();
    if (part === 'e') (current.e ??= []).push(item as [string, string, string?]);
    else (current.s ??= []).push(item as string);
    size += cost;
  };
  for (const m of messages) {
    if (m.kind === 'event') add('e', m.id ? [m.restaurantId, m.type, m.id] : [m.restaurantId, m.type]);
    else for (const id of m.sessionIds) add('s', id);
  }
  flush();
  return payloads;
}

export interface FanOutOptions extends Omit<ListenOptions, 'channel' | 'applicationName' | 'onNotification' | 'onListening' | 'log'> {
  /** the listening connection's application_name (default: sofra-listen <pid>) */
  applicationName?: string;
}

export class PgFanOut {
  /** this process, as its NOTIFYs name it; its own come back to it and are skipped */
  readonly origin = randomUUID();
  private readonly listen: ListenConnection;
  private queued: RelayMessage[] = [];
  private readonly sending = new Set<Promise<unknown>>();
  private isStopped = false;
  /** how often the hub was told to resync after the connection came back (tests, logs) */
  resyncs = 0;

  constructor(
    private readonly db: Db,
    private readonly hub: EventHub,
    private readonly log: FastifyBaseLogger,
    options: FanOutOptions,
  ) {
    this.listen = new ListenConnection({
      ...options,
      channel: LIVE_CHANNEL,
      applicationName: options.applicationName ?? listenApplicationName(),
      log,
      onNotification: (payload) => this.receive(payload),
      onListening: (isFirst) => {
        if (isFirst) return;
        this.resyncs++;
        log.warn('canlı olaylar: dinleme bağlantısı yeniden kuruldu; ekranlar yeniden okuyor (resync)');
        hub.resync();
      },
    });
  }

  /** Starts relaying this process's events and listening to the others'; resolves once listening (or after the first failed try). */
  async start() {
    this.hub.relayTo((m) => this.queue(m));
    await this.listen.start();
  }

  get isListening() {
    return this.listen.isListening;
  }

  /** The backend pid of the listening connection (tests terminate it). */
  get listenerPid() {
    return this.listen.backendPid;
  }

  /** Stops listening; NOTIFYs already under way are awaited. */
  async stop() {
    this.isStopped = true;
    this.hub.relayTo(null);
    this.flush();
    await this.listen.stop();
    while (this.sending.size > 0) await Promise.allSettled([...this.sending]);
  }

  /** Resolves once every NOTIFY queued so far has been sent (tests). */
  async settled() {
    await Promise.resolve();
    while (this.sending.size > 0) await Promise.allSettled([...this.sending]);
  }

  /**
   * One command publishes its events one after another in the same tick: they leave together in
   * one NOTIFY. The command has committed (the hub is called after the commit), so a rolled-back
   * change never reaches another process.
   */
  private queue(message: RelayMessage) {
    if (this.queued.length === 0) queueMicrotask(() => this.flush());
    this.queued.push(message);
  }

  private flush() {
    const messages = this.queued;
    this.queued = [];
    if (messages.length === 0) return;
    for (const payload of packWire(this.origin, messages)) {
      const p = this.db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`).catch((err: unknown) => {
        if (!this.isStopped) this.log.warn({ err }, 'canlı olaylar: NOTIFY gönderilemedi (diğer sunucuların ekranları bir sonraki yeniden okumada günceller)');
      });
      this.sending.add(p);
      void p.finally(() => this.sending.delete(p));
    }
  }

  private receive(payload: string | undefined) {
    const wire = parseWire(payload);
    if (!wire) {
      this.log.warn({ payload: payload?.slice(0, 200) }, 'canlı olaylar: tanınmayan NOTIFY yok sayıldı');
      return;
    }
    if (wire.o === this.origin) return;
    if (wire.s?.length) this.hub.endLocalSessions(wire.s);
    for (const [restaurantId, type, id] of wire.e ?? []) {
      if (isLiveEventType(type)) this.hub.deliver(restaurantId, type, id ?? undefined);
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** live events between processes on one PostgreSQL; null alone (PGlite, the embedded default) */
    liveFanOut: PgFanOut | null;
  }
}

/**
 * The app's hook: with a shared PostgreSQL (`url`), this process relays its events to the others
 * and listens to theirs from the moment it is ready until it closes. Without one, nothing changes.
 */
export function registerFanOut(app: FastifyInstance, url: string | undefined, options: Omit<FanOutOptions, 'url'> = {}) {
  if (!url) {
    app.decorate('liveFanOut', null);
    return;
  }
  const fanOut = new PgFanOut(app.db, app.hub, app.log, { ...options, url });
  app.decorate('liveFanOut', fanOut);
  app.addHook('onReady', async () => fanOut.start());
  app.addHook('onClose', async () => fanOut.stop());
}
