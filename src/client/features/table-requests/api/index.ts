/* The table-requests feature's front door: the guests' waiting requests and calls (QR Sipariş). */
export { tableRequestsQuery } from './table-requests-queries';
