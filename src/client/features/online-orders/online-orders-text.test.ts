import { describe, expect, it } from 'vitest';
import { isScheduled, moneyLines, optionLabel } from './online-orders-text';

describe('an online order card’s words', () => {
  it('name an option’s group once ("Porsiyon: 1,5", never "Porsiyon: Porsiyon: 1,5")', () => {
    expect(optionLabel({ groupName: 'Porsiyon', name: 'Porsiyon: 1,5' })).toBe('Porsiyon: 1,5');
    expect(optionLabel({ groupName: 'Porsiyon', name: '1,5' })).toBe('Porsiyon: 1,5');
    expect(optionLabel({ groupName: '', name: 'Lavaş' })).toBe('Lavaş');
    expect(optionLabel({ groupName: 'Ekmek', name: 'Lavaş: ince' })).toBe('Ekmek: Lavaş: ince');
  });

  it('show the money as the customer pays it: food, each discount, the fee, what the customer pays and the door', () => {
    const order = { subtotal: 30_500, platformDiscount: 2000, restaurantDiscount: 1000, total: 27_500, deliveryFee: 990, customerPays: 28_490, collectAtDoor: 28_490, platformCourier: false, payment: { method: 'cash' as const, brand: null }, type: 'delivery' as const };
    const lines = moneyLines(order).join('\n');
    expect(lines).toMatch(/Yemek tutarı: 305,00/);
    expect(lines).toMatch(/Platform indirimi: 20,00/);
    expect(lines).toMatch(/Restoran indirimi: 10,00/);
    expect(lines).toMatch(/Teslimat ücreti: 9,90/);
    expect(lines).toMatch(/Müşteri öder: 284,90/);
    expect(lines).toMatch(/Kapıda alınacak \(.+\): 284,90/);
    expect(moneyLines({ ...order, platformCourier: true })).toContain('Platform kuryesi getirir ve tahsil eder');
  });
});

describe('a scheduled order on the card', () => {
  const soon = new Date(Date.now() + 40 * 60_000).toISOString();
  it('is one the platform sent for later, not every delivery with an expected time', () => {
    expect(isScheduled({ isScheduled: false, expectedAt: soon, status: 'new' })).toBe(false);
    expect(isScheduled({ isScheduled: true, expectedAt: soon, status: 'accepted' })).toBe(true);
    expect(isScheduled({ isScheduled: true, expectedAt: soon, status: 'ready' })).toBe(false);
    expect(isScheduled({ isScheduled: true, expectedAt: new Date(Date.now() - 60_000).toISOString(), status: 'new' })).toBe(false);
  });
});
