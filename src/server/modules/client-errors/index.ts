/** The client-errors module's front door: what other modules and the app may use of it; they import nothing else. */
export { clientErrorsRoutes } from './client-errors.routes';
export { ReportLimiter } from './report-limiter';
