/** A failure with a status and a Turkish message the client may show as it is. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 412 | 413 | 415 | 428 | 429 | 503,
    message: string,
    /** more fields of the answer, e.g. the open ticket's id beside "this table is taken" */
    readonly extra: Record<string, unknown> = {},
    /** response headers, e.g. Retry-After */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** `Retry-After` for a refusal that clears with time (429 / 503). */
export const retryAfter = (seconds: number) => ({ 'retry-after': String(seconds) });
