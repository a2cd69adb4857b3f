import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES } from '../../shared/errors';
import { HttpError } from '../errors';
import { loggableError } from '../lib/loggable-error';
import { StoredAnswer } from './idempotency';

/** One readable Turkish sentence for a failed validation: each field and what is wrong with it. */
export function describeIssues(issues: { field: string; message: string }[]): string {
  return issues
    .slice(0, 3)
    .map((i) => (i.field ? `${i.field}: ${i.message}` : i.message))
    .join('; ');
}

const FASTIFY_CLIENT_ERRORS: Record<string, { status: 400 | 413 | 415; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: MESSAGES.badJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: MESSAGES.badJson },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'Desteklenmeyen içerik türü; JSON gönderin' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'İstek gövdesi çok büyük' },
};

// Failures of the router itself, before any route, hook or error handler runs.
const FRAMEWORK_ERRORS: Record<string, { status: 400 | 414; message: string }> = {
  FST_ERR_BAD_URL: { status: 400, message: 'Geçersiz adres' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: 'İstek adresi çok uzun' },
};

/**
 * Fastify's `frameworkErrors` option: without it the router answers these itself, in English and
 * with the request path echoed back.
 */
export function answerFrameworkError(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const known = FRAMEWORK_ERRORS[err.code];
  if (!known) request.log.error({ err }, 'router error');
  reply.header('x-content-type-options', 'nosniff');
  return reply.status(known?.status ?? 500).send({ error: known?.message ?? MESSAGES.internal });
}

// Failures of the HTTP parser itself, before Fastify sees a request (Node's own error codes).
const CONNECTION_ERRORS: Record<string, { status: 400 | 408 | 431; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: 'İstek adresi ya da başlıkları çok uzun' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'İstek zamanında tamamlanmadı; lütfen tekrar deneyin' },
};

/**
 * Fastify's `clientErrorHandler` option: a request the HTTP parser could not read (an address or
 * headers over 16 KB, a malformed request line) is answered here; without it the answer is
 * Fastify's English `{"error":"Request Header Fields Too Large",…}`.
 */
export function answerConnectionError(err: Error & { code?: string }, socket: Socket) {
  // a reset connection has no one left to answer
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = CONNECTION_ERRORS[err.code ?? ''] ?? { status: 400, message: MESSAGES.invalidRequest };
  const body = JSON.stringify({ error: message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/** Every failure leaves as `{error}` in Turkish; stacks and internals stay in the log. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) return reply.status(err.statusCode).headers(err.headers).send({ ...err.extra, error: err.message });
    if (err instanceof StoredAnswer) {
      // a retried Idempotency-Key: the first request's answer, byte for byte (plugins/idempotency.ts)
      return reply.status(err.statusCode).header('idempotent-replay', 'true').type('application/json; charset=utf-8').send(err.body);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        field: v.instancePath.split('/').filter(Boolean).join('.'),
        message: v.message ?? '',
      }));
      // `fields` names each failing field by its path in the shared schema (e.g. 'profile.taxNumber')
      // so a form can show the message on that field; `error` stays one sentence for everything else.
      const fields: Record<string, string> = {};
      for (const i of issues) if (i.field && !(i.field in fields)) fields[i.field] = i.message;
      const error = `${MESSAGES.invalidRequest}: ${describeIssues(issues)}`;
      return reply.status(400).send(Object.keys(fields).length > 0 ? { error, fields } : { error });
    }
    const known = err.code ? FASTIFY_CLIENT_ERRORS[err.code] : undefined;
    if (known) return reply.status(known.status).send({ error: known.message });
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.status(err.statusCode).send({ error: MESSAGES.invalidRequest });
    }
    request.log.error({ err: loggableError(err) }, 'unhandled error');
    return reply.status(500).send({ error: MESSAGES.internal });
  });
}
