import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LONG_POLLING_TIMEOUT_SECONDS } from '../../../shared/connection-settings';
import { SESSIONS_ENDED_EVENT } from '../../../shared/live-events';
import { ALL_STAFF } from '../../lib/routes';
import { actorOf } from '../../plugins/auth';
import { isSessionLive } from '../auth';
import type { LiveEvent } from './event-hub';

/** A named event, not a comment: the browser's EventSource shows only events, and screens use it to notice a silent drop. */
const HEARTBEAT_MS = 15_000;

/**
 * The last word of a stream whose session ended: the screen's own "your sessions ended" event, so it
 * signs out at once instead of reconnecting into 401s. It names only the person's own user id and
 * carries no `id:` line (it is no event of the restaurant's sequence).
 */
const goodbye = (restaurantId: string, seq: number, userId: string): LiveEvent => ({ seq, restaurantId, type: SESSIONS_ENDED_EVENT, id: userId });

/**
 * The live event stream and its long-polling fallback (prefix /api/events). Each belongs to the
 * session that opened it: when that session ends (sign-out, deactivation, a password change, "Her
 * Yerden Çıkış Yap") the hub ends it, and a stream also checks its session at every heartbeat
 * (expiry, or an end this process was not told about).
 */
export async function eventsRoutes(app: FastifyInstance) {
  const { hub, db } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Streams and waiting polls never end on their own, and the server's close waits for every open
  // request: without this a restart (SIGTERM) hangs as long as any screen stays connected.
  const openRequests = new Set<() => void>();
  let isClosing = false;
  app.addHook('preClose', (done) => {
    isClosing = true;
    for (const end of openRequests) end();
    done();
  });

  // Server-sent events; `resync` tells the client its Last-Event-ID is too old to replay.
  r.get('', { config: ALL_STAFF }, (request, reply) => {
    const { restaurantId, sessionId, userId } = actorOf(request);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    const send = (e: LiveEvent) => res.write(`id: ${e.seq}\nevent: change\ndata: ${JSON.stringify(e)}\n\n`);
    const lastId = Number(request.headers['last-event-id']);
    if (Number.isInteger(lastId) && lastId >= 0) {
      const missed = hub.since(restaurantId, lastId);
      if (missed) missed.forEach(send);
      else res.write(`id: ${hub.currentSeq(restaurantId)}\nevent: resync\ndata: {}\n\n`);
    } else {
      res.write(`id: ${hub.currentSeq(restaurantId)}\nevent: ready\ndata: {}\n\n`);
    }
    let isOpen = true;
    const stop = () => {
      if (!isOpen) return false;
      isOpen = false;
      clearInterval(heartbeat);
      unsubscribe();
      stopResync();
      openRequests.delete(end);
      return true;
    };
    const end = () => {
      if (stop()) res.end();
    };
    const endSession = () => {
      if (!stop()) return;
      res.write(`event: change\ndata: ${JSON.stringify(goodbye(restaurantId, hub.currentSeq(restaurantId), userId))}\n\n`);
      res.end();
    };
    const checkSession = () =>
      isSessionLive(db, sessionId).then(
        (isLive) => isLive || endSession(),
        (err) => request.log.warn({ err }, 'event stream: session check failed'),
      );
    const unsubscribe = hub.subscribe(restaurantId, send, { sessionId, end: endSession });
    // Events of another process may have been missed (pg-fan-out.ts reconnected): the screen refetches.
    const stopResync = hub.onResync(() => res.write(`id: ${hub.currentSeq(restaurantId)}\nevent: resync\ndata: {}\n\n`));
    const heartbeat = setInterval(() => {
      res.write('event: ping\ndata: {}\n\n');
      void checkSession();
    }, HEARTBEAT_MS);
    openRequests.add(end);
    request.raw.on('close', stop);
    // a session ended between the sign-in check and the subscription was told to nobody
    void checkSession();
  });

  // Long-polling fallback for networks whose proxies break streaming.
  r.get(
    '/poll',
    {
      config: ALL_STAFF,
      schema: {
        querystring: z.object({
          after: z.coerce.number().int().min(-1).default(-1),
          timeout: z.coerce
            .number()
            .min(LONG_POLLING_TIMEOUT_SECONDS.min)
            .max(LONG_POLLING_TIMEOUT_SECONDS.max)
            .default(LONG_POLLING_TIMEOUT_SECONDS.default),
        }),
      },
    },
    async (request, reply) => {
      const { restaurantId, sessionId, userId } = actorOf(request);
      const { after, timeout } = request.query;
      if (after < 0) return { seq: hub.currentSeq(restaurantId), events: [], resync: false };
      const missed = hub.since(restaurantId, after);
      if (!missed) return { seq: hub.currentSeq(restaurantId), events: [], resync: true };
      if (missed.length) return { seq: hub.currentSeq(restaurantId), events: missed, resync: false };
      const event = await new Promise<LiveEvent | null | 'resync'>((resolve) => {
        const timer = setTimeout(() => done(null), timeout * 1000);
        // the session ended while waiting: the screen hears its own goodbye, nothing else
        const unsubscribe = hub.subscribe(restaurantId, (e) => done(e), { sessionId, end: () => done(goodbye(restaurantId, hub.currentSeq(restaurantId), userId)) });
        const stopResync = hub.onResync(() => done('resync'));
        const end = () => done(null);
        openRequests.add(end);
        request.raw.on('close', end);
        function done(e: LiveEvent | null | 'resync') {
          clearTimeout(timer);
          unsubscribe();
          stopResync();
          openRequests.delete(end);
          resolve(e);
        }
      });
      // A kept-alive connection would otherwise hold the closing server open.
      if (isClosing) reply.header('connection', 'close');
      if (event === 'resync') return { seq: hub.currentSeq(restaurantId), events: [], resync: true };
      return { seq: hub.currentSeq(restaurantId), events: event ? [event] : [], resync: false };
    },
  );
}
