import { z } from 'zod';
import { CLIENT_ERROR_LIMITS } from './client-error-limits';

export { CLIENT_ERROR_LIMITS };

const bounded = (label: string, max: number, min = 0) =>
  z
    .string({ error: (i) => (i.input === undefined ? `${label} gerekli` : `${label} metin olmalı`) })
    .min(min, `${label} boş olamaz`)
    .max(max, `${label} en fazla ${max} karakter olabilir`);

/**
 * A crash report from the browser app (POST /api/client-errors): what the error screen caught, so a
 * white page that someone fixed on their own with a reload still reaches the server's log.
 * Bounded so a report can never be a way to fill the log; the browser trims before sending.
 */
export const clientErrorReport = z.object({
  message: bounded('Hata mesajı', CLIENT_ERROR_LIMITS.message, 1),
  stack: bounded('Hata yığını', CLIENT_ERROR_LIMITS.stack).optional(),
  /** the address the screen was at, e.g. /owner/printer-settings */
  screen: bounded('Ekran', CLIENT_ERROR_LIMITS.screen, 1).regex(/^\//, 'Ekran / ile başlayan bir adres olmalı'),
  /** the app's build version (package.json) */
  version: bounded('Sürüm', CLIENT_ERROR_LIMITS.version, 1),
});
export type ClientErrorReport = z.infer<typeof clientErrorReport>;

export const CLIENT_ERROR_MESSAGES = {
  tooMany: 'Çok fazla hata bildirimi gönderildi. Lütfen biraz sonra tekrar deneyin.',
} as const;
