/** The table-requests module's front door (QR Sipariş): what other modules and the app may use of it; they import nothing else. */
export { guestRequestsRoutes } from './guest-requests.routes';
export { tableRequestsRoutes } from './table-requests.routes';
