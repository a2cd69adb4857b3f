import { describe, expect, it } from 'vitest';
import type { TicketLine } from '../../../shared/ticket-contract';
import { defaultRestaurantSettings } from '../../../shared/restaurant-settings';
import { businessDay, trDay } from '../../../shared/domain/calendar';
import { canAdjust, cashChange, lineMarks, readDiscount, readPayment, reasonsFor, type PaymentForm } from './bill-logic';
import { cashShortfall } from './payment-logic';

const line = (over: Partial<TicketLine>): TicketLine => ({
  id: 'l', menuItemId: 'm', name: 'Çay', quantity: 1, unitPrice: 2000, options: [], note: null, status: 'served', station: 'Bar', vatRate: 10,
  batchId: 'b', isComp: false, discount: null, total: 2000, addedAt: '', due: 2000, compReason: null, cancelReason: null, paymentId: null, course: null, isHeld: false, firedAt: null, ...over,
});
const form = (over: Partial<PaymentForm>): PaymentForm => ({ method: 'cash', amount: '100,00', given: '', tip: '', brand: '', customerName: '', ...over });

describe('bill logic', () => {
  it('names every mark of a line in words: İptal and İkram with their reasons, the discount, paid', () => {
    expect(lineMarks(line({ status: 'cancelled', cancelReason: 'Yanlış sipariş' }))).toEqual(['İptal: Yanlış sipariş']);
    expect(lineMarks(line({ isComp: true, compReason: 'Müdavim' }))).toEqual(['İkram: Müdavim']);
    expect(lineMarks(line({ discount: { type: 'percent', value: 10, label: 'Öğrenci' }, paymentId: 'p' }))).toEqual(['İndirim: Öğrenci (%10)', 'Ödendi']);
  });

  it('offers İkram, İndirim and İptal only on sent, live, unpaid lines', () => {
    expect(canAdjust(line({}))).toBe(true);
    expect(canAdjust(line({ status: 'pending' }))).toBe(false);
    expect(canAdjust(line({ status: 'cancelled' }))).toBe(false);
    expect(canAdjust(line({ paymentId: 'p' }))).toBe(false);
  });

  it('reads a discount typed in TL as kuruş, a percentage as a whole number, and refuses nonsense in Turkish', () => {
    expect(readDiscount({ type: 'amount', value: '50,00', label: ' Müdavim ' })).toEqual({ ok: true, value: { type: 'amount', value: 5000, label: 'Müdavim' } });
    expect(readDiscount({ type: 'percent', value: '15', label: '' })).toEqual({ ok: true, value: { type: 'percent', value: 15, label: 'İndirim' } });
    expect(readDiscount({ type: 'percent', value: '150', label: '' })).toMatchObject({ ok: false, errors: { value: expect.stringContaining('100') } });
    expect(readDiscount({ type: 'amount', value: '-5', label: '' })).toMatchObject({ ok: false, errors: { value: 'İndirim negatif olamaz' } });
  });

  it('takes cash given above the amount as change, and refuses less than the amount', () => {
    expect(readPayment(form({ amount: '271,00', given: '300' }), 27100)).toEqual({ ok: true, value: { method: 'cash', amount: 27100, given: 30000 } });
    expect(cashChange(27100, 30000)).toBe(2900);
    expect(readPayment(form({ amount: '400,50', given: '100' }), 40050)).toMatchObject({ ok: false, errors: { given: '300,50 TL eksik' } });
  });

  it('says what cash given below the amount leaves unpaid, and nothing for exactly the amount, more, or none yet', () => {
    expect(cashShortfall(40050, 10000)).toBe('300,50 TL eksik');
    expect(cashShortfall(40050, 40049)).toBe('0,01 TL eksik');
    expect(cashShortfall(40050, 40050)).toBeNull();
    expect(cashShortfall(40050, 50000)).toBeNull();
    expect(cashShortfall(40050, 0)).toBeNull();
  });

  it('refuses more than remains, a meal card without a brand and an account without a name', () => {
    expect(readPayment(form({ method: 'card', amount: '500,00' }), 40000)).toMatchObject({ ok: false, errors: { amount: expect.stringContaining('400,00 TL') } });
    expect(readPayment(form({ method: 'meal_card' }), 40000)).toMatchObject({ ok: false, errors: { brand: 'Yemek kartı markası seçin' } });
    expect(readPayment(form({ method: 'account' }), 40000)).toMatchObject({ ok: false, errors: { customerName: expect.any(String) } });
    expect(readPayment(form({ method: 'meal_card', brand: 'Multinet', tip: '10' }), 40000)).toEqual({ ok: true, value: { method: 'meal_card', amount: 10000, tip: 1000, brand: 'Multinet' } });
  });

  it('offers İkram its own reasons and İptal the cancellation reasons', () => {
    const settings = defaultRestaurantSettings('Demo Lokanta');
    expect(reasonsFor('comp', settings)).toEqual(['Müdavim', 'Gecikme telafisi', 'Doğum günü', 'Şikâyet']);
    expect(reasonsFor('comp', settings)).not.toContain('Müşteri vazgeçti');
    expect(reasonsFor('cancel', settings)).toContain('Müşteri vazgeçti');
    expect(reasonsFor('comp', undefined)).toEqual([]);
  });

  it('dates the business day in the restaurant time zone, from its day start hour', () => {
    // 01:30 in Istanbul: still the 21st's business day when it starts at 05:00, the 22nd's at 00:00
    expect(businessDay(new Date('2026-11-21T22:30:00Z'), 'Europe/Istanbul', 5)).toBe('2026-11-21');
    expect(businessDay(new Date('2026-11-21T22:30:00Z'), 'Europe/Istanbul', 0)).toBe('2026-11-22');
    expect(businessDay(new Date('2026-11-22T02:00:00Z'), 'Europe/Istanbul', 5)).toBe('2026-11-22');
    expect(businessDay(new Date('2026-11-21T20:30:00Z'), 'Europe/Istanbul', 5)).toBe('2026-11-21');
    expect(trDay('2026-11-05')).toBe('05.11.2026');
  });
});
