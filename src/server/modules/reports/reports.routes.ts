import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recipeReportQuery, recipeReportResponse } from '../../../shared/recipes-contract';
import { REPORT_LIMITS, salesCsvQuery, salesReportQuery, salesReportResponse } from '../../../shared/reports-contract';
import { OWNER, restaurantParams } from '../../lib/routes';
import { actorOf } from '../../plugins/auth';
import { getRestaurantSettings } from '../settings';
import { csvDisposition, salesCsv } from './sales-csv';
import { recipeReport } from './recipe-report.service';
import { salesReport } from './sales-report.service';

/**
 * Satış Raporları (issue 23), owner only. Prefix: the restaurant. Reads only: the figures are kept
 * by the commands (sales-figures.ts); bad periods answer 400 in Turkish from the contract.
 */
export async function reportsRoutes(app: FastifyInstance) {
  const { db } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/reports/sales',
    { config: OWNER, schema: { params: restaurantParams, querystring: salesReportQuery, response: { 200: salesReportResponse } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return salesReport(db, actorOf(request).restaurantId, request.query.from, request.query.to);
    },
  );

  r.get('/reports/sales.csv', { config: OWNER, schema: { params: restaurantParams, querystring: salesCsvQuery } }, async (request, reply) => {
    const { from, to, table } = request.query;
    // the İstisnalar CSV holds far more rows than the screen's answer
    const { restaurantId } = actorOf(request);
    const report = await salesReport(db, restaurantId, from, to, { exceptionsLimit: table === 'exceptions' ? REPORT_LIMITS.csvExceptions : undefined });
    const { value: settings } = await getRestaurantSettings(db, restaurantId);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', csvDisposition(table, from, to))
      .header('cache-control', 'private, no-store')
      .send(salesCsv(report, table, settings.timeZone));
  });

  // Reçete Raporları: what the recipes say the sales used, beside what was counted (recipe-report.service.ts)
  r.get('/reports/recipes', { config: OWNER, schema: { params: restaurantParams, querystring: recipeReportQuery, response: { 200: recipeReportResponse } } }, async (request) =>
    recipeReport(db, actorOf(request).restaurantId, request.query),
  );
}
