import { sampleReceipt } from '../../../shared/receipt';
import { receiptDocument, type ReceiptLayout } from './receipt-html';

export const TEST_PRINT_CLOSE_DELAY_MS = 500;

/**
 * Spec section 7: no server call; a new window gets a sample receipt from the current width,
 * margins, font size, name and footer, prints, and closes 500 ms later.
 */
export function printTestReceipt(layout: ReceiptLayout, win: Pick<Window, 'open'> = window): boolean {
  const popup = win.open('', '_blank', 'width=420,height=640');
  if (!popup) return false;
  popup.document.open();
  popup.document.write(receiptDocument(sampleReceipt(new Date()), layout, 'classic'));
  popup.document.close();
  popup.focus();
  popup.print();
  setTimeout(() => popup.close(), TEST_PRINT_CLOSE_DELAY_MS);
  return true;
}
