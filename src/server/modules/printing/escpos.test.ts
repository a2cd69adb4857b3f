import { describe, expect, it } from 'vitest';
import { formatTL } from '../../../shared/domain/money';
import { receiptFromTicket } from '../../../shared/receipt';
import { EMPTY_TOTALS, type Ticket, type TicketLine } from '../../../shared/ticket-contract';
import { billBytes } from './escpos';
import { decodeCp857 } from './printing-test-kit';

const line = (over: Partial<TicketLine>): TicketLine => ({
  id: 'l', menuItemId: 'm', name: 'Ayran', quantity: 1, unitPrice: 6500, options: [], note: null, status: 'served', station: 'Bar',
  vatRate: 10, batchId: 'b', isComp: false, discount: null, total: 6500, addedAt: '', due: 6500, compReason: null, cancelReason: null,
  paymentId: null, course: null, isHeld: false, firedAt: null, ...over,
});
const ticket: Ticket = {
  id: 't', number: 5, type: 'table', tableId: 'x', tableName: 'Salon 2', status: 'open', guests: 2, waiterId: 'w', waiterName: 'Ayşe',
  customer: null, openedAt: '2026-11-21T18:00:00Z', billRequestedAt: null, state: 'open', version: 3,
  lines: [
    line({ id: 'a', options: [{ name: 'Büyük', price: 2000 }] }),
    line({ id: 'b', name: 'Künefe', quantity: 2, unitPrice: 23500, total: 47000, due: 47000, options: [{ name: 'Ekstra peynir', price: 1500 }, { name: 'Cevizli', price: 0 }] }),
  ],
  totals: { ...EMPTY_TOTALS, subtotal: 53500, total: 53500, remaining: 53500 },
  discount: null, payments: [], billNumber: null, closedAt: null,
};

const amount = (text: string) => Number(text.replace(' TL', '').replace(/\./g, '').replace(',', '.')) * 100;

describe('the ESC/POS bill', () => {
  it('prints a line at its own price and each add-on at its own, adding up to what is charged', () => {
    const header = { name: 'Demo Lokanta', address: '', phone: '', taxLine: '', footer: 'Afiyet Olsun' };
    const text = decodeCp857(Buffer.from(billBytes(receiptFromTicket(ticket, new Date('2026-11-21T19:00:00Z')), header, { paperWidth: '80', timeZone: 'Europe/Istanbul' })));
    // control bytes decode as spaces or '?': the rows are read from their printable part
    const rows = text.split('\n').map((r) => r.replace(/^\s*t /, ''));
    const first = rows.findIndex((r) => r.startsWith('1 x Ayran'));
    const block = rows.slice(first, rows.findIndex((r) => r.startsWith('Ara Toplam')));
    expect(rows[first]).toMatch(/1 x Ayran\s+45,00 TL$/);
    expect(text).toMatch(/\+ Büyük\s+20,00 TL/);
    expect(text).toMatch(/2 x Künefe\s+440,00 TL/);
    expect(text).toMatch(/\+ Ekstra peynir\s+30,00 TL/);
    const printed = block.map((r) => /(\d[\d.]*,\d\d TL)\s*$/.exec(r)?.[1]).filter((m): m is string => !!m).map(amount);
    expect(printed.reduce((a, b) => a + b, 0)).toBe(53500);
    expect(text).toMatch(new RegExp(`Ara Toplam\\s+${formatTL(53500).replace('.', '\\.')}`));
  });
});
