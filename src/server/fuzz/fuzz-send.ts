import type { InjectOptions } from 'fastify';
import type { CatalogRoute } from './route-catalog';
import type { FuzzWorld } from './fuzz-kit';

export type SendResult = { statusCode: number; body: string } | { crash: string };

/** The one route whose answer never ends: a live event stream. Its head is read, then it hangs up. */
const isStream = (route: CatalogRoute) => route.method === 'GET' && route.url === '/api/events';

/** A request that has not finished after this long is hung (a bound on the run, never a speed check). */
const HUNG_AFTER_MS = 60_000;
/** A waiting long poll is woken after this long (the hub's resync answers every waiting poll). */
const WAKE_POLLS_AFTER_MS = 100;

/**
 * Sends one request through `app.inject`. A throw or a request that never finishes is a crash;
 * anything the app answers is returned as it came.
 */
export async function sendFuzzRequest(world: FuzzWorld, route: CatalogRoute, options: InjectOptions): Promise<SendResult> {
  const { app } = world.ctx;
  const abort = new AbortController();
  const wake = setInterval(() => app.hub.resync(), WAKE_POLLS_AFTER_MS);
  let hung: NodeJS.Timeout | undefined;
  const timeout = new Promise<SendResult>((resolve) => {
    hung = setTimeout(() => resolve({ crash: `${HUNG_AFTER_MS / 1000} saniyede yanıt gelmedi` }), HUNG_AFTER_MS);
  });
  const send = async (): Promise<SendResult> => {
    if (!isStream(route)) {
      const res = await app.inject(options);
      return { statusCode: res.statusCode, body: res.body };
    }
    const res = await app.inject({ ...options, payloadAsStream: true, signal: abort.signal });
    const stream = res.stream();
    if (res.statusCode === 200 && String(res.headers['content-type']).startsWith('text/event-stream')) {
      stream.on('error', () => {});
      abort.abort();
      return { statusCode: 200, body: '' };
    }
    let body = '';
    for await (const chunk of stream) body += chunk;
    return { statusCode: res.statusCode, body };
  };
  try {
    const result = await Promise.race([send(), timeout]);
    // a keyed success stores its answer just after it is sent: counted with this request, not the next
    await app.idempotency.settled();
    return result;
  } catch (err) {
    return { crash: err instanceof Error ? `${err.name}: ${err.message}` : String(err) };
  } finally {
    clearInterval(wake);
    clearTimeout(hung);
  }
}
