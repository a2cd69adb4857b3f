import { DEFAULT_TIME_ZONE, formatDateTime } from '../../shared/domain/calendar';
import { formatTL } from '../../shared/domain/money';
import type { PrinterSettings, ReceiptTemplate } from '../../shared/printer-settings';
import { lineTotal, receiptSubtotal, receiptTotal, type Receipt } from '../../shared/receipt';

/**
 * Receipts are rendered as HTML strings so the on-screen preview and the print window show the
 * very same markup. Every piece of text goes through `esc`.
 */
export type ReceiptLayout = Pick<PrinterSettings, 'paperWidth' | 'fontSize' | 'margins' | 'footerText' | 'restaurantInfo'> & {
  /** the tax office and number from Ayarlar, on bills */
  taxLine?: string;
  /** Ayarlar' time zone: the slip's date is on the restaurant's clock (Istanbul when not given) */
  timeZone?: string;
};

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);


const row = (left: string, right: string, cls = '') =>
  `<div class="r-row${cls ? ` ${cls}` : ''}"><span>${left}</span><span>${right}</span></div>`;
const rule = '<hr class="r-rule">';

/**
 * With add-ons (classic), a line prints its own price and each add-on its own below it, so the
 * printed numbers add up to what the line costs (never the total above an add-on it already holds).
 */
function itemLines(r: Receipt, withProperties: boolean): string {
  return r.items
    .map((line) => {
      if (!withProperties) return row(`${line.quantity} x ${esc(line.name)}`, formatTL(lineTotal(line)));
      const head = row(`${line.quantity} x ${esc(line.name)}`, formatTL(line.price * line.quantity));
      const props = line.properties
        .map((p) => row(`&nbsp;&nbsp;+ ${esc(p.name)}`, p.price > 0 ? formatTL(p.price * line.quantity) : '', 'r-prop'))
        .join('');
      return head + props;
    })
    .join('');
}

const percent = (n: number) => `%${String(n).replace('.', ',')}`;

/** "İndirim (Müdavim)"; a discount without a name of its own prints as "İndirim", not "İndirim (İndirim)". */
const discountName = (label: string) => (label.trim() && label.trim() !== 'İndirim' ? `İndirim (${esc(label.trim())})` : 'İndirim');

/** A real bill's totals: what the server computed, KDV per rate, payments and change. */
function billTotals(r: Receipt, b: NonNullable<Receipt['bill']>, full: boolean): string {
  return [
    row('Ara Toplam', formatTL(b.subtotal)),
    b.comps > 0 ? row('İkram', `-${formatTL(b.comps)}`) : '',
    b.discounts > 0 ? row(discountName(r.discount.label), `-${formatTL(b.discounts)}`) : '',
    b.serviceCharge > 0 ? row(`Servis Ücreti (${percent(b.serviceChargePercent)})`, formatTL(b.serviceCharge)) : '',
    row('TOPLAM', formatTL(b.total), 'r-total'),
    b.vatByRate.map((v) => row(`KDV ${percent(v.rate)}`, formatTL(v.vat), 'r-small r-vat')).join(''),
    full && b.cancelled > 0 ? row('İptal edilen', formatTL(b.cancelled), 'r-small') : '',
    // each payment with the change it handed back, under it: a reopened bill's change is never summed
    full && b.payments.length
      ? rule + b.payments.map((p) => row(esc(p.label), formatTL(p.amount), 'r-pay') + (p.change > 0 ? row('Para Üstü', formatTL(p.change), 'r-pay') : '')).join('')
      : '',
    full && b.tips > 0 ? row('Bahşiş', formatTL(b.tips), 'r-small') : '',
  ].join('');
}

/** The bill number (and the adisyon's), when the receipt is a real bill. */
const billHead = (r: Receipt) =>
  r.bill
    ? row(r.bill.billNumber !== null ? `Hesap No: ${r.bill.billNumber}` : 'Hesap (kapanmadı)', `Adisyon #${r.bill.ticketNumber}`, 'r-small')
    : '';

