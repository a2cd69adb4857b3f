import { formatTL } from '../../../shared/money';
import type { PrinterSettings, ReceiptTemplate } from '../../../shared/printer-settings';
import { lineTotal, receiptSubtotal, receiptTotal, type Receipt } from '../../../shared/receipt';

/**
 * Receipts are rendered as HTML strings so the on-screen preview and the print window show the
 * very same markup. Every piece of text goes through `esc`.
 */
export type ReceiptLayout = Pick<PrinterSettings, 'paperWidth' | 'fontSize' | 'margins' | 'footerText' | 'restaurantInfo'>;

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const dateFormat = new Intl.DateTimeFormat('tr-TR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Istanbul' });
export const formatReceiptDate = (d: Date) => dateFormat.format(d);

const row = (left: string, right: string, cls = '') =>
  `<div class="r-row${cls ? ` ${cls}` : ''}"><span>${left}</span><span>${right}</span></div>`;
const rule = '<hr class="r-rule">';

function itemLines(r: Receipt, withProperties: boolean): string {
  return r.items
    .map((line) => {
      const head = row(`${line.quantity} x ${esc(line.name)}`, formatTL(lineTotal(line)));
      if (!withProperties) return head;
      const props = line.properties
        .map((p) => row(`&nbsp;&nbsp;+ ${esc(p.name)}`, p.price > 0 ? formatTL(p.price) : '', 'r-prop'))
        .join('');
      return head + props;
    })
    .join('');
}

function totals(r: Receipt): string {
  return [
    row('Ara Toplam', formatTL(receiptSubtotal(r))),
    r.discount.value > 0 ? row(`İndirim (${esc(r.discount.label)})`, `-${formatTL(r.discount.value)}`) : '',
    row('TOPLAM', formatTL(receiptTotal(r)), 'r-total'),
  ].join('');
}

function adjustments(title: string, lines: Receipt['complimentary']): string {
  if (!lines.length) return '';
  return `<div class="r-section">${esc(title)}</div>${lines
    .map((l) => row(`${l.quantity} x ${esc(l.item)}`, formatTL(l.price * l.quantity), 'r-prop'))
    .join('')}`;
}

const footer = (text: string) => (text.trim() ? `<div class="r-center r-footer">${esc(text)}</div>` : '');
const nonFiscal = '<div class="r-center r-small">Mali değeri yoktur</div>';

const templates: Record<ReceiptTemplate, (r: Receipt, l: ReceiptLayout) => string> = {
  classic: (r, l) =>
    [
      `<div class="r-center r-name">${esc(l.restaurantInfo.name)}</div>`,
      l.restaurantInfo.address ? `<div class="r-center r-small">${esc(l.restaurantInfo.address)}</div>` : '',
      l.restaurantInfo.phone ? `<div class="r-center r-small">Tel: ${esc(l.restaurantInfo.phone)}</div>` : '',
      rule,
      row('Masa:', esc(r.tableName)),
      row('Garson:', esc(r.waiter)),
      row('Tarih:', formatReceiptDate(r.date)),
      rule,
      itemLines(r, true),
      rule,
      adjustments('İkram', r.complimentary),
      adjustments('İptal', r.cancelled),
      r.complimentary.length || r.cancelled.length ? rule : '',
      totals(r),
      rule,
      footer(l.footerText),
      nonFiscal,
    ].join(''),
  modern: (r, l) =>
    [
      `<div class="r-logo"><span class="r-logo-mark">${esc(l.restaurantInfo.name.trim().charAt(0).toLocaleUpperCase('tr-TR'))}</span><span class="r-name">${esc(l.restaurantInfo.name)}</span></div>`,
      row(`${esc(r.tableName)} · ${esc(r.waiter)}`, formatReceiptDate(r.date), 'r-small'),
      rule,
      itemLines(r, false),
      rule,
      totals(r),
      footer(l.footerText),
    ].join(''),
  minimal: (r) =>
    [
      row(esc(r.tableName), formatReceiptDate(r.date)),
      rule,
      itemLines(r, false),
      rule,
      row('TOPLAM', formatTL(receiptTotal(r)), 'r-total'),
    ].join(''),
};

export function renderReceiptBody(receipt: Receipt, layout: ReceiptLayout, template: ReceiptTemplate): string {
  return templates[template](receipt, layout);
}

const mm = (v: string) => `${Number(v) || 0}mm`;

/** Styles for a `.receipt` element: physical paper width in mm, margins as padding, font in px. */
export function receiptCss(layout: ReceiptLayout, scope = '.receipt'): string {
  const { top, right, bottom, left } = layout.margins;
  return `
${scope}{box-sizing:border-box;width:${layout.paperWidth}mm;padding:${mm(top)} ${mm(right)} ${mm(bottom)} ${mm(left)};font-family:'Courier New',monospace;font-size:${Number(layout.fontSize) || 12}px;line-height:1.35;color:#000;background:#fff}
${scope} .r-row{display:flex;justify-content:space-between;gap:6px}
${scope} .r-row span:last-child{white-space:nowrap;text-align:right}
${scope} .r-prop{font-size:.9em}
${scope} .r-center{text-align:center}
${scope} .r-name{font-weight:700;font-size:1.2em}
${scope} .r-small{font-size:.85em}
${scope} .r-section{font-weight:700;margin-top:2px}
${scope} .r-total{font-weight:700;font-size:1.15em;margin-top:2px}
${scope} .r-footer{margin-top:6px;font-style:italic}
${scope} .r-rule{border:0;border-top:1px dashed #000;margin:4px 0}
${scope} .r-logo{display:flex;align-items:center;justify-content:center;gap:6px;margin-bottom:4px}
${scope} .r-logo-mark{display:inline-grid;place-items:center;width:2em;height:2em;border-radius:50%;background:#000;color:#fff;font-weight:700}`;
}

/** A whole printable document (the test print window). */
export function receiptDocument(receipt: Receipt, layout: ReceiptLayout, template: ReceiptTemplate): string {
  return `<!doctype html><html lang="tr"><head><meta charset="utf-8"><title>Test Yazdır</title><style>@page{size:${layout.paperWidth}mm auto;margin:0}body{margin:0}${receiptCss(layout)}</style></head><body><div class="receipt">${renderReceiptBody(receipt, layout, template)}</div></body></html>`;
}
