import { z } from 'zod';

/**
 * Settings of the SPA's data connection (live events + cached reads). The rules are the old
 * hosted-database client's, kept on purpose (DESIGN.md section 6). A wrong value is rejected with a
 * message, never silently replaced.
 */
export const MIN_CACHE_SIZE_BYTES = 1_048_576;
export const UNLIMITED_CACHE_SIZE = -1;
export const DEFAULT_CACHE_SIZE_BYTES = 41_943_040;
export const LONG_POLLING_TIMEOUT_SECONDS = { min: 5, max: 30, default: 30 } as const;

export const connectionSettings = z
  .object({
    cacheSizeBytes: z
      .number()
      .int('Önbellek boyutu tam sayı olmalı')
      .refine((n) => n === UNLIMITED_CACHE_SIZE || n >= MIN_CACHE_SIZE_BYTES, {
        message: `Önbellek boyutu en az ${MIN_CACHE_SIZE_BYTES} bayt ya da sınırsız için -1 olmalı`,
      })
      .default(DEFAULT_CACHE_SIZE_BYTES),
    forceLongPolling: z.boolean().default(false),
    /** Left out: on unless long polling is forced. */
    autoDetectLongPolling: z.boolean().optional(),
    longPollingTimeoutSeconds: z
      .number({ error: 'Uzun yoklama zaman aşımı bir sayı olmalı' })
      .min(LONG_POLLING_TIMEOUT_SECONDS.min, 'Uzun yoklama zaman aşımı 5 ile 30 saniye arasında olmalı')
      .max(LONG_POLLING_TIMEOUT_SECONDS.max, 'Uzun yoklama zaman aşımı 5 ile 30 saniye arasında olmalı')
      .default(LONG_POLLING_TIMEOUT_SECONDS.default),
    host: z.string().min(1).optional(),
    ssl: z.boolean().optional(),
  })
  .superRefine((s, ctx) => {
    if (s.forceLongPolling && s.autoDetectLongPolling === true) {
      ctx.addIssue({
        code: 'custom',
        path: ['autoDetectLongPolling'],
        message: 'Uzun yoklamayı zorlamak ile otomatik algılamak birlikte açılamaz',
      });
    }
    if (s.ssl !== undefined && s.host === undefined) {
      ctx.addIssue({ code: 'custom', path: ['ssl'], message: "'ssl' ayarı için 'host' da verilmeli" });
    }
  })
  .transform((s) => ({ ...s, autoDetectLongPolling: s.autoDetectLongPolling ?? !s.forceLongPolling }));

export type ConnectionSettingsInput = z.input<typeof connectionSettings>;
export type ConnectionSettings = z.output<typeof connectionSettings>;

/** Parses settings or throws an Error whose message lists every problem in Turkish. */
export function parseConnectionSettings(input: unknown): ConnectionSettings {
  const result = connectionSettings.safeParse(input ?? {});
  if (!result.success) {
    throw new Error(result.error.issues.map((i) => i.message).join('; '));
  }
  return result.data;
}
