import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '../../db/schema';
import { MESSAGES } from '../../../shared/errors';
import { DEFAULT_PRINTER_SETTINGS } from '../../../shared/printer-settings';
import { createRestaurant, createTestApp, createUser, loginAs, type TestContext } from '../../test-support/test-app';
import { EventHub, type LiveEvent } from './event-hub';

describe('EventHub', () => {
  it("numbers each restaurant's events with its own sequence: one restaurant's activity never moves another's", () => {
    const hub = new EventHub();
    expect(hub.currentSeq('r1')).toBe(0);
    const a = hub.publish('r1', 'settings.printer');
    const b = hub.publish('r2', 'menu', 'item-7');
    for (let i = 0; i < 5; i++) hub.publish('r1', 'menu');
    const c = hub.publish('r2', 'menu');
    expect(a).toEqual({ seq: 1, restaurantId: 'r1', type: 'settings.printer' });
    expect(b).toEqual({ seq: 1, restaurantId: 'r2', type: 'menu', id: 'item-7' });
    expect(c.seq).toBe(2);
    expect(hub.currentSeq('r1')).toBe(6);
    expect(hub.currentSeq('r2')).toBe(2);
  });

  it('delivers an event only to the listeners of its restaurant', () => {
    const hub = new EventHub();
    const r1: LiveEvent[] = [];
    const r2: LiveEvent[] = [];
    hub.subscribe('r1', (e) => r1.push(e));
    hub.subscribe('r2', (e) => r2.push(e));
    hub.publish('r1', 'menu', 'a');
    hub.publish('r3', 'menu', 'b');
    expect(r1.map((e) => e.id)).toEqual(['a']);
    expect(r2).toEqual([]);
  });

  it('stops delivering after unsubscribe, and leaves other listeners subscribed', () => {
    const hub = new EventHub();
    const first: LiveEvent[] = [];
    const second: LiveEvent[] = [];
    const stop = hub.subscribe('r1', (e) => first.push(e));
    hub.subscribe('r1', (e) => second.push(e));
    hub.publish('r1', 'menu', 'before');
    stop();
    stop(); // twice is harmless
    hub.publish('r1', 'menu', 'after');
    expect(first.map((e) => e.id)).toEqual(['before']);
    expect(second.map((e) => e.id)).toEqual(['before', 'after']);
  });

  it("replays with since() only the restaurant's events after the given seq", () => {
    const hub = new EventHub();
    hub.publish('r1', 'menu', 'one');
    hub.publish('r2', 'menu', 'other');
    hub.publish('r1', 'menu', 'two');
    hub.publish('r1', 'menu', 'three');
    expect(hub.since('r1', 1)?.map((e) => e.id)).toEqual(['two', 'three']);
    expect(hub.since('r1', 0)?.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(hub.since('r2', 0)?.map((e) => e.id)).toEqual(['other']);
    expect(hub.since('r1', 3)).toEqual([]);
  });

  it('answers since() with an empty list on a fresh hub asked from 0', () => {
    expect(new EventHub().since('r1', 0)).toEqual([]);
  });

  it('answers since() with null for a seq the server never issued (it restarted)', () => {
    const hub = new EventHub();
    hub.publish('r1', 'menu', 'one');
    expect(hub.since('r1', 2)).toBeNull();
    expect(new EventHub().since('r1', 57)).toBeNull();
  });

  it('answers since() with null once the buffer no longer reaches back that far (a gap)', () => {
    const hub = new EventHub();
    for (let i = 0; i < 505; i++) hub.publish('r1', 'menu', `e${i + 1}`);
    hub.publish('r2', 'menu', 'other');
    // The last 500 events of r1 (6..505) are kept: resuming after 5 is complete, after 4 would miss 5.
    expect(hub.since('r1', 4)).toBeNull();
    const replay = hub.since('r1', 5);
    expect(replay![0].seq).toBe(6);
    expect(replay).toHaveLength(500);
    // r2's short history is untouched by r1's traffic.
    expect(hub.since('r2', 0)?.map((e) => e.id)).toEqual(['other']);
  });
});

describe('live events over HTTP', () => {
  let ctx: TestContext;
  let baseUrl: string;
  let restaurantId: string;
  let otherRestaurantId: string;
  let cookie: string;
  let cookies: Record<string, string>;

  beforeAll(async () => {
    ctx = await createTestApp();
    restaurantId = (await createRestaurant(ctx)).id;
    otherRestaurantId = (await createRestaurant(ctx)).id;
    const user = await createUser(ctx, { restaurantId, role: 'waiter' });
    cookies = (await loginAs(ctx, user.email)).cookies;
    cookie = `sofra_session=${cookies.sofra_session}`;
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    baseUrl = `http://127.0.0.1:${address.port}`;
  });
  afterAll(() => ctx.close());

  interface SseMessage {
    id?: string;
    event?: string;
    data?: string;
  }

  /** An open event stream: `next()` waits for the next complete message. */
  async function openStream(headers: Record<string, string> = {}) {
    const abort = new AbortController();
    const res = await fetch(`${baseUrl}/api/events`, { headers: { cookie, ...headers }, signal: abort.signal });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffered = '';
    const messages: SseMessage[] = [];
    async function next(timeoutMs = 5000): Promise<SseMessage> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const end = buffered.indexOf('\n\n');
        if (end >= 0) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          if (block.startsWith(':') || block.startsWith('event: ping')) continue; // heartbeat
          const message: SseMessage = {};
          for (const line of block.split('\n')) {
            const colon = line.indexOf(': ');
            (message as Record<string, string>)[line.slice(0, colon)] = line.slice(colon + 2);
          }
          messages.push(message);
          return message;
        }
        const chunk = await Promise.race([
          reader.read(),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no event in time')), deadline - Date.now())),
        ]);
        if (chunk.done) throw new Error('stream ended');
        buffered += chunk.value;
      }
    }
    return { res, next, messages, close: () => abort.abort() };
  }

  it("streams the signed-in restaurant's events and nothing of another restaurant", async () => {
    const stream = await openStream();
    try {
      expect(stream.res.status).toBe(200);
      expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(stream.res.headers.get('cache-control')).toBe('no-store');
      const ready = await stream.next();
      expect(ready.event).toBe('ready');
      expect(ready.id).toBe(String(ctx.app.hub.currentSeq(restaurantId)));

      // The other restaurant's event is published first: had it been sent, it would arrive first.
      ctx.app.hub.publish(otherRestaurantId, 'settings.printer');
      const own = ctx.app.hub.publish(restaurantId, 'settings.printer');
      const message = await stream.next();
      expect(message.event).toBe('change');
      expect(message.id).toBe(String(own.seq));
      expect(JSON.parse(message.data!)).toEqual({ seq: own.seq, restaurantId, type: 'settings.printer' });
    } finally {
      stream.close();
    }
  });

  it('sends a real save to the open stream', async () => {
    const owner = await createUser(ctx, { restaurantId, role: 'owner' });
    const ownerCookies = (await loginAs(ctx, owner.email)).cookies;
    const stream = await openStream();
    try {
      await stream.next(); // ready
      const put = await ctx.app.inject({
        method: 'PUT',
        url: `/api/restaurants/${restaurantId}/settings/printer`,
        cookies: ownerCookies,
        payload: DEFAULT_PRINTER_SETTINGS,
      });
      expect(put.statusCode).toBe(200);
      const message = await stream.next();
      expect(message.event).toBe('change');
      expect(JSON.parse(message.data!)).toMatchObject({ restaurantId, type: 'settings.printer' });
    } finally {
      stream.close();
    }
  });

  it('replays what was missed after Last-Event-ID, only for the own restaurant', async () => {
    const start = ctx.app.hub.currentSeq(restaurantId);
    const first = ctx.app.hub.publish(restaurantId, 'menu', 'missed.one');
    ctx.app.hub.publish(otherRestaurantId, 'menu', 'not.yours');
    const second = ctx.app.hub.publish(restaurantId, 'menu', 'missed.two');

    const stream = await openStream({ 'last-event-id': String(start) });
    try {
      const a = await stream.next();
      const b = await stream.next();
      expect([a.id, a.event, JSON.parse(a.data!).id]).toEqual([String(first.seq), 'change', 'missed.one']);
      expect([b.id, b.event, JSON.parse(b.data!).id]).toEqual([String(second.seq), 'change', 'missed.two']);
      // After the replay the stream goes on live.
      const live = ctx.app.hub.publish(restaurantId, 'menu', 'live');
      const c = await stream.next();
      expect(c.id).toBe(String(live.seq));
    } finally {
      stream.close();
    }
  });

  it('tells the client to resync when its Last-Event-ID cannot be replayed', async () => {
    const future = await openStream({ 'last-event-id': String(ctx.app.hub.currentSeq(restaurantId) + 100) });
    try {
      const message = await future.next();
      expect(message.event).toBe('resync');
      expect(message.id).toBe(String(ctx.app.hub.currentSeq(restaurantId)));
    } finally {
      future.close();
    }
  });

  it('answers 401 without a session and never opens a stream', async () => {
    const res = await fetch(`${baseUrl}/api/events`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: MESSAGES.notSignedIn });
  });

  describe('long polling', () => {
    const poll = (query: Record<string, string>) =>
      ctx.app.inject({ method: 'GET', url: '/api/events/poll', query, cookies });

    it('answers at once with the current seq when asked from -1', async () => {
      ctx.app.hub.publish(restaurantId, 'menu', 'earlier');
      const started = Date.now();
      const res = await poll({ after: '-1' });
      expect(Date.now() - started).toBeLessThan(2000);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ seq: ctx.app.hub.currentSeq(restaurantId), events: [], resync: false });
    });

    it("another restaurant's activity does not move the sequence this restaurant sees", async () => {
      const before = (await poll({ after: '-1' })).json().seq;
      for (let i = 0; i < 3; i++) ctx.app.hub.publish(otherRestaurantId, 'menu', `theirs.${i}`);
      expect((await poll({ after: '-1' })).json().seq).toBe(before);
      ctx.app.hub.publish(restaurantId, 'menu', 'mine');
      expect((await poll({ after: '-1' })).json().seq).toBe(before + 1);
    });

    it('answers at once with events already missed', async () => {
      const after = ctx.app.hub.currentSeq(restaurantId);
      const missed = ctx.app.hub.publish(restaurantId, 'menu', 'missed');
      ctx.app.hub.publish(otherRestaurantId, 'menu', 'not.yours');
      const res = await poll({ after: String(after), timeout: '5' });
      expect(res.json()).toEqual({ seq: ctx.app.hub.currentSeq(restaurantId), events: [missed], resync: false });
    });

    it('waits for the next own event and answers it', async () => {
      const after = ctx.app.hub.currentSeq(restaurantId);
      const pending = poll({ after: String(after), timeout: '5' });
      await new Promise((r) => setTimeout(r, 100));
      ctx.app.hub.publish(otherRestaurantId, 'menu', 'not.yours');
      const event = ctx.app.hub.publish(restaurantId, 'menu', 'arrived');
      const res = await pending;
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ seq: event.seq, events: [event], resync: false });
    });

    it('waits over real HTTP too, not only through inject', async () => {
      const after = ctx.app.hub.currentSeq(restaurantId);
      const started = Date.now();
      const pending = fetch(`${baseUrl}/api/events/poll?after=${after}&timeout=5`, { headers: { cookie } });
      await new Promise((r) => setTimeout(r, 300));
      const event = ctx.app.hub.publish(restaurantId, 'menu', 'over.http');
      const res = await pending;
      expect(Date.now() - started).toBeGreaterThanOrEqual(300);
      expect(await res.json()).toEqual({ seq: event.seq, events: [event], resync: false });
    });

    it('answers resync for a seq too old to replay or never issued', async () => {
      for (let i = 0; i < 501; i++) ctx.app.hub.publish(restaurantId, 'menu', 'filler');
      for (const after of ['0', String(ctx.app.hub.currentSeq(restaurantId) + 5)]) {
        const res = await poll({ after, timeout: '5' });
        expect(res.json()).toEqual({ seq: ctx.app.hub.currentSeq(restaurantId), events: [], resync: true });
      }
    });

    it.each(['4', '31', 'abc'])('answers a Turkish 400 to timeout=%s', async (timeout) => {
      const res = await poll({ after: '0', timeout });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/^Geçersiz istek: timeout: /);
    });

    it('answers a Turkish 400 to after=-2', async () => {
      const res = await poll({ after: '-2' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/^Geçersiz istek: after: /);
    });
  });
});

