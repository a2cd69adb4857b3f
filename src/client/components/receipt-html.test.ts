import { describe, expect, it } from 'vitest';
import { DEFAULT_PRINTER_SETTINGS } from '../../shared/printer-settings';
import { lineTotal, receiptFromTicket, receiptHeader, receiptSubtotal, receiptTotal, sampleReceipt, type Receipt } from '../../shared/receipt';
import { EMPTY_TOTALS, type Ticket, type TicketLine } from '../../shared/ticket-contract';
import { receiptCss, receiptDocument, renderReceiptBody } from './receipt-html';

const receipt = sampleReceipt(new Date('2026-11-21T18:30:00Z'));
const layout = { ...DEFAULT_PRINTER_SETTINGS, restaurantInfo: { ...DEFAULT_PRINTER_SETTINGS.restaurantInfo, name: 'Demo Lokanta' } };
const text = (html: string) => {
  const div = document.createElement('div');
  div.innerHTML = html;
  return div.textContent ?? '';
};

describe('receipt model', () => {
  it('adds property prices to the unit price before multiplying by quantity', () => {
    expect(lineTotal({ name: 'Adana', quantity: 2, price: 38000, properties: [{ name: 'Porsiyon: 1,5', price: 19000 }] })).toBe(114000);
    expect(receiptSubtotal(receipt)).toBe(18000 + 57000 + 9000 + 23500);
    expect(receiptTotal(receipt)).toBe(receiptSubtotal(receipt) - 5000);
  });
});

const line = (over: Partial<TicketLine>): TicketLine => ({
  id: 'l', menuItemId: 'm', name: 'Adana Kebap', quantity: 1, unitPrice: 57000, options: [], note: null, status: 'served', station: 'Izgara',
  vatRate: 10, batchId: 'b', isComp: false, discount: null, total: 57000, addedAt: '2026-11-21T18:00:00Z', due: 57000, compReason: null,
  cancelReason: null, paymentId: null, course: null, isHeld: false, firedAt: null, ...over,
});
const billTicket: Ticket = {
  id: 't', number: 42, type: 'table', tableId: 'x', tableName: 'Bahçe 3', status: 'closed', guests: 2, waiterId: 'w', waiterName: 'Mehmet',
  customer: null, openedAt: '2026-11-21T18:00:00Z', billRequestedAt: null, state: 'free', version: 9,
  lines: [
    line({ id: 'a', options: [{ name: 'Porsiyon: 1,5', price: 19000 }, { name: 'Acılı', price: 0 }] }),
    line({ id: 'b', name: 'Ayran', unitPrice: 4500, total: 9000, quantity: 2, vatRate: 20, due: 9000 }),
    line({ id: 'c', name: 'Türk Kahvesi', unitPrice: 6000, total: 6000, isComp: true, compReason: 'Müdavim', due: 0 }),
    line({ id: 'd', name: 'Kola', unitPrice: 5000, total: 5000, status: 'cancelled', cancelReason: 'Yanlış sipariş', due: 0 }),
  ],
  totals: {
    ...EMPTY_TOTALS, subtotal: 72000, comps: 6000, cancelled: 5000, discounts: 5000, ticketDiscount: 5000, serviceChargePercent: 10,
    serviceCharge: 6100, vatByRate: [{ rate: 10, amount: 58000, vat: 5273 }, { rate: 20, amount: 9100, vat: 1517 }], vat: 6790, total: 67100,
    paid: 67100, change: 2900,
  },
  discount: { type: 'amount', value: 5000, label: 'Müdavim indirimi' },
  payments: [
    { id: 'p1', method: 'card', brand: null, amount: 40000, tip: 0, change: 0, customerName: null, lineIds: [], takenBy: null, takenByName: null, createdAt: '' },
    { id: 'p2', method: 'cash', brand: null, amount: 27100, tip: 0, change: 2900, customerName: null, lineIds: [], takenBy: null, takenByName: null, createdAt: '' },
  ],
  billNumber: 17, closedAt: '2026-11-21T19:00:00Z',
};
const billReceipt = receiptFromTicket(billTicket, new Date('2026-11-21T19:00:00Z'));

