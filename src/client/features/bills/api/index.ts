/* The bills feature's front door: the closed bills, one closed bill and what was refunded of it. */
export { billDetailQuery, closedBillsQuery } from './bill-queries';
export { billRefundsQuery } from './bill-refunds';
