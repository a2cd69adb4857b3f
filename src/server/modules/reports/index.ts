/** The reports module's front door: what other modules and the app may use of it; they import nothing else. */
export { reportsRoutes } from './reports.routes';
export { backfillSalesFigures } from './sales-backfill';
export { recordBillFigures, recordRefundFigures, removeBillFigures } from './sales-figures';
export { checkSalesFigures } from './figures-check';
