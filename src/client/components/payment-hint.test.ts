import { describe, expect, it } from 'vitest';
import { tableSummary } from '../features/orders/floor-view';
import { floorTable } from '../test-support/fixtures';
import { isPaid, paymentHint } from './payment-hint';

describe('the payment hint on Açık Masalar and the floor', () => {
  it('a paid reopened bill says Ödendi in words with 0,00 TL kalan; a part payment what is left; nothing before a payment', () => {
    expect(paymentHint(120150, 0)).toBe('✓ Ödendi · 0,00 TL kalan');
    expect(paymentHint(120150, 20150)).toBe('Kısmen ödendi · 201,50 TL kalan');
    expect(paymentHint(120150, 120150)).toBeNull();
    expect(paymentHint(0, 0)).toBeNull(); // an empty adisyon is not "paid"
    expect(paymentHint(null, null)).toBeNull();
    expect(isPaid(120150, 0)).toBe(true);
  });

  it('the floor table says it too, for screen readers and the list', () => {
    const t = floorTable({ ticketId: 'x', ticketNumber: 7, total: 120150, remaining: 0, openedAt: new Date().toISOString(), state: 'ready' });
    expect(tableSummary(t, Date.now())).toContain('Ödendi · 0,00 TL kalan');
  });
});
