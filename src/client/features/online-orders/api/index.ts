/*
 * The online-orders feature's front door: the inbox (the start-up reads it ahead for Online
 * Sipariş Takibi) and how many orders wait for an answer (the kitchen screen's ring).
 */
export { onlineOrdersQuery } from './online-orders-queries';
export { onlineOrdersWaitingQuery, useOnlineOrdersWaiting } from './online-orders-waiting';
