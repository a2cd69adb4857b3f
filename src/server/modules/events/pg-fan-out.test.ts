import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { appOn, createTestApp, signedIn, type TestContext } from '../../test-support/test-app';
import { restaurantFactory } from '../../test-support/factories';
import { EventHub, type LiveEvent, type RelayMessage } from './event-hub';
import { distinctFirstSeq, listenApplicationName, packWire, parseWire } from './pg-fan-out';

const waitFor = async <T>(read: () => T | undefined | null | false, what: string, timeoutMs = 10_000): Promise<T> => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('the NOTIFY payload', () => {
  const origin = randomUUID();

  it('carries ids only and reads back what was sent, events and ended sessions alike', () => {
    const messages: RelayMessage[] = [
      { kind: 'event', restaurantId: 'r1', type: 'kitchen', id: 't1' },
      { kind: 'event', restaurantId: 'r1', type: 'menu' },
      { kind: 'end-sessions', sessionIds: ['s1', 's2'] },
    ];
    const [payload, ...more] = packWire(origin, messages);
    expect(more).toEqual([]);
    expect(parseWire(payload)).toEqual({ o: origin, e: [['r1', 'kitchen', 't1'], ['r1', 'menu']], s: ['s1', 's2'] });
  });

  it('cuts a large moment into payloads PostgreSQL accepts (under 8000 bytes), losing none', () => {
    const messages: RelayMessage[] = Array.from({ length: 400 }, () => ({ kind: 'event', restaurantId: randomUUID(), type: 'tickets', id: randomUUID() }));
    const payloads = packWire(origin, messages);
    expect(payloads.length).toBeGreaterThan(1);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThan(8000);
    expect(payloads.flatMap((p) => parseWire(p)!.e!.map(([, , id]) => id))).toEqual(messages.map((m) => (m.kind === 'event' ? m.id : null)));
  });

  it('drops a malformed or foreign payload whole, never half of it', () => {
    for (const bad of [undefined, '', 'not json', '[]', '{"e":[]}', JSON.stringify({ o: origin, e: [['r1', 'no-such-type']] }), JSON.stringify({ o: origin, e: [['r1', 'menu'], 'x'] }), JSON.stringify({ o: origin, s: [5] })]) {
      expect(parseWire(bad)).toBeNull();
    }
  });
});

describe('the hub between processes', () => {
  it('relays what this process publishes and the sessions it ends, never what another process sent it', () => {
    const hub = new EventHub();
    const relayed: RelayMessage[] = [];
    hub.relayTo((m) => relayed.push(m));
    const seen: LiveEvent[] = [];
    hub.subscribe('r1', (e) => seen.push(e));
    hub.publish('r1', 'kitchen', 't1');
    hub.deliver('r1', 'menu');
    hub.endSessions(['s1']);
    hub.endLocalSessions(['s2']);
    expect(seen.map((e) => e.type)).toEqual(['kitchen', 'menu']);
    expect(relayed).toEqual([
      { kind: 'event', restaurantId: 'r1', type: 'kitchen', id: 't1' },
      { kind: 'end-sessions', sessionIds: ['s1'] },
    ]);
  });

  it('ends the streams of a session another process ended', () => {
    const hub = new EventHub();
    let ended = 0;
    hub.subscribe('r1', () => {}, { sessionId: 's1', end: () => ended++ });
    hub.endLocalSessions(['s1']);
    expect(ended).toBe(1);
    expect(hub.streamsOf('s1')).toBe(0);
  });

  it('after a resync no resumption from before it replays: the hole of missed events is never skipped over', () => {
    const hub = new EventHub();
    hub.publish('r1', 'menu');
    const seq = hub.publish('r1', 'menu').seq;
    expect(hub.since('r1', seq - 1)).toHaveLength(1);
    let told = 0;
    const stop = hub.onResync(() => told++);
    hub.resync();
    expect(told).toBe(1);
    expect(hub.since('r1', seq)).toBeNull();
    expect(hub.since('r1', seq - 1)).toBeNull();
    // a restaurant with no event yet: its old starting point is behind the hole too
    expect(hub.since('r2', 0)).toBeNull();
    expect(hub.since('r2', hub.currentSeq('r2'))).toEqual([]);
    // from the new point on, resumption works again
    const now = hub.currentSeq('r1');
    hub.publish('r1', 'tables');
    expect(hub.since('r1', now)?.map((e) => e.type)).toEqual(['tables']);
    stop();
    hub.resync();
    expect(told).toBe(1);
  });

  it("numbers each process far from the others, so another process's Last-Event-ID answers resync instead of unrelated events", () => {
    const a = new EventHub({ firstSeq: distinctFirstSeq(1_795_000_000_000) });
    const b = new EventHub({ firstSeq: distinctFirstSeq(1_795_000_060_000) });
    for (let i = 0; i < 10; i++) {
      a.publish('r1', 'menu');
      b.publish('r1', 'menu');
    }
    expect(b.since('r1', a.currentSeq('r1') - 3)).toBeNull();
    expect(a.since('r1', b.currentSeq('r1') - 3)).toBeNull();
    expect(a.since('r1', a.currentSeq('r1') - 3)).toHaveLength(3);
  });
});