// a stream that does not end fails its test in seconds, not at the suite's two-minute limit
describe('a stream ends with its session', { timeout: 20_000 }, () => {
  let ctx: TestContext;
  let baseUrl: string;
  let restaurantId: string;
  let owner: { cookies: Record<string, string> };

  beforeAll(async () => {
    ctx = await createTestApp();
    restaurantId = (await createRestaurant(ctx)).id;
    const o = await createUser(ctx, { restaurantId, role: 'owner' });
    owner = await loginAs(ctx, o.email);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
  });
  afterAll(() => ctx.close());

  const cookieOf = (cookies: Record<string, string>) => `sofra_session=${cookies.sofra_session}`;

  /** A waiter signed in (twice when asked) and an open stream of each sign-in, read to the end. */
  async function waiterWithStream(signIns = 1) {
    const user = await createUser(ctx, { restaurantId, role: 'waiter' });
    const opened = [];
    for (let i = 0; i < signIns; i++) {
      const { cookies } = await loginAs(ctx, user.email);
      const res = await fetch(`${baseUrl}/api/events`, { headers: { cookie: cookieOf(cookies) } });
      expect(res.status).toBe(200);
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let text = '';
      let isDone = false;
      // reads in the background; `text` is everything the stream sent so far
      const reading = (async () => {
        for (;;) {
          const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
          if (chunk.done) break;
          text += chunk.value;
        }
        isDone = true;
      })();
      opened.push({ cookies, text: () => text, isDone: () => isDone, ended: reading, cancel: () => reader.cancel() });
    }
    // the first message is "ready": the stream is subscribed
    for (const s of opened) await expect.poll(() => s.text()).toMatch(/event: ready/);
    return { user, sessions: opened };
  }
  const changes = (text: string) =>
    text
      .split('\n\n')
      .filter((block) => block.includes('event: change'))
      .map((block) => JSON.parse(block.slice(block.indexOf('data: ') + 6)));

  it("ends a deactivated waiter's open stream with their own goodbye, and nothing of the restaurant reaches it afterwards", async () => {
    const { user, sessions } = await waiterWithStream();
    const [s] = sessions;
    const res = await ctx.app.inject({ method: 'POST', url: `/api/restaurants/${restaurantId}/staff/${user.id}/deactivate`, cookies: owner.cookies, payload: { version: 1 } });
    expect(res.statusCode).toBe(200);
    await s.ended;
    ctx.app.hub.publish(restaurantId, 'tickets', 'after-the-end');
    // the only change it heard is its own sessions-ended, not the staff event of the same command
    expect(changes(s.text())).toEqual([{ seq: expect.any(Number), restaurantId, type: 'sessions-ended', id: user.id }]);
    expect(s.text()).not.toContain('after-the-end');
  });

  it('ends the stream of a session signed out, and leaves another sign-in of the same person streaming', async () => {
    const { sessions } = await waiterWithStream(2);
    const [gone, stays] = sessions;
    const res = await fetch(`${baseUrl}/api/auth/logout`, { method: 'POST', headers: { cookie: cookieOf(gone.cookies), origin: baseUrl } });
    expect(res.status).toBe(204);
    await gone.ended;
    const event = ctx.app.hub.publish(restaurantId, 'menu', 'still-live');
    await expect.poll(() => stays.text()).toContain('still-live');
    expect(gone.text()).not.toContain('still-live');
    expect(stays.isDone()).toBe(false);
    expect(event.seq).toBeGreaterThan(0);
    await stays.cancel();
  });

  it("ends the person's other streams when they change their password, and keeps the one they changed it from", async () => {
    const { user, sessions } = await waiterWithStream(2);
    const [here, elsewhere] = sessions;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/password',
      cookies: here.cookies,
      payload: { currentPassword: user.password, newPassword: 'yepyeni-sifre-2026' },
    });
    expect(res.statusCode).toBe(204);
    await elsewhere.ended;
    expect(changes(elsewhere.text()).map((e) => [e.type, e.id])).toEqual([['sessions-ended', user.id]]);
    ctx.app.hub.publish(restaurantId, 'menu', 'for-the-one-left');
    await expect.poll(() => here.text()).toContain('for-the-one-left');
    expect(here.isDone()).toBe(false);
    await here.cancel();
  });

  it('ends every stream of the person on "Her Yerden Çıkış Yap"', async () => {
    const { sessions } = await waiterWithStream(2);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/me/sign-out-everywhere', cookies: sessions[0].cookies });
    expect(res.statusCode).toBe(204);
    await Promise.all(sessions.map((s) => s.ended));
    ctx.app.hub.publish(restaurantId, 'menu', 'nobody-left');
    for (const s of sessions) expect(s.text()).not.toContain('nobody-left');
  });

  it('ends a stream at its next heartbeat when its session is gone without this process being told (expiry, another server)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const { user, sessions: [s] } = await waiterWithStream();
      await ctx.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, user.id));
      vi.advanceTimersByTime(15_000);
      await s.ended;
      expect(changes(s.text()).map((e) => [e.type, e.id])).toEqual([['sessions-ended', user.id]]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("answers a deactivated waiter's waiting poll with their goodbye only", async () => {
    const user = await createUser(ctx, { restaurantId, role: 'waiter' });
    const { cookies } = await loginAs(ctx, user.email);
    const after = ctx.app.hub.currentSeq(restaurantId);
    const pending = fetch(`${baseUrl}/api/events/poll?after=${after}&timeout=20`, { headers: { cookie: cookieOf(cookies) } });
    // the poll is waiting once the hub holds it for that session
    const [session] = await ctx.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id));
    await expect.poll(() => ctx.app.hub.streamsOf(session.id)).toBe(1);
    const res = await ctx.app.inject({ method: 'POST', url: `/api/restaurants/${restaurantId}/staff/${user.id}/deactivate`, cookies: owner.cookies, payload: { version: 1 } });
    expect(res.statusCode).toBe(200);
    const body = await (await pending).json();
    expect(body.events).toEqual([{ seq: expect.any(Number), restaurantId, type: 'sessions-ended', id: user.id }]);
    // and the next poll is refused
    expect((await ctx.app.inject({ method: 'GET', url: `/api/events/poll?after=${body.seq}`, cookies })).statusCode).toBe(401);
    expect(ctx.app.hub.streamsOf(session.id)).toBe(0);
  });
});

