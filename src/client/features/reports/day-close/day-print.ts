import { CASH_MOVEMENT_LABELS, chainHeadText, differenceWord, type DayCloseReport } from '../../../../shared/day-close-contract';
import { formatDateTime } from '../../../../shared/domain/calendar';
import { formatTL } from '../../../../shared/domain/money';
import { NET_SALES_DEFINITION } from '../../../../shared/sales-definitions';
import { TICKET_TYPE_LABELS } from '../../../../shared/ticket-contract';
import { PAYMENT_METHOD_LABELS } from '../../../../shared/domain/payment-methods';
import { receiptCss, type ReceiptLayout } from '../../../components/receipt-html';

/**
 * The Gün Sonu report on paper: A4 through the browser's print dialog, and a receipt on the bill
 * printer (its width, margins and font, like a bill). Every piece of text goes through `esc`.
 */
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const dayText = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
const when = (iso: string | null, timeZone: string) => (iso ? formatDateTime(iso, timeZone) : '');

/** "+10,00 TL Fazla" / "−5,00 TL Eksik" / "0,00 TL Fark yok": sign and word, never colour alone. */
export function differenceText(difference: number): string {
  const sign = difference > 0 ? '+' : difference < 0 ? '−' : '';
  return `${sign}${formatTL(Math.abs(difference))} ${differenceWord(difference)}`;
}

export const FLOAT_SOURCE_LABELS = { entered: 'girildi', carried: 'önceki gün sonundan devir', none: 'girilmedi' } as const;

type Row = [string, string, boolean?];

/** The report's rows, in the order the screen and the paper show them. */
export function dayRows(r: DayCloseReport) {
  const s = r.summary;
  const c = r.cash;
  const figures: Row[] = [
    ['Brüt Satış', formatTL(s.gross)],
    ['İndirim', formatTL(s.discounts)],
    ['İkram', formatTL(s.comps)],
    ['İptal', `${formatTL(s.cancellations)} (${s.cancellationCount} adet)`],
    ['Servis Ücreti', formatTL(s.serviceCharge)],
    ['İade', formatTL(s.refunds)],
    ['Net Satış', formatTL(s.net), true],
    ['Bahşiş (satış dışı)', formatTL(s.tips)],
    ['Hesap Sayısı', String(s.bills)],
    ['Kişi Sayısı', String(s.guests)],
    ['Ortalama Hesap', formatTL(s.averageBill)],
  ];
  const cash: Row[] = [
    [`Kasa açılışı (${FLOAT_SOURCE_LABELS[c.openingFloatSource]})`, formatTL(c.openingFloat)],
    ['Nakit satış', formatTL(c.cashSales)],
    ['Kasa girişi', formatTL(c.cashIn)],
    ['Kasa çıkışı', `−${formatTL(c.cashOut)}`],
    ['Nakit iade', `−${formatTL(c.cashRefunds)}`],
    ['Beklenen nakit', formatTL(c.expected), true],
    ...(c.counted === null ? [] : ([['Sayılan nakit', formatTL(c.counted), true]] as Row[])),
    ...(c.difference === null ? [] : ([['Fark', differenceText(c.difference), true]] as Row[])),
  ];
  const payments: Row[] = r.payments.map((p) => [`${PAYMENT_METHOD_LABELS[p.method]}${p.brand ? ` · ${p.brand}` : ''} (${p.count})`, formatTL(p.amount)]);
  const vat: Row[] = s.vat.map((v) => [`KDV %${v.rate}`, `Matrah ${formatTL(v.base)} · KDV ${formatTL(v.tax)}`]);
  const movements: Row[] = r.movements.map((m) => [`${CASH_MOVEMENT_LABELS[m.kind]}${m.reason ? ` · ${m.reason}` : ''}`, formatTL(m.amount)]);
  const refunds: Row[] = r.refunds.map((x) => [`Hesap No ${x.billNumber ?? '—'} · ${PAYMENT_METHOD_LABELS[x.method]} · ${x.reason}`, formatTL(x.amount)]);
  // Gel-Al / Paket Servis have no table: their type names them, as in step 1 of Gün Sonu
  const carried: Row[] = r.openTickets.map((t) => [`${t.tableName ?? TICKET_TYPE_LABELS[t.type]} #${t.number}${t.waiterName ? ` · ${t.waiterName}` : ''}`, formatTL(t.total)]);
  return { figures, cash, payments, vat, movements, refunds, carried };
}

export const reportTitle = (r: DayCloseReport) => (r.number === null ? `Gün Sonu (önizleme) ${dayText(r.businessDay)}` : `Gün Sonu No ${r.number} · ${dayText(r.businessDay)}`);

