/* The kitchen feature's front door: the kitchen's reads (cards to make, history, ready dishes, alerts). */
export { kitchenAlertsQuery, kitchenHistoryQuery, kitchenOrdersQuery, readyLinesQuery } from './kitchen-queries';