describe('bill receipt', () => {
  it('lists charged lines with add-ons apart, İkram and İptal for the record, and takes the totals from the server', () => {
    expect(billReceipt.items.map((l) => [l.name, l.quantity, l.price])).toEqual([['Adana Kebap', 1, 38000], ['Ayran', 2, 4500]]);
    expect(billReceipt.items[0].properties).toEqual([{ name: 'Porsiyon: 1,5', price: 19000 }, { name: 'Acılı', price: 0 }]);
    expect(billReceipt.complimentary).toEqual([{ item: 'Türk Kahvesi', quantity: 1, price: 6000 }]);
    expect(billReceipt.cancelled).toEqual([{ item: 'Kola', quantity: 1, price: 5000 }]);
    expect(receiptTotal(billReceipt)).toBe(67100);
    expect(billReceipt.bill?.payments).toEqual([{ label: 'Kredi Kartı', amount: 40000, change: 0 }, { label: 'Nakit', amount: 27100, change: 2900 }]);
  });

  it('a reopened bill paid again prints each payment with its own change under it, never the changes added up', () => {
    // first close: 95 TL paid with 200 TL (105 TL back); reopened, 250 TL more paid with 300 TL (50 TL back)
    const reopened: Ticket = {
      ...billTicket,
      totals: { ...billTicket.totals, total: 34500, paid: 34500, change: 15500 },
      payments: [
        { ...billTicket.payments[1], id: 'p1', amount: 9500, change: 10500 },
        { ...billTicket.payments[1], id: 'p2', amount: 25000, change: 5000 },
      ],
    };
    for (const template of ['classic', 'modern'] as const) {
      const t = text(renderReceiptBody(receiptFromTicket(reopened, new Date('2026-11-21T19:00:00Z')), layout, template));
      expect(t, template).toContain('Nakit95,00 TLPara Üstü105,00 TLNakit250,00 TLPara Üstü50,00 TL');
      expect(t, template).not.toContain('155,00 TL');
    }
  });

  it('classic: bill number, order type, İkram, discount, service charge, KDV per rate, payments, change and Mali değeri yoktur', () => {
    const t = text(renderReceiptBody(billReceipt, layout, 'classic'));
    for (const s of ['Hesap No: 17', 'Adisyon #42', 'Bahçe 3', 'Mehmet', 'Sipariş:Masa', 'Ara Toplam720,00 TL', 'İkram-60,00 TL',
      'İndirim (Müdavim indirimi)-50,00 TL', 'Servis Ücreti (%10)61,00 TL', 'TOPLAM671,00 TL', 'KDV %1052,73 TL', 'KDV %2015,17 TL',
      'İptal edilen50,00 TL', 'Kredi Kartı400,00 TL', 'Nakit271,00 TL', 'Para Üstü29,00 TL', 'Mali değeri yoktur']) {
      expect(t).toContain(s);
    }
  });

  it('a discount on lines only (no name of its own) prints as İndirim, not İndirim (İndirim)', () => {
    const lineDiscountOnly: Ticket = {
      ...billTicket,
      discount: null,
      lines: billTicket.lines.map((l) => (l.id === 'b' ? { ...l, discount: { type: 'percent', value: 10, label: '' }, due: 8100 } : l)),
      totals: { ...billTicket.totals, discounts: 900, ticketDiscount: 0 },
    };
    const t = text(renderReceiptBody(receiptFromTicket(lineDiscountOnly, new Date('2026-11-21T19:00:00Z')), layout, 'classic'));
    expect(t).toContain('İndirim-9,00 TL');
    expect(t).not.toContain('İndirim (');
  });

  it('modern and minimal also show the bill number, the real total, KDV and Mali değeri yoktur', () => {
    for (const template of ['modern', 'minimal'] as const) {
      const t = text(renderReceiptBody(billReceipt, layout, template));
      for (const s of ['Hesap No: 17', 'TOPLAM671,00 TL', 'KDV %1052,73 TL', 'Mali değeri yoktur']) expect(t, template).toContain(s);
    }
  });
});

