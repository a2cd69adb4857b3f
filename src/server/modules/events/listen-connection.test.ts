import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListenConnection } from './listen-connection';

// The listening connection against a real PostgreSQL, reached through a small TCP proxy that can
// play the database going away (restart) and a network that silently stops carrying anything.
// `npm run test:pg` (TEST_DATABASE_URL) runs these; PGlite has no LISTEN over a network.
const url = process.env.TEST_DATABASE_URL;

class Proxy {
  private server: net.Server | null = null;
  private pairs = new Set<[net.Socket, net.Socket]>();
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}

  async start(port = 0) {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      const pair: [net.Socket, net.Socket] = [client, upstream];
      this.pairs.add(pair);
      client.pipe(upstream);
      upstream.pipe(client);
      const drop = () => {
        client.destroy();
        upstream.destroy();
        this.pairs.delete(pair);
      };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  /** The database is gone: every connection cut, new ones refused. */
  async stop() {
    for (const [a, b] of this.pairs) {
      a.destroy();
      b.destroy();
    }
    this.pairs.clear();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }

  /** The open connections carry nothing any more, and nobody is told (no reset). */
  blackhole() {
    for (const [client, upstream] of this.pairs) {
      client.unpipe(upstream);
      upstream.unpipe(client);
      client.pause();
      upstream.pause();
    }
  }
}

const waitFor = async (check: () => boolean, what: string, timeoutMs = 15_000) => {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

const silentLog = { warn() {}, error() {}, info() {}, debug() {}, trace() {}, fatal() {}, child: () => silentLog, level: 'silent', silent() {} };

describe.skipIf(!url)('the LISTEN connection', () => {
  const target = new URL(url ?? 'postgres://localhost:5432/postgres');
  const proxy = new Proxy({ host: target.hostname, port: Number(target.port || 5432) });
  let notifier: pg.Client;
  const channel = `sofra_test_${process.pid}_${Date.now()}`;

  beforeAll(async () => {
    await proxy.start();
    notifier = new pg.Client({ connectionString: url });
    await notifier.connect();
  });
  afterAll(async () => {
    await notifier.end();
    await proxy.stop();
  });

  const connection = () => {
    const proxied = new URL(url!);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    const seen: (string | undefined)[] = [];
    const listening: boolean[] = [];
    const listen = new ListenConnection({
      url: proxied.toString(),
      channel,
      applicationName: 'sofra-listen test',
      log: silentLog as never,
      onNotification: (p) => seen.push(p),
      onListening: (isFirst) => listening.push(isFirst),
      heartbeatMs: 200,
      timeoutMs: 500,
      backoffMs: 50,
      maxBackoffMs: 400,
    });
    return { listen, seen, listening };
  };
  const notify = (payload: string) => notifier.query('select pg_notify($1, $2)', [channel, payload]);

  it('listens again after the database went away and came back, and says so (the caller resyncs)', { timeout: 30_000 }, async () => {
    const { listen, seen, listening } = connection();
    try {
      await listen.start();
      expect(listening).toEqual([true]);
      await notify('eins');
      await waitFor(() => seen.includes('eins'), 'the first notification');
      const port = proxy.port;
      await proxy.stop();
      await waitFor(() => !listen.isListening, 'the loss to be noticed');
      // down for a while: the retries fail and keep coming
      await new Promise((r) => setTimeout(r, 600));
      await proxy.start(port);
      await waitFor(() => listen.isListening, 'LISTEN again');
      expect(listening).toEqual([true, false]);
      await notify('zwei');
      await waitFor(() => seen.includes('zwei'), 'a notification after the restart');
    } finally {
      await listen.stop();
    }
  });

  it('notices a connection that died silently through its heartbeat, and replaces it', { timeout: 30_000 }, async () => {
    const { listen, seen, listening } = connection();
    try {
      await listen.start();
      const before = listen.backendPid;
      proxy.blackhole();
      await waitFor(() => listening.length === 2 && listen.isListening, 'a new connection after the silent one');
      expect(listen.backendPid).not.toBe(before);
      await notify('drei');
      await waitFor(() => seen.includes('drei'), 'a notification on the new connection');
    } finally {
      await listen.stop();
    }
  });

  it('never throws on start when the database cannot be reached, and connects once it can', { timeout: 30_000 }, async () => {
    const port = proxy.port;
    await proxy.stop();
    const { listen, listening } = connection();
    try {
      await listen.start();
      expect(listen.isListening).toBe(false);
      await proxy.start(port);
      await waitFor(() => listen.isListening, 'LISTEN once reachable');
      // not the first connection of a running listener: what was sent meanwhile is unknown
      expect(listening).toEqual([false]);
    } finally {
      await listen.stop();
    }
  });
});
