import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LONG_POLLING_TIMEOUT_SECONDS } from '../../../shared/connection-settings';
import { ALL_STAFF } from '../../lib/routes';
import { actorOf } from '../../plugins/auth';
import type { LiveEvent } from './event-hub';

/** A named event, not a comment: the browser's EventSource shows only events, and screens use it to notice a silent drop. */
const HEARTBEAT_MS = 15_000;

/** The live event stream and its long-polling fallback (prefix /api/events). */
export async function eventsRoutes(app: FastifyInstance) {
  const { hub } = app;
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
    const { restaurantId } = actorOf(request);
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
    const unsubscribe = hub.subscribe(restaurantId, send);
    const heartbeat = setInterval(() => res.write('event: ping\ndata: {}\n\n'), HEARTBEAT_MS);
    const end = () => res.end();
    openRequests.add(end);
    request.raw.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
      openRequests.delete(end);
    });
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
      const { restaurantId } = actorOf(request);
      const { after, timeout } = request.query;
      if (after < 0) return { seq: hub.currentSeq(restaurantId), events: [], resync: false };
      const missed = hub.since(restaurantId, after);
      if (!missed) return { seq: hub.currentSeq(restaurantId), events: [], resync: true };
      if (missed.length) return { seq: hub.currentSeq(restaurantId), events: missed, resync: false };
      const event = await new Promise<LiveEvent | null>((resolve) => {
        const timer = setTimeout(() => done(null), timeout * 1000);
        const unsubscribe = hub.subscribe(restaurantId, (e) => done(e));
        const end = () => done(null);
        openRequests.add(end);
        request.raw.on('close', end);
        function done(e: LiveEvent | null) {
          clearTimeout(timer);
          unsubscribe();
          openRequests.delete(end);
          resolve(e);
        }
      });
      // A kept-alive connection would otherwise hold the closing server open.
      if (isClosing) reply.header('connection', 'close');
      return { seq: hub.currentSeq(restaurantId), events: event ? [event] : [], resync: false };
    },
  );
}
