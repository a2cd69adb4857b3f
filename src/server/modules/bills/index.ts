/** The bills module's front door: what other modules and the app may use of it; they import nothing else. */
export { billsRoutes } from './bills.routes';
export { closeTicket, takePayment } from './payment-commands';