function totals(r: Receipt): string {
  if (r.bill) return billTotals(r, r.bill, true);
  return [
    row('Ara Toplam', formatTL(receiptSubtotal(r))),
    r.discount.value > 0 ? row(discountName(r.discount.label), `-${formatTL(r.discount.value)}`) : '',
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

/** The slip's date on the restaurant's clock. */
const slipDate = (r: Receipt, l: ReceiptLayout) => formatDateTime(r.date, l.timeZone ?? DEFAULT_TIME_ZONE);

const templates: Record<ReceiptTemplate, (r: Receipt, l: ReceiptLayout) => string> = {
  classic: (r, l) =>
    [
      `<div class="r-center r-name">${esc(l.restaurantInfo.name)}</div>`,
      l.restaurantInfo.address ? `<div class="r-center r-small">${esc(l.restaurantInfo.address)}</div>` : '',
      l.restaurantInfo.phone ? `<div class="r-center r-small">Tel: ${esc(l.restaurantInfo.phone)}</div>` : '',
      l.taxLine ? `<div class="r-center r-small">${esc(l.taxLine)}</div>` : '',
      rule,
      billHead(r),
      row('Masa:', esc(r.tableName)),
      row('Garson:', esc(r.waiter)),
      r.bill ? row('Sipariş:', esc(r.orderType)) : '',
      row('Tarih:', slipDate(r, l)),
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
      billHead(r),
      row(`${esc(r.tableName)} · ${esc(r.waiter)}`, slipDate(r, l), 'r-small'),
      rule,
      itemLines(r, false),
      rule,
      totals(r),
      footer(l.footerText),
      r.bill ? nonFiscal : '',
    ].join(''),
  minimal: (r, l) =>
    [
      billHead(r),
      row(esc(r.tableName), slipDate(r, l)),
      rule,
      itemLines(r, false),
      rule,
      r.bill ? billTotals(r, r.bill, false) : row('TOPLAM', formatTL(receiptTotal(r)), 'r-total'),
      r.bill ? nonFiscal : '',
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

/** A whole printable document (the test print window, a bill). */
export function receiptDocument(receipt: Receipt, layout: ReceiptLayout, template: ReceiptTemplate, title = 'Test Yazdır'): string {
  return `<!doctype html><html lang="tr"><head><meta charset="utf-8"><title>${esc(title)}</title><style>@page{size:${layout.paperWidth}mm auto;margin:0}body{margin:0}${receiptCss(layout)}</style></head><body><div class="receipt">${renderReceiptBody(receipt, layout, template)}</div></body></html>`;
}

export const PRINT_CLOSE_DELAY_MS = 500;

/** Opens a window with the document, prints it and closes it; false when the browser blocked the window. */
export function printDocument(html: string, win: Pick<Window, 'open'> = window): boolean {
  const popup = win.open('', '_blank', 'width=420,height=640');
  if (!popup) return false;
  popup.document.open();
  popup.document.write(html);
  popup.document.close();
  popup.focus();
  popup.print();
  setTimeout(() => popup.close(), PRINT_CLOSE_DELAY_MS);
  return true;
}

const TEMPLATE_KEY = 'sofra.receipt.template';
const TEMPLATES: readonly ReceiptTemplate[] = ['classic', 'modern', 'minimal'];

/** The template chosen on this device (Yazıcı Ayarları); the printer document does not store it. */
export function deviceTemplate(): ReceiptTemplate {
  try {
    const saved = localStorage.getItem(TEMPLATE_KEY) as ReceiptTemplate | null;
    return saved && TEMPLATES.includes(saved) ? saved : 'classic';
  } catch {
    return 'classic';
  }
}
export function saveDeviceTemplate(template: ReceiptTemplate) {
  try {
    localStorage.setItem(TEMPLATE_KEY, template);
  } catch {
    // private mode: the choice lasts while the screen is open
  }
}