describe('shutting down', () => {
  it('ends open streams and waiting polls instead of waiting for the clients to leave', async () => {
    const ctx = await createTestApp();
    let closed = false;
    try {
      const restaurantId = (await createRestaurant(ctx)).id;
      const user = await createUser(ctx, { restaurantId, role: 'kitchen' });
      const cookie = `sofra_session=${(await loginAs(ctx, user.email)).cookies.sofra_session}`;
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = ctx.app.server.address() as { port: number };

      const stream = await fetch(`http://127.0.0.1:${port}/api/events`, { headers: { cookie } });
      expect(stream.status).toBe(200);
      const poll = fetch(`http://127.0.0.1:${port}/api/events/poll?after=${ctx.app.hub.currentSeq(restaurantId)}&timeout=30`, { headers: { cookie } });
      await new Promise((r) => setTimeout(r, 200));

      const started = Date.now();
      await ctx.app.close();
      closed = true;
      expect(Date.now() - started).toBeLessThan(2000);
      // The stream ends cleanly after its first message; the poll answers empty.
      expect(await stream.text()).toMatch(/^id: \d+\nevent: ready\ndata: \{\}\n\n$/);
      expect(await (await poll).json()).toEqual({ seq: ctx.app.hub.currentSeq(restaurantId), events: [], resync: false });
    } finally {
      if (closed) await ctx.database.close();
      else await ctx.close();
    }
  });
});
