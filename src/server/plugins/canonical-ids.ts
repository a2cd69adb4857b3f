import type { FastifyInstance } from 'fastify';
import { isUuid } from '../../shared/ids';

/**
 * Ids are canonical (lower case) before anything reads them. PostgreSQL stores a uuid in lower case
 * whatever case it was sent in, so an id used as sent — hashed into an audit row, used as the live
 * events' key, compared as a string — and the stored one would differ: a restaurant id sent in
 * capitals once broke the audit chain for good and sent its owner's live events nowhere.
 *
 * - every path parameter and query field that is a UUID, on every route, before the access check;
 * - in a body our own contract describes (the route has a body schema), every UUID under a key that
 *   names an id (`id`, `ids`, `…Id`, `…Ids`) once the body is parsed and validated. The platforms'
 *   own bodies are not touched: their ids are theirs, echoed back as they sent them.
 *   `externalId` is the sender's own reference, kept as sent.
 */
const ID_KEY = /^(id|ids)$|[a-z](Id|Ids)$/;

const lower = (value: unknown) => (typeof value === 'string' && isUuid(value) ? value.toLowerCase() : value);

function lowerFields(record: Record<string, unknown>, onlyIdKeys: boolean) {
  for (const [key, value] of Object.entries(record)) {
    if (onlyIdKeys && (!ID_KEY.test(key) || key === 'externalId')) {
      if (value && typeof value === 'object') lowerIds(value);
      continue;
    }
    record[key] = Array.isArray(value) ? value.map(lower) : lower(value);
  }
}

function lowerIds(value: object) {
  if (Array.isArray(value)) value.forEach((v) => v && typeof v === 'object' && lowerIds(v));
  else lowerFields(value as Record<string, unknown>, true);
}

export function registerCanonicalIds(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (request.params && typeof request.params === 'object') lowerFields(request.params as Record<string, unknown>, false);
    if (request.query && typeof request.query === 'object') lowerFields(request.query as Record<string, unknown>, false);
  });
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.schema?.body && request.body && typeof request.body === 'object') lowerIds(request.body);
  });
}
