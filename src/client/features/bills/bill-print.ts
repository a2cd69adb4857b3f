import type { PrinterSettings } from '../../../shared/printer-settings';
import { receiptFromTicket, receiptHeader } from '../../../shared/receipt';
import type { RestaurantSettings } from '../../../shared/restaurant-settings';
import type { Ticket } from '../../../shared/ticket-contract';
import { deviceTemplate, printDocument, receiptDocument, type ReceiptLayout } from '../../components/receipt-html';

/**
 * The printed bill's layout: the printer settings (width, margins, font, footer, name); the address,
 * phone and tax details from Ayarlar when the owner filled them there, and its time zone for the date.
 */
export function billLayout(printer: PrinterSettings, settings: Pick<RestaurantSettings, 'profile' | 'timeZone'> | undefined): ReceiptLayout {
  const { taxLine, ...restaurantInfo } = receiptHeader(printer, settings?.profile);
  return { ...printer, restaurantInfo, taxLine, timeZone: settings?.timeZone };
}

/** The bill as a whole printable document in this device's template. */
export function billDocument(ticket: Ticket, layout: ReceiptLayout, now = new Date()): string {
  const title = ticket.billNumber !== null ? `Hesap ${ticket.billNumber}` : `Adisyon ${ticket.number}`;
  return receiptDocument(receiptFromTicket(ticket, ticket.closedAt ? new Date(ticket.closedAt) : now), layout, deviceTemplate(), title);
}

/** Hesabı Yazdır through the browser's print dialog; false when the window was blocked. */
export const printBill = (ticket: Ticket, layout: ReceiptLayout) => printDocument(billDocument(ticket, layout));

export const PRINT_BLOCKED = 'Yazdırma penceresi açılamadı. Tarayıcının açılır pencere iznini kontrol edin.';
