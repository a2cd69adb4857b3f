/*
 * The orders feature's front door: the open tickets and one ticket as other screens read them
 * (the Hesap shows the adisyon's own cache entry: one key, one shape).
 */
export { openTicketsQuery, ticketQuery } from './ticket-queries';
export { useTicketForWrites } from './ticket-for-writes';