function headerLines(r: DayCloseReport, timeZone: string): string[] {
  return [
    r.fromDay !== r.businessDay ? `İş günleri: ${dayText(r.fromDay)} – ${dayText(r.businessDay)}` : `İş günü: ${dayText(r.businessDay)}`,
    `Hesap No: ${r.firstBillNumber === null ? '—' : `${r.firstBillNumber} – ${r.lastBillNumber}`}`,
    ...(r.closedAt ? [`Kapanış: ${when(r.closedAt, timeZone)}${r.closedByName ? ` · ${r.closedByName}` : ''}`] : []),
    ...(r.note ? [`Not: ${r.note}`] : []),
  ];
}

const a4Table = (title: string, rows: Row[]) =>
  rows.length === 0
    ? ''
    : `<h2>${esc(title)}</h2><table>${rows.map(([l, v, bold]) => `<tr${bold ? ' class="total"' : ''}><th scope="row">${esc(l)}</th><td>${esc(v)}</td></tr>`).join('')}</table>`;

export function dayA4Document(r: DayCloseReport, restaurantName: string, timeZone: string): string {
  const rows = dayRows(r);
  return `<!doctype html><html lang="tr"><head><meta charset="utf-8"><title>${esc(reportTitle(r))}</title><style>
@page{size:A4;margin:15mm}
body{font-family:Arial,Helvetica,sans-serif;font-size:11pt;color:#000;margin:0}
h1{font-size:16pt;margin:0 0 2mm}h2{font-size:12pt;margin:6mm 0 2mm}p{margin:0 0 2mm}
table{width:100%;border-collapse:collapse}
th,td{padding:1.5mm 2mm;border-bottom:0.3mm solid #999;text-align:left;vertical-align:top}
td{text-align:right;white-space:nowrap}tr.total th,tr.total td{font-weight:700}.def{font-size:9pt}
</style></head><body>
<h1>${esc(restaurantName)} · ${esc(reportTitle(r))}</h1>
${headerLines(r, timeZone).map((l) => `<p>${esc(l)}</p>`).join('')}
${a4Table('Özet', rows.figures)}
<p class="def">${esc(NET_SALES_DEFINITION)}</p>
${a4Table('Kasa sayımı', rows.cash)}
${a4Table('Ödemeler', rows.payments)}
${a4Table('KDV (oranlara göre)', rows.vat)}
${a4Table('Kasa hareketleri', rows.movements)}
${a4Table('İadeler', rows.refunds)}
${a4Table('Sonraki güne devredilen adisyonlar', rows.carried)}
${r.hash ? `<p class="def">Mühür: ${esc(r.hash)}</p>` : ''}
${r.chainHead ? `<p class="def">Zincir başı: ${esc(chainHeadText(r.chainHead))}</p>` : ''}
<p class="def">Mali değeri yoktur</p>
</body></html>`;
}

const receiptRow = ([left, right, bold]: Row) => `<div class="r-row${bold ? ' r-total' : ''}"><span>${esc(left)}</span><span>${esc(right)}</span></div>`;
const rule = '<hr class="r-rule">';

export function dayReceiptDocument(r: DayCloseReport, layout: ReceiptLayout, timeZone: string): string {
  const rows = dayRows(r);
  const section = (title: string, list: Row[]) => (list.length ? `<div class="r-section">${esc(title)}</div>${list.map(receiptRow).join('')}${rule}` : '');
  const body = [
    `<div class="r-center r-name">${esc(layout.restaurantInfo.name)}</div>`,
    `<div class="r-center">${esc(reportTitle(r).toLocaleUpperCase('tr-TR'))}</div>`,
    ...headerLines(r, timeZone).map((l) => `<div class="r-center r-small">${esc(l)}</div>`),
    rule,
    rows.figures.map(receiptRow).join(''),
    rule,
    section('Kasa sayımı', rows.cash),
    section('Ödemeler', rows.payments),
    section('KDV', rows.vat),
    section('Kasa hareketleri', rows.movements),
    section('İadeler', rows.refunds),
    section('Devredilen adisyonlar', rows.carried),
    r.hash ? `<div class="r-center r-small">Mühür: ${esc(r.hash.slice(0, 16))}…</div>` : '',
    r.chainHead ? `<div class="r-center r-small">Zincir başı: ${esc(chainHeadText(r.chainHead))}</div>` : '',
    '<div class="r-center r-small">Mali değeri yoktur</div>',
  ].join('');
  return `<!doctype html><html lang="tr"><head><meta charset="utf-8"><title>${esc(reportTitle(r))}</title><style>@page{size:${layout.paperWidth}mm auto;margin:0}body{margin:0}${receiptCss(layout)}</style></head><body><div class="receipt">${body}</div></body></html>`;
}
