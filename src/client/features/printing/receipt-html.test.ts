import { describe, expect, it } from 'vitest';
import { DEFAULT_PRINTER_SETTINGS } from '../../../shared/printer-settings';
import { lineTotal, receiptSubtotal, receiptTotal, sampleReceipt, type Receipt } from '../../../shared/receipt';
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

describe('receipt templates', () => {
  it('classic: table, waiter, date, lines with add-ons (price only above 0), subtotal, discount, comps, voids, total, footer', () => {
    const t = text(renderReceiptBody(receipt, layout, 'classic'));
    for (const s of ['Demo Lokanta', 'Masa:', 'Salon 5', 'Garson:', 'Ayşe', '21.11.2026 21:30', '2 x Mercimek Çorbası', '180,00 TL',
      '+ Porsiyon: 1,5', '190,00 TL', 'Ara Toplam', '1.075,00 TL', 'İndirim (Müdavim indirimi)', '-50,00 TL', 'İkram',
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
    for (const where of ['garson', 'secenek1-0', 'ikram', 'iptal', 'indirim', 'adres', 'telefon', 'alt']) {
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
