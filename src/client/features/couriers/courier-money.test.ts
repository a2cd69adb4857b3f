import { cashToCollect, doorMoneyText } from './courier-money';

/*
 * Kurye Takibi's money per order and the cash a courier should carry back. A delivery fee is a line
 * of the bill (online-order-commands.ts › deliveryFeeLine), so it is inside `remaining`: said, never
 * added to it a second time.
 */
const order = { collectedMethod: null, collectedKurus: 0, remaining: 28_490, doorPayment: { method: 'cash' as const, brand: null }, deliveryFee: 990, isTicketOpen: true };

describe('the courier’s money on Kurye Takibi', () => {
  it('says the fee is inside what the door collects', () => {
    expect(doorMoneyText(order)).toBe('Kapıda alınacak (nakit): 284,90 TL (teslimat ücreti 9,90 TL dahil)');
    expect(doorMoneyText({ ...order, deliveryFee: 0 })).toBe('Kapıda alınacak (nakit): 284,90 TL');
    expect(doorMoneyText({ ...order, remaining: 0, doorPayment: { method: 'online', brand: null } })).toBe('Online ödendi');
    expect(doorMoneyText({ ...order, collectedMethod: 'cash', collectedKurus: 28_490 })).toBe('Nakit 284,90 TL alındı');
  });

  it('counts each open cash order’s remaining once, fee included, and nothing taken or paid otherwise', () => {
    const orders = [
      order,
      { ...order, remaining: 10_000, deliveryFee: 0 },
      { ...order, collectedMethod: 'cash' as const, collectedKurus: 5000 },
      { ...order, doorPayment: { method: 'card' as const, brand: null } },
      { ...order, isTicketOpen: false },
    ];
    expect(cashToCollect(orders)).toBe(38_490);
  });
});
