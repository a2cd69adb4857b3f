import { z } from 'zod/mini';

/**
 * Settings of the SPA's data connection (live events + response cache). The rules are the old
 * hosted-database client's, kept on purpose (docs/configuration.md). A wrong value is rejected with a
 * message, never silently replaced. Written with zod/mini: it ships on the login page.
 */
export const MIN_CACHE_SIZE_BYTES = 1_048_576;
export const UNLIMITED_CACHE_SIZE = -1;
export const DEFAULT_CACHE_SIZE_BYTES = 41_943_040;
export const LONG_POLLING_TIMEOUT_SECONDS = { min: 5, max: 30, default: 30 } as const;

const timeoutMessage = 'Uzun yoklama zaman aşımı 5 ile 30 saniye arasında bir sayı olmalı';

const shape = z.object({
  cacheSizeBytes: z._default(
    z.number({ error: 'Önbellek boyutu bir sayı olmalı' }).check(
      z.refine((n) => Number.isInteger(n) && (n === UNLIMITED_CACHE_SIZE || n >= MIN_CACHE_SIZE_BYTES), {
        error: `Önbellek boyutu en az ${MIN_CACHE_SIZE_BYTES} bayt ya da sınırsız için -1 olmalı`,
      }),
    ),
    DEFAULT_CACHE_SIZE_BYTES,
  ),
  forceLongPolling: z._default(z.boolean({ error: 'forceLongPolling true ya da false olmalı' }), false),
  /** Left out: on unless long polling is forced. */
  autoDetectLongPolling: z.optional(z.boolean({ error: 'autoDetectLongPolling true ya da false olmalı' })),
  longPollingTimeoutSeconds: z._default(
    z.number({ error: timeoutMessage }).check(
      z.minimum(LONG_POLLING_TIMEOUT_SECONDS.min, { error: timeoutMessage }),
      z.maximum(LONG_POLLING_TIMEOUT_SECONDS.max, { error: timeoutMessage }),
    ),
    LONG_POLLING_TIMEOUT_SECONDS.default,
  ),
  host: z.optional(z.string().check(z.minLength(1, { error: "'host' boş olamaz" }))),
  ssl: z.optional(z.boolean({ error: "'ssl' true ya da false olmalı" })),
});

export const connectionSettings = z.pipe(
  shape.check(
    z.refine((s) => !(s.forceLongPolling && s.autoDetectLongPolling === true), {
      error: 'Uzun yoklamayı zorlamak (forceLongPolling) ile otomatik algılamak (autoDetectLongPolling) birlikte açılamaz',
      path: ['autoDetectLongPolling'],
    }),
    z.refine((s) => s.ssl === undefined || s.host !== undefined, {
      error: "'ssl' ayarı için 'host' da verilmeli",
      path: ['ssl'],
    }),
  ),
  z.transform((s) => ({ ...s, autoDetectLongPolling: s.autoDetectLongPolling ?? !s.forceLongPolling })),
);

export type ConnectionSettingsInput = z.input<typeof connectionSettings>;
export type ConnectionSettings = z.output<typeof connectionSettings>;

/** Parses settings or throws an Error whose message lists every problem in Turkish. */
export function parseConnectionSettings(input: unknown): ConnectionSettings {
  const result = connectionSettings.safeParse(input ?? {});
  if (!result.success) throw new Error(result.error.issues.map((i) => i.message).join('; '));
  return result.data;
}
