/*
 * The reports feature's front door: the restaurant's business calendar (every screen's "Bugün"),
 * the Gün Sonu reads and the sales report.
 */
export { openDayQuery, useBusinessCalendar } from './business-calendar';
export { cashMovementsQuery, closedDaysQuery, dayPreviewQuery, dayReportQuery } from './day-close';
export { salesReportQuery } from './sales-report';
