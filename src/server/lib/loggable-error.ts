/**
 * What the log keeps of an unexpected error. A failed query's error carries its parameters (drizzle
 * puts them in the message and in `params`, PGlite in `params`) and PostgreSQL's `detail` repeats
 * the failing row ("Failing row contains (…)"): for a staff or password write that is a password
 * hash. So only named, value-free fields survive, for the error and each of its causes.
 */
const SAFE_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'schema', 'dataType', 'routine', 'statusCode'] as const;

export function loggableError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error)) return typeof err === 'string' ? err.split('\nparams:')[0] : '[redacted: not an Error]';
  // drizzle: "Failed query: <sql>\nparams: <values>" — the SQL has placeholders only.
  const message = err.message.split('\nparams:')[0];
  const safe = new Error(message);
  safe.name = err.name;
  const frames = (err.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  safe.stack = [`${err.name}: ${message}`, ...frames].join('\n');
  const source = err as unknown as Record<string, unknown>;
  const target = safe as unknown as Record<string, unknown>;
  for (const field of SAFE_FIELDS) {
    if (typeof source[field] === 'string' || typeof source[field] === 'number') target[field] = source[field];
  }
  if (typeof source.query === 'string') target.query = source.query;
  if (err.cause !== undefined && depth < 3) safe.cause = loggableError(err.cause, depth + 1);
  return safe;
}
