/** The orders module's front door: what other modules and the app may use of it; they import nothing else. */
export { priceLines } from './price-lines';
export type { PricedLine } from './price-lines';
export { sendToKitchen } from './send-to-kitchen';
export { addLines, assertBillHolds, checkedBill, lockOpenTicket, lockOpenTicketWithContents, openTicket, openTicketOn, touchTicket, updateTicket } from './ticket-commands';
export type { LineRow } from './ticket-commands';
export { TICKET_MESSAGES } from './ticket-messages';
export { billOf, contentRows, LINE_ORDER, listOpenTickets, presentTicketRows, presentTickets, readTicket, staffNames } from './ticket-read.service';
export { ticketsRoutes } from './tickets.routes';
export { NO_STATION, cancelAllLines, insertChargeLine, insertPricedLines, markLinesPaid, setLineFields, splitLineRow, stampLinesForDemo, stepLines } from './line-writes';
export type { LineBillFields, LineStep } from './line-writes';