describe('the bill header', () => {
  const profile = { name: 'Ayarlar Adı', address: 'Moda Cd. 5, Kadıköy', phone: '0216 555 00 00', taxOffice: 'Kadıköy', taxNumber: '1234567890' };

  it("takes Ayarlar's address, phone and tax details where filled, and prints them on the classic bill", () => {
    const header = receiptHeader(DEFAULT_PRINTER_SETTINGS, profile);
    expect(header).toMatchObject({ address: 'Moda Cd. 5, Kadıköy', phone: '0216 555 00 00', taxLine: 'V.D.: Kadıköy · VKN: 1234567890' });
    const { taxLine, ...restaurantInfo } = header;
    const t = text(renderReceiptBody(billReceipt, { ...layout, restaurantInfo, taxLine }, 'classic'));
    expect(t).toContain('V.D.: Kadıköy · VKN: 1234567890');
    expect(t).toContain('Moda Cd. 5, Kadıköy');
  });

  it("falls back to the printer settings' own address and phone, and prints no empty tax line", () => {
    const printer = { restaurantInfo: { name: 'Eski Ad', address: 'Bağdat Cad. 5', phone: '0216 333 44 55' } };
    const header = receiptHeader(printer, { ...profile, address: ' ', phone: '', taxOffice: '', taxNumber: '' });
    expect(header).toEqual({ name: 'Ayarlar Adı', address: 'Bağdat Cad. 5', phone: '0216 333 44 55', taxLine: '' });
  });

  it("never prints the spec's sample name, address and phone: the business's own details head the bill", () => {
    const demo = { name: 'Demo Lokanta', address: '', phone: '', taxOffice: '', taxNumber: '' };
    const header = receiptHeader(DEFAULT_PRINTER_SETTINGS, demo);
    expect(header).toEqual({ name: 'Demo Lokanta', address: '', phone: '', taxLine: '' });
    const { taxLine, ...restaurantInfo } = header;
    const t = text(renderReceiptBody(billReceipt, { ...layout, restaurantInfo, taxLine }, 'classic'));
    expect(t.startsWith('Demo Lokanta')).toBe(true);
    for (const sample of ['Restoran Adı', 'Örnek Mah.', '0212 000 00 00', 'Tel:']) expect(t).not.toContain(sample);
    // without Ayarlar's profile (not loaded yet), the sample is dropped too
    expect(receiptHeader(DEFAULT_PRINTER_SETTINGS, undefined)).toEqual({ name: '', address: '', phone: '', taxLine: '' });
  });

  it('escapes the tax line', () => {
    const html = renderReceiptBody(billReceipt, { ...layout, taxLine: '<img src=x onerror=alert(1)>' }, 'classic');
    expect(html).not.toContain('<img');
  });
});

/** The amounts the classic template prints for its item lines (line and add-on rows), in kuruş. */
function printedItemAmounts(html: string): number[] {
  const div = document.createElement('div');
  div.innerHTML = html;
  const children = [...div.children];
  const start = children.findIndex((r) => /^\d+ x /.test(r.firstElementChild?.textContent ?? ''));
  const end = children.findIndex((r, i) => i > start && r.tagName === 'HR'); // the item block ends at its rule
  return children
    .slice(start, end)
    .map((r) => r.lastElementChild?.textContent ?? '')
    .filter((amount) => amount !== '')
    .map((amount) => Math.round(Number(amount.replace(' TL', '').replace(/\./g, '').replace(',', '.')) * 100));
}

describe('a line with priced add-ons (Ayran 45 TL + Büyük 20 TL = 65 TL charged)', () => {
  const ayran = line({ id: 'y', name: 'Ayran', unitPrice: 6500, total: 6500, due: 6500, options: [{ name: 'Büyük', price: 2000 }] });
  const kunefe = line({ id: 'k', name: 'Künefe', quantity: 2, unitPrice: 23500, total: 47000, due: 47000, options: [{ name: 'Ekstra peynir', price: 1500 }, { name: 'Cevizli', price: 0 }] });
  const ticket: Ticket = { ...billTicket, lines: [ayran, kunefe], discount: null, totals: { ...EMPTY_TOTALS, subtotal: 53500, total: 53500, paid: 53500 } };
  const r = receiptFromTicket(ticket, new Date('2026-11-21T19:00:00Z'));

  it('classic prints the line at its own price and each add-on at its own, adding up to what is charged', () => {
    const html = renderReceiptBody(r, layout, 'classic');
    const t = text(html);
    expect(t).toContain('1 x Ayran45,00 TL');
    expect(t).toContain('+ Büyük20,00 TL');
    expect(t).not.toContain('1 x Ayran65,00 TL');
    expect(t).toContain('2 x Künefe440,00 TL');
    expect(t).toContain('+ Ekstra peynir30,00 TL');
    expect(printedItemAmounts(html).reduce((a, b) => a + b, 0)).toBe(53500);
  });

  it('the preview sample adds up the same way', () => {
    const html = renderReceiptBody(receipt, layout, 'classic');
    expect(printedItemAmounts(html).reduce((a, b) => a + b, 0)).toBe(receiptSubtotal(receipt));
  });

  it('modern and minimal (no add-on rows) print the whole line', () => {
    for (const template of ['modern', 'minimal'] as const) expect(text(renderReceiptBody(r, layout, template))).toContain('1 x Ayran65,00 TL');
  });
});

