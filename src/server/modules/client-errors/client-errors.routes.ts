import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CLIENT_ERROR_MESSAGES, clientErrorReport } from '../../../shared/client-error-contract';
import { HttpError, retryAfter } from '../../errors';
import { ALL_STAFF } from '../../lib/routes';
import { actorOf } from '../../plugins/auth';
import { ReportLimiter, type ReportLimits } from './report-limiter';

/**
 * POST /api/client-errors: the browser app's error screen reports what it caught. Signed-in staff
 * only (the login page has nothing worth reporting and an open endpoint would invite log spam).
 * Log only: nothing is stored, so it does not go through runCommand.
 */
export function clientErrorsRoutes(limits?: ReportLimits) {
  return async function routes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const limiter = new ReportLimiter(limits);

    r.post('', { config: ALL_STAFF, schema: { body: clientErrorReport } }, async (request, reply) => {
      const actor = actorOf(request);
      const taken = limiter.take(actor.sessionId, request.ip);
      if (!taken.ok) throw new HttpError(429, CLIENT_ERROR_MESSAGES.tooMany, {}, retryAfter(taken.retryAfterSeconds));
      // pino writes strings JSON-escaped: a newline or control character in a report cannot forge log lines.
      request.log.error(
        { clientError: request.body, userId: actor.userId, restaurantId: actor.restaurantId, role: actor.role },
        'client error',
      );
      return reply.status(204).send();
    });
  };
}
