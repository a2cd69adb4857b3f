import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { formatTL } from '../../../shared/domain/money';
import type { PaperWidth } from '../../../shared/printer-settings';
import { type Receipt } from '../../../shared/receipt';
import { TICKET_TYPE_LABELS, type Ticket } from '../../../shared/ticket-contract';

/**
 * ESC/POS bytes for network thermal printers. Code page 857 (DOS Turkish) carries ç ğ ı İ ö ş ü;
 * the encoder selects it once (ESC t) and writes every letter as its cp857 byte. The lira sign is
 * not in cp857, so amounts print as "1.250,50 TL" (the receipts' own form anyway).
 */
const COLUMNS: Record<PaperWidth, number> = { '58': 32, '80': 48 };

function encoderFor(paperWidth: PaperWidth) {
  // 'epson' maps cp857 to ESC t 13, what Epson-compatible printers (most 58/80 mm ones) expect
  return new ReceiptPrinterEncoder({ language: 'esc-pos', columns: COLUMNS[paperWidth], codepageMapping: 'epson', newline: '\n' })
    .initialize()
    .codepage('cp857');
}

const when = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat('tr-TR', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(date);

/** Two columns: text on the left, an amount on the right, the text wrapped when long. */
function row(e: ReceiptPrinterEncoder, columns: number, left: string, right: string) {
  const rightWidth = Math.max(right.length, 12);
  e.table(
    [
      { width: columns - rightWidth - 1, marginRight: 1, align: 'left' },
      { width: rightWidth, align: 'right' },
    ],
    [[left, right]],
  );
}

export interface BillHeader {
  name: string;
  address: string;
  phone: string;
  taxLine: string;
  footer: string;
}

/** The bill (hesap) from the receipt model every printed bill uses (src/shared/receipt.ts). */
export function billBytes(r: Receipt, header: BillHeader, opts: { paperWidth: PaperWidth; timeZone: string }): Uint8Array {
  const columns = COLUMNS[opts.paperWidth];
  const e = encoderFor(opts.paperWidth);
  e.align('center').bold(true).line(header.name).bold(false);
  for (const text of [header.address, header.phone, header.taxLine]) if (text.trim()) e.line(text.trim());
  e.align('left').rule();
  if (r.bill) row(e, columns, r.bill.billNumber !== null ? `Hesap No: ${r.bill.billNumber}` : `Adisyon No: ${r.bill.ticketNumber}`, '');
  row(e, columns, `${r.orderType}: ${r.tableName}`, '');
  if (r.waiter) row(e, columns, `Garson: ${r.waiter}`, '');
  row(e, columns, `Tarih: ${when(r.date, opts.timeZone)}`, '');
  e.rule();
  // The line at its own price, each add-on at its own: the printed amounts add up to what is charged.
  for (const l of r.items) {
    row(e, columns, `${l.quantity} x ${l.name}`, formatTL(l.price * l.quantity));
    for (const p of l.properties) row(e, columns, `  + ${p.name}`, p.price > 0 ? formatTL(p.price * l.quantity) : '');
  }
  for (const c of r.complimentary) row(e, columns, `İkram: ${c.quantity} x ${c.item}`, formatTL(0));
  for (const c of r.cancelled) row(e, columns, `İptal: ${c.quantity} x ${c.item}`, '');
  e.rule();
  const b = r.bill;
  if (b) {
    row(e, columns, 'Ara Toplam', formatTL(b.subtotal));
    if (b.discounts > 0) row(e, columns, r.discount.label || 'İndirim', `-${formatTL(b.discounts)}`);
    if (b.serviceCharge > 0) row(e, columns, `Servis (%${b.serviceChargePercent})`, formatTL(b.serviceCharge));
    e.bold(true);
    row(e, columns, 'TOPLAM', formatTL(b.total));
    e.bold(false);
    for (const v of b.vatByRate) row(e, columns, `KDV %${v.rate}`, formatTL(v.vat));
    if (b.payments.length > 0) e.rule();
    // each payment with its own change under it (a reopened bill's earlier change is not summed in)
    for (const p of b.payments) {
      row(e, columns, p.label, formatTL(p.amount));
      if (p.change > 0) row(e, columns, 'Para Üstü', formatTL(p.change));
    }
  }
  e.rule().align('center');
  if (header.footer.trim()) for (const text of header.footer.trim().split('\n')) e.line(text);
  e.line('Mali değeri yoktur');
  return e.cut().encode();
}

/** What the kitchen gets for one station of one Mutfağa Gönder. */
export interface KitchenSlip {
  station: string;
  ticket: Pick<Ticket, 'number' | 'type' | 'tableName' | 'customer' | 'waiterName'>;
  /** 1 for the first send of the ticket; more is an addition (ek sipariş) */
  sequence: number;
  sentAt: Date;
  lines: (Pick<Ticket['lines'][number], 'name' | 'quantity' | 'options' | 'note'> & Partial<Pick<Ticket['lines'][number], 'course' | 'isHeld' | 'status'>>)[];
  /** a slip printed when the waiter fired this held course ("Ana yemek başlat") */
  firedCourse?: string;
}

export function kitchenBytes(slip: KitchenSlip, opts: { paperWidth: PaperWidth; timeZone: string }): Uint8Array {
  const e = encoderFor(opts.paperWidth);
  const t = slip.ticket;
  const where = t.type === 'table' ? (t.tableName ?? '') : `${TICKET_TYPE_LABELS[t.type]}${t.customer?.name ? ` - ${t.customer.name}` : ''}`;
  e.align('center').bold(true).line(slip.station.toLocaleUpperCase('tr')).bold(false);
  e.width(2).height(2).line(where).width(1).height(1);
  if (slip.firedCourse) e.bold(true).width(2).height(2).line(`${slip.firedCourse.toLocaleUpperCase('tr')} BAŞLADI`).width(1).height(1).bold(false);
  else if (slip.sequence > 1) e.bold(true).line(`EK SİPARİŞ (${slip.sequence}. gönderim)`).bold(false);
  e.align('left').rule();
  e.line(`Adisyon No: ${t.number}`);
  if (t.waiterName) e.line(`Garson: ${t.waiterName}`);
  e.line(`Saat: ${when(slip.sentAt, opts.timeZone)}`);
  e.rule();
  for (const l of slip.lines) {
    e.bold(true).width(2).height(2).line(`${l.quantity} x ${l.name}`).width(1).height(1).bold(false);
    for (const o of l.options) e.line(`   - ${o.name}`);
    if (l.note) e.line(`   Not: ${l.note}`);
    // a held course is on the slip so the cook can plan, but says plainly not to start it
    if (l.isHeld && l.status === 'sent') e.bold(true).line(`   BEKLİYOR: ${l.course ?? ''} - başlatılınca hazırlayın`).bold(false);
  }
  e.rule();
  return e.cut().encode();
}