describe('receipt templates', () => {
  it('classic: table, waiter, date, lines with add-ons (price only above 0), subtotal, discount, comps, voids, total, footer', () => {
    const t = text(renderReceiptBody(receipt, layout, 'classic'));
    for (const s of ['Demo Lokanta', 'Masa:', 'Salon 5', 'Garson:', 'Ayşe', '21.11.2026 21:30', '2 x Mercimek Çorbası', '180,00 TL',
      '+ Porsiyon: 1,5', '190,00 TL', '1 x Adana Kebap380,00 TL', 'Ara Toplam', '1.075,00 TL', 'İndirim (Müdavim indirimi)', '-50,00 TL', 'İkram',
      '2 x Türk Kahvesi', 'İptal', '1 x Kola', 'TOPLAM', '1.025,00 TL', 'Afiyet Olsun', 'Mali değeri yoktur']) {
      expect(t).toContain(s);
    }
    // 'Acılı' costs nothing: its line shows the name and no amount.
    const html = renderReceiptBody(receipt, layout, 'classic');
    expect(html).toMatch(/\+ Acılı<\/span><span><\/span>/);
  });

  it('modern: the name as a logo, table with waiter, date and totals', () => {
    const html = renderReceiptBody(receipt, layout, 'modern');
    expect(html).toContain('class="r-logo-mark">D<');
    const t = text(html);
    expect(t).toContain('Salon 5 · Ayşe');
    expect(t).toContain('21.11.2026 21:30');
    expect(t).toContain('Ara Toplam');
    expect(t).toContain('TOPLAM1.025,00 TL');
    expect(t).not.toContain('Garson:');
  });

  it('minimal: a table and date line, items and a total only', () => {
    const t = text(renderReceiptBody(receipt, layout, 'minimal'));
    expect(t.startsWith('Salon 521.11.2026 21:30')).toBe(true);
    expect(t).toContain('1 x Künefe');
    expect(t).toContain('TOPLAM1.025,00 TL');
    expect(t).not.toContain('Ara Toplam');
    expect(t).not.toContain('Afiyet Olsun');
  });

  it("prints the date on the restaurant's clock (Ayarlar' time zone) in every template", () => {
    const abroad = { ...layout, timeZone: 'Europe/London' };
    for (const template of ['classic', 'modern', 'minimal'] as const) {
      const t = text(renderReceiptBody(receipt, abroad, template));
      expect(t).toContain('21.11.2026 18:30');
      expect(t).not.toContain('21:30');
    }
  });

  it('escapes every text it prints', () => {
    const evil = { ...layout, footerText: '<script>alert(1)</script>', restaurantInfo: { ...layout.restaurantInfo, name: '<b>x</b>' } };
    const html = renderReceiptBody(receipt, evil, 'classic');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('&lt;b&gt;x&lt;/b&gt;');
  });

  it('escapes markup in item and option names, comps, voids, table, waiter, discount label and address, in every template', () => {
    const attack = (where: string) => `<img src=x onerror="alert('${where}')"><b>${where}</b>`;
    const evil: Receipt = {
      ...receipt,
      tableName: attack('masa'),
      waiter: attack('garson'),
      items: receipt.items.map((line, i) => ({
        ...line,
        name: attack(`urun${i}`),
        properties: line.properties.map((p, j) => ({ ...p, name: attack(`secenek${i}-${j}`) })),
      })),
      complimentary: receipt.complimentary.map((l) => ({ ...l, item: attack('ikram') })),
      cancelled: receipt.cancelled.map((l) => ({ ...l, item: attack('iptal') })),
      discount: { ...receipt.discount, label: attack('indirim') },
      bill: { ...billReceipt.bill!, payments: [{ label: attack('odeme'), amount: 100, change: 0 }] },
      orderType: attack('tur'),
    };
    const evilLayout = {
      ...layout,
      restaurantInfo: { name: attack('restoran'), address: attack('adres'), phone: attack('telefon') },
      footerText: attack('alt'),
    };
    for (const template of ['classic', 'modern', 'minimal'] as const) {
      const div = document.createElement('div');
      div.innerHTML = renderReceiptBody(evil, evilLayout, template);
      expect(div.querySelector('img, b, script'), template).toBeNull();
      // What was typed shows as text, exactly.
      expect(div.textContent).toContain(attack('masa'));
      expect(div.textContent).toContain(attack('urun0'));
    }
    const classic = document.createElement('div');
    classic.innerHTML = renderReceiptBody(evil, evilLayout, 'classic');
    for (const where of ['garson', 'secenek1-0', 'ikram', 'iptal', 'indirim', 'adres', 'telefon', 'alt', 'odeme', 'tur']) {
      expect(classic.textContent).toContain(attack(where));
    }
  });

  it('sizes the paper in millimetres, margins as padding and the font in pixels', () => {
    const css = receiptCss({ ...layout, paperWidth: '58', fontSize: '14', margins: { top: '1', right: '2.5', bottom: '3', left: '4' } });
    expect(css).toContain('width:58mm');
    expect(css).toContain('padding:1mm 2.5mm 3mm 4mm');
    expect(css).toContain('font-size:14px');
    expect(receiptDocument(receipt, layout, 'classic')).toContain('@page{size:80mm auto');
  });
});
