import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** the JSON body exactly as it arrived (null without one): what the idempotency check hashes */
    rawBody: string | null;
  }
}

/** No contract of ours nests anywhere near this deep; a body that does is an attack or a bug. */
export const MAX_JSON_DEPTH = 64;
export const JSON_TOO_DEEP = `İstek gövdesi çok derin iç içe (en fazla ${MAX_JSON_DEPTH} düzey olabilir)`;

/**
 * How deep the arrays and objects of a JSON text nest, counted without parsing it, so a 100k-level
 * body is refused before anything recursive (validation, JSON.stringify) can overflow the stack.
 * Brackets inside strings do not count.
 */
export function jsonDepth(text: string, stopAbove = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > deepest && (deepest = depth) > stopAbove) return deepest;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return deepest;
}

/**
 * Replaces Fastify's JSON parser for every route: the same safe parse (prototype poisoning is an
 * error), after a depth check, keeping the raw text for the idempotency hash.
 */
export function registerJsonBody(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.decorateRequest('rawBody', null);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) return done(new HttpError(400, JSON_TOO_DEEP), undefined);
    request.rawBody = text;
    return parse(request, text, done);
  });
}
