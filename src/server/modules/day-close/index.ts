/** The day-close module's front door: what other modules and the app may use of it; they import nothing else. */
export { dayCloseRoutes } from './day-close.routes';
export { lastDayClose, openBusinessDay } from './open-day';
export { checkCashRecords } from './cash-check';