describe('screens told to catch up after a resync', () => {
  let ctx: TestContext;
  let restaurantId: string;
  let cookies: Record<string, string>;
  let baseUrl: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    restaurantId = (await restaurantFactory(ctx)).id;
    cookies = (await signedIn(ctx, restaurantId, 'kitchen')).cookies;
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    baseUrl = `http://127.0.0.1:${address.port}`;
  });
  afterAll(() => ctx.close());

  it('an open stream receives `resync` with the new id, and a resume from before it answers resync too', async () => {
    const abort = new AbortController();
    const cookie = Object.entries(cookies).map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${baseUrl}/api/events`, { headers: { cookie }, signal: abort.signal });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) {
        const chunk = await reader.read();
        if (chunk.done) throw new Error('stream ended');
        text += chunk.value;
      }
    };
    // the last id this screen saw: up to date, yet events may have been missed since
    const before = ctx.app.hub.currentSeq(restaurantId);
    try {
      await readUntil('event: ready');
      ctx.app.hub.resync();
      await readUntil('event: resync');
      expect(text).toContain(`id: ${ctx.app.hub.currentSeq(restaurantId)}\nevent: resync`);
      expect(ctx.app.hub.currentSeq(restaurantId)).not.toBe(before);
    } finally {
      abort.abort();
    }
    const resumed = await fetch(`${baseUrl}/api/events`, { headers: { cookie, 'last-event-id': String(before) }, signal: AbortSignal.timeout(5000) });
    const first = await resumed.body!.pipeThrough(new TextDecoderStream()).getReader().read();
    expect(first.value).toContain('event: resync');
    await resumed.body?.cancel().catch(() => {});
  });

  it('a waiting long poll answers resync: true', async () => {
    const after = ctx.app.hub.currentSeq(restaurantId);
    const waiting = ctx.app.inject({ method: 'GET', url: `/api/events/poll?after=${after}&timeout=30`, cookies });
    await new Promise((r) => setTimeout(r, 100));
    ctx.app.hub.resync();
    const res = await waiting;
    expect(res.json()).toEqual({ seq: ctx.app.hub.currentSeq(restaurantId), events: [], resync: true });
  });
});

// Two processes need a real PostgreSQL: `npm run test:pg` (TEST_DATABASE_URL) runs these.
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('two server processes on one PostgreSQL (LISTEN/NOTIFY)', () => {
  let dbUrl = '';
  let dbName = '';
  let a: TestContext;
  let b: TestContext;
  const admin = () => new pg.Client({ connectionString: url });

  const start = async (): Promise<TestContext> => {
    return appOn(await openDatabase({ kind: 'postgres', url: dbUrl }), { liveEventsUrl: dbUrl });
  };

  beforeAll(async () => {
    dbName = `sofra_test_fanout_${randomUUID().replaceAll('-', '')}`;
    const c = admin();
    await c.connect();
    await c.query(`CREATE DATABASE ${dbName}`);
    await c.end();
    const target = new URL(url!);
    target.pathname = `/${dbName}`;
    dbUrl = target.toString();
    a = await start();
    b = await start();
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    const c = admin();
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await c.end();
  });

  it("a command committed on A reaches B's screens once, and A's own screens once (its NOTIFY is not delivered twice)", async () => {
    const restaurant = await restaurantFactory(a);
    const owner = await signedIn(a, restaurant.id, 'owner');
    const onA: LiveEvent[] = [];
    const onB: LiveEvent[] = [];
    a.app.hub.subscribe(restaurant.id, (e) => onA.push(e));
    b.app.hub.subscribe(restaurant.id, (e) => onB.push(e));
    const res = await a.app.inject({ method: 'POST', url: `/api/restaurants/${restaurant.id}/sections`, cookies: owner.cookies, payload: { name: 'Bahçe' } });
    expect(res.statusCode).toBe(201);
    const section = res.json();
    await waitFor(() => onB.find((e) => e.type === 'tables'), "the 'tables' event on B");
    await a.app.liveFanOut!.settled();
    await new Promise((r) => setTimeout(r, 200));
    expect(onA.filter((e) => e.type === 'tables')).toHaveLength(1);
    expect(onB.filter((e) => e.type === 'tables')).toHaveLength(1);
    expect(onB[0]).toMatchObject({ restaurantId: restaurant.id, type: 'tables' });
    expect(section.id).toBeTruthy();
  });

  it('a failed command publishes nothing on either process', async () => {
    const restaurant = await restaurantFactory(a);
    const owner = await signedIn(a, restaurant.id, 'owner');
    const onB: LiveEvent[] = [];
    b.app.hub.subscribe(restaurant.id, (e) => onB.push(e));
    const res = await a.app.inject({ method: 'POST', url: `/api/restaurants/${restaurant.id}/tables`, cookies: owner.cookies, payload: { sectionId: randomUUID(), name: 'Yok', x: 0, y: 0 } });
    expect(res.statusCode).toBe(404);
    // a marker sent after it arrives; the refused command's event would have come first
    a.app.hub.publish(restaurant.id, 'menu', 'marker');
    await waitFor(() => onB.find((e) => e.id === 'marker'), 'the marker on B');
    expect(onB.map((e) => e.type)).toEqual(['menu']);
  });

  it('a session ended on A closes its streams on B', async () => {
    const sessionId = randomUUID();
    let ended = 0;
    b.app.hub.subscribe(randomUUID(), () => {}, { sessionId, end: () => ended++ });
    a.app.hub.endSessions([sessionId]);
    await waitFor(() => ended === 1, 'the stream on B to end');
  });

  it("B's LISTEN connection, terminated by the database, comes back: B resyncs its screens and events flow again", async () => {
    const fanOut = b.app.liveFanOut!;
    const before = fanOut.listenerPid;
    expect(before).toBeTruthy();
    const inDb = new pg.Client({ connectionString: dbUrl });
    await inDb.connect();
    const { rows } = await inDb.query('select application_name from pg_stat_activity where pid = $1', [before]);
    expect(rows[0]?.application_name).toBe(listenApplicationName());
    let resyncs = 0;
    const stop = b.app.hub.onResync(() => resyncs++);
    await inDb.query('select pg_terminate_backend($1)', [before]);
    await inDb.end();
    await waitFor(() => resyncs === 1 && fanOut.isListening, 'B to listen again and resync');
    expect(fanOut.listenerPid).not.toBe(before);
    stop();
    const restaurantId = randomUUID();
    const onB: LiveEvent[] = [];
    b.app.hub.subscribe(restaurantId, (e) => onB.push(e));
    a.app.hub.publish(restaurantId, 'kitchen', 'after');
    await waitFor(() => onB.find((e) => e.id === 'after'), 'an event after the reconnect');
  });
});
