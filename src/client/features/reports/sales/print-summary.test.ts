import { describe, expect, it } from 'vitest';
import type { SalesReportResponse, SalesSummary } from '../../../../shared/reports-contract';
import { NET_SALES_DEFINITION } from '../../../../shared/sales-definitions';
import { summaryA4Document, summaryReceiptDocument } from './print-summary';

const summary = (over: Partial<SalesSummary> = {}): SalesSummary => ({
  gross: 100000,
  discounts: 5000,
  comps: 2000,
  serviceCharge: 0,
  refunds: 0,
  net: 93000,
  tips: 1500,
  bills: 4,
  guests: 9,
  cancellations: { amount: 3000, count: 2 },
  averageBill: 23250,
  averagePerGuest: 10333,
  vat: [{ rate: 10, base: 84545, tax: 8455 }],
  ...over,
});

const report = {
  from: '2026-11-01',
  to: '2026-11-25',
  today: '2026-11-25',
  summary: summary(),
  previous: { from: '2026-10-07', to: '2026-10-31', summary: summary({ net: 80000 }) },
  payments: [{ method: 'meal_card', brand: 'Multinet', label: 'Yemek Kartı (Multinet)', amount: 94500, tips: 1500, count: 4 }],
  byType: [{ type: 'takeaway', label: 'Gel-Al', ...summary(), bills: 4 }],
  byDay: [],
  byHour: [],
  byCategory: [],
  byItem: [],
  byWaiter: [],
  bySection: [],
  exceptions: [],
  exceptionsTotal: 0,
  outlier: { median: 0, rule: '' },
  qrRequests: null,
} as unknown as SalesReportResponse;

const layout = {
  paperWidth: '80',
  fontSize: '12',
  margins: { top: '2', right: '2', bottom: '2', left: '2' },
  footerText: '',
  restaurantInfo: { name: 'Lokanta <Ayşe>', address: '', phone: '' },
} as Parameters<typeof summaryReceiptDocument>[1];

describe('the printed summary', () => {
  it('on A4: the period, net sales with its change and its definition, KDV, payments and order types', () => {
    const html = summaryA4Document(report, 'Lokanta <Ayşe>', '25.11.2026 23:10');
    expect(html).toContain('@page{size:A4');
    expect(html).toContain('Dönem: 01.11.2026 – 25.11.2026');
    expect(html).toContain('Karşılaştırma: 07.10.2026 – 31.10.2026');
    expect(html).toMatch(/Net Satış<\/th><td>930,00 TL<\/td><td class="chg">▲ \+%16,3 artış/);
    expect(html).toContain(NET_SALES_DEFINITION);
    expect(html).toContain('Matrah 845,45 TL · KDV 84,55 TL');
    expect(html).toContain('Yemek Kartı (Multinet) (4)');
    expect(html).toContain('Gel-Al (4 hesap)');
    expect(html).toContain('İptal</th><td>30,00 TL (2 adet)');
    // names are text, never markup
    expect(html).toContain('Lokanta &lt;Ayşe&gt;');
    expect(html).not.toContain('<Ayşe>');
  });

  it('as a receipt: the bill printer’s paper width and the same figures', () => {
    const html = summaryReceiptDocument(report, layout, '25.11.2026 23:10');
    expect(html).toContain('@page{size:80mm auto');
    expect(html).toContain('SATIŞ RAPORU');
    expect(html).toContain('<span>Net Satış</span><span>930,00 TL</span>');
    expect(html).toContain('Bahşiş (satış dışı)');
    expect(html).toContain('Mali değeri yoktur');
    expect(html).not.toContain('<Ayşe>');
  });
});
