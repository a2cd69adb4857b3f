/**
 * One dedicated PostgreSQL connection that LISTENs on a channel and stays that way: a pooled
 * connection would be handed to a query and its LISTEN lost. A heartbeat query notices a
 * connection that died silently (a cut network sends no reset); a lost connection is replaced with
 * growing waits (the database may be restarting) and LISTEN is issued again on the new one.
 */
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

export interface ListenOptions {
  url: string;
  channel: string;
  applicationName: string;
  log: FastifyBaseLogger;
  /** every notification's payload on the channel */
  onNotification(payload: string | undefined): void;
  /** LISTEN is in place; isFirst: on the very first connection (nothing can have been missed) */
  onListening(isFirst: boolean): void;
  /** between heartbeat queries (default 10 s) */
  heartbeatMs?: number;
  /** a heartbeat (or a connect) that takes longer counts as a dead connection (default 5 s) */
  timeoutMs?: number;
  /** the first wait before reconnecting, doubled per failure up to maxBackoffMs (defaults 100 ms, 5 s) */
  backoffMs?: number;
  maxBackoffMs?: number;
}

export class ListenConnection {
  private client: pg.Client | null = null;
  private heartbeat: NodeJS.Timeout | undefined;
  private retry: NodeJS.Timeout | undefined;
  private failures = 0;
  private hasListened = false;
  private isStopped = false;
  /** bumped per connection: events of a replaced connection are ignored */
  private generation = 0;
  isListening = false;
  backendPid: number | null = null;

  constructor(private readonly options: ListenOptions) {}

  /** Connects and listens; a failure is logged and retried in the background (start never throws). */
  async start() {
    await this.connect();
  }

  async stop() {
    this.isStopped = true;
    clearTimeout(this.retry);
    clearInterval(this.heartbeat);
    const client = this.client;
    this.client = null;
    this.isListening = false;
    if (client) await client.end().catch(() => {});
  }

  private async connect() {
    if (this.isStopped) return;
    const generation = ++this.generation;
    const { url, channel, applicationName, timeoutMs = 5000 } = this.options;
    const client = new pg.Client({
      connectionString: url,
      application_name: applicationName,
      keepAlive: true,
      connectionTimeoutMillis: timeoutMs,
      query_timeout: timeoutMs,
    });
    this.client = client;
    const isCurrent = () => generation === this.generation && !this.isStopped;
    client.on('notification', (msg) => {
      if (isCurrent() && msg.channel === channel) this.options.onNotification(msg.payload);
    });
    // 'error' and 'end' both come when the backend is terminated or the database goes away
    const lost = (err?: Error) => {
      if (!isCurrent()) return;
      this.options.log.warn({ err }, 'canlı olaylar: dinleme bağlantısı koptu; yeniden bağlanılıyor');
      this.replace(client);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
      const [row] = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows;
      if (!isCurrent()) return;
      this.backendPid = row?.pid ?? null;
      this.isListening = true;
      this.failures = 0;
      const isFirst = !this.hasListened && generation === 1;
      this.hasListened = true;
      this.startHeartbeat(client, isCurrent);
      this.options.onListening(isFirst);
    } catch (err) {
      if (!isCurrent()) return;
      this.options.log.warn({ err }, 'canlı olaylar: dinleme bağlantısı kurulamadı; yeniden denenecek');
      this.replace(client);
    }
  }

  private startHeartbeat(client: pg.Client, isCurrent: () => boolean) {
    clearInterval(this.heartbeat);
    this.heartbeat = setInterval(() => {
      client.query('select 1').catch((err: Error) => {
        if (!isCurrent()) return;
        this.options.log.warn({ err }, 'canlı olaylar: dinleme bağlantısı yanıt vermiyor; yeniden bağlanılıyor');
        this.replace(client);
      });
    }, this.options.heartbeatMs ?? 10_000);
    this.heartbeat.unref();
  }

  /** Drops this connection and schedules the next one after a growing, jittered wait. */
  private replace(client: pg.Client) {
    this.generation++;
    this.isListening = false;
    this.backendPid = null;
    clearInterval(this.heartbeat);
    if (this.client === client) this.client = null;
    void client.end().catch(() => {});
    if (this.isStopped) return;
    const { backoffMs = 100, maxBackoffMs = 5000 } = this.options;
    const wait = Math.min(maxBackoffMs, backoffMs * 2 ** this.failures++);
    // jitter: processes that lost the database together do not all knock at the same instant
    clearTimeout(this.retry);
    this.retry = setTimeout(() => void this.connect(), wait / 2 + Math.random() * (wait / 2));
    this.retry.unref();
  }
}
