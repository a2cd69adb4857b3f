import type { ReceiptTemplate } from '../../../shared/printer-settings';
import { sampleReceipt } from '../../../shared/receipt';
import { PRINT_CLOSE_DELAY_MS, printDocument, receiptDocument, type ReceiptLayout } from '../../components/receipt-html';

export const TEST_PRINT_CLOSE_DELAY_MS = PRINT_CLOSE_DELAY_MS;

/**
 * Spec section 7: no server call; a new window gets a sample receipt from the current width,
 * margins, font size, name and footer in the chosen template, prints, and closes 500 ms later.
 */
export function printTestReceipt(layout: ReceiptLayout, template: ReceiptTemplate = 'classic', win: Pick<Window, 'open'> = window): boolean {
  return printDocument(receiptDocument(sampleReceipt(new Date()), layout, template), win);
}
