/** A failure with a status and a Turkish message the client may show as it is. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 412 | 413 | 415 | 428 | 429 | 503,
    message: string,
    /** seconds after which trying again can succeed; sent as `Retry-After` */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}
