import { NET_SALES_DEFINITION } from '../../../../shared/sales-definitions';
import type { SalesReportResponse } from '../../../../shared/reports-contract';
import { receiptCss, type ReceiptLayout } from '../../../components/receipt-html';
import { compare } from './compare';
import { formatCount, formatTL } from './format';
import { periodText } from './period';

/**
 * The summary on paper: an A4 page through the browser's print dialog (its own print CSS), and a
 * receipt on the bill printer (the printer settings' width, margins and font, like a bill).
 * Every piece of text goes through `esc`.
 */

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

type Row = { label: string; value: string; change?: string; isTotal?: boolean };

/** The summary's lines, in the order the screen shows them; `change` against the previous period. */
export function summaryRows(report: SalesReportResponse): { figures: Row[]; vat: Row[]; payments: Row[]; types: Row[] } {
  const s = report.summary;
  const p = report.previous.summary;
  const money = (label: string, now: number, before: number, isTotal = false): Row => ({ label, value: formatTL(now), change: compare(now, before).text, isTotal });
  const count = (label: string, now: number, before: number): Row => ({ label, value: formatCount(now), change: compare(now, before).text });
  return {
    figures: [
      money('Brüt Satış', s.gross, p.gross),
      money('İndirim', s.discounts, p.discounts),
      money('İkram', s.comps, p.comps),
      { ...money('İptal', s.cancellations.amount, p.cancellations.amount), value: `${formatTL(s.cancellations.amount)} (${formatCount(s.cancellations.count)} adet)` },
      money('Servis Ücreti', s.serviceCharge, p.serviceCharge),
      money('İade', s.refunds, p.refunds),
      money('Net Satış', s.net, p.net, true),
      money('Bahşiş (satış dışı)', s.tips, p.tips),
      count('Hesap Sayısı', s.bills, p.bills),
      count('Kişi Sayısı', s.guests, p.guests),
      money('Ortalama Hesap', s.averageBill, p.averageBill),
      money('Kişi Başı Ortalama (masa satışları)', s.averagePerGuest, p.averagePerGuest),
    ],
    vat: s.vat.map((v) => ({ label: `KDV %${v.rate}`, value: `Matrah ${formatTL(v.base)} · KDV ${formatTL(v.tax)}` })),
    payments: report.payments.map((pay) => ({ label: `${pay.label} (${formatCount(pay.count)})`, value: formatTL(pay.amount) })),
    types: report.byType.map((t) => ({ label: `${t.label} (${formatCount(t.bills)} hesap)`, value: formatTL(t.net) })),
  };
}

const a4Table = (title: string, rows: Row[], withChange = false) =>
  rows.length === 0
    ? ''
    : `<h2>${esc(title)}</h2><table>${rows
        .map(
          (r) =>
            `<tr${r.isTotal ? ' class="total"' : ''}><th scope="row">${esc(r.label)}</th><td>${esc(r.value)}</td>${withChange ? `<td class="chg">${esc(r.change ?? '')}</td>` : ''}</tr>`,
        )
        .join('')}</table>`;

/** The A4 page: the period, the figures with their change, the net sales definition, KDV, payments and order types. */
export function summaryA4Document(report: SalesReportResponse, restaurantName: string, printedAt: string): string {
  const rows = summaryRows(report);
  const prev = periodText(report.previous);
  return `<!doctype html><html lang="tr"><head><meta charset="utf-8"><title>Satış Raporu ${esc(periodText(report))}</title><style>
@page{size:A4;margin:15mm}
body{font-family:Arial,Helvetica,sans-serif;font-size:11pt;color:#000;margin:0}
h1{font-size:16pt;margin:0 0 2mm}h2{font-size:12pt;margin:6mm 0 2mm}
p{margin:0 0 2mm}
table{width:100%;border-collapse:collapse}
th,td{padding:1.5mm 2mm;border-bottom:0.3mm solid #999;text-align:left;vertical-align:top}
td{text-align:right;white-space:nowrap}td.chg{font-size:9pt}
tr.total th,tr.total td{font-weight:700}
.def{font-size:9pt}
</style></head><body>
<h1>${esc(restaurantName)} · Satış Raporu</h1>
<p>Dönem: ${esc(periodText(report))} (iş günleri) · Karşılaştırma: ${esc(prev)}</p>
${a4Table('Özet', rows.figures, true)}
<p class="def">${esc(NET_SALES_DEFINITION)}</p>
${a4Table('KDV (oranlara göre)', rows.vat)}
${a4Table('Ödemeler', rows.payments)}
${a4Table('Sipariş türüne göre', rows.types)}
<p class="def">Yazdırıldı: ${esc(printedAt)} · Mali değeri yoktur</p>
</body></html>`;
}

const receiptRow = (left: string, right: string, cls = '') =>
  `<div class="r-row${cls ? ` ${cls}` : ''}"><span>${esc(left)}</span><span>${esc(right)}</span></div>`;
const rule = '<hr class="r-rule">';

/** The summary as a receipt on the bill printer (its paper width, margins and font). */
export function summaryReceiptDocument(report: SalesReportResponse, layout: ReceiptLayout, printedAt: string): string {
  const rows = summaryRows(report);
  const lines = (list: Row[]) => list.map((r) => receiptRow(r.label, r.value, r.isTotal ? 'r-total' : '')).join('');
  const body = [
    `<div class="r-center r-name">${esc(layout.restaurantInfo.name)}</div>`,
    `<div class="r-center">SATIŞ RAPORU</div>`,
    `<div class="r-center r-small">${esc(periodText(report))}</div>`,
    rule,
    lines(rows.figures),
    rule,
    rows.vat.length ? `<div class="r-section">KDV</div>${rows.vat.map((r) => receiptRow(r.label, r.value.replace('Matrah ', '').replace(' · KDV ', ' / '), 'r-small')).join('')}${rule}` : '',
    rows.payments.length ? `<div class="r-section">Ödemeler</div>${lines(rows.payments)}${rule}` : '',
    rows.types.length ? `<div class="r-section">Sipariş türü</div>${lines(rows.types)}${rule}` : '',
    `<div class="r-center r-small">Yazdırıldı: ${esc(printedAt)}</div>`,
    '<div class="r-center r-small">Mali değeri yoktur</div>',
  ].join('');
  return `<!doctype html><html lang="tr"><head><meta charset="utf-8"><title>Satış Raporu</title><style>@page{size:${layout.paperWidth}mm auto;margin:0}body{margin:0}${receiptCss(layout)}</style></head><body><div class="receipt">${body}</div></body></html>`;
}
