import { useMemo } from 'react';
import type { ReceiptTemplate } from '../../../shared/printer-settings';
import { sampleReceipt } from '../../../shared/receipt';
import { receiptCss, renderReceiptBody, type ReceiptLayout } from '../../components/receipt-html';

/** The live preview: the same markup the printer gets, at the paper's physical width. */
export function ReceiptPreview({ layout, template }: { layout: ReceiptLayout; template: ReceiptTemplate }) {
  const receipt = useMemo(() => sampleReceipt(new Date()), []);
  const html = renderReceiptBody(receipt, layout, template); // every text escaped inside
  return (
    <>
      <style>{receiptCss(layout, '.receipt-preview')}</style>
      <div
        className="receipt-preview"
        data-testid="receipt-preview"
        data-template={template}
        aria-label="Fiş önizlemesi"
        role="region"
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </>
  );
}
