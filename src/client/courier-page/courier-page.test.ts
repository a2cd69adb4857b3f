import { describe, expect, it } from 'vitest';
import { navigationLink, phoneText, tokenFromPath } from './courier-page';

describe("the courier's page", () => {
  it('reads its token from /kurye/<token>', () => {
    expect(tokenFromPath('/kurye/abc_DEF-123')).toBe('abc_DEF-123');
    expect(tokenFromPath('/kurye/')).toBe('');
  });

  it("opens the address in the phone's map app", () => {
    expect(navigationLink('Moda Cad. No 5, Kadıköy', 'Mozilla/5.0 (Linux; Android 14)')).toBe('geo:0,0?q=Moda%20Cad.%20No%205%2C%20Kad%C4%B1k%C3%B6y');
    expect(navigationLink('Moda', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe('https://maps.apple.com/?q=Moda');
  });

  it('shows a stored phone number the Turkish way', () => {
    expect(phoneText('+905321234567')).toBe('0 532 123 45 67');
    expect(phoneText('212 555')).toBe('212 555');
  });
});

describe('the door on the courier’s page', () => {
  const base = { remaining: 27_500, collectedMethod: null, collectedKurus: 0, deliveryFee: 0 };
  it('says how the customer pays and what to bring: change for cash, the reader for a card', async () => {
    const { doorLines } = await import('./courier-page');
    expect(doorLines({ ...base, doorPayment: { method: 'cash', brand: null } })).toEqual(['Kapıda nakit: 275,00 TL', 'Para üstü götürün']);
    expect(doorLines({ ...base, doorPayment: { method: 'card', brand: null } })[1]).toBe('Kart okuyucuyu (POS) götürün');
    expect(doorLines({ ...base, remaining: 0, doorPayment: { method: 'online', brand: null } })).toEqual(['Online ödendi: kapıda tahsilat yok']);
    // the fee is a line of the bill: inside what is left to take, never added on top of it again
    expect(doorLines({ ...base, deliveryFee: 990, doorPayment: { method: 'cash', brand: null } })).toEqual(['Kapıda nakit: 275,00 TL', 'Para üstü götürün', 'Teslimat ücreti 9,90 TL bu tutarın içinde']);
    expect(doorLines({ ...base, remaining: 0, deliveryFee: 990, doorPayment: { method: 'online', brand: null } })).toEqual(['Online ödendi: kapıda tahsilat yok']);
  });

  it('asks once and waits its minute only for a tap that closes the order', async () => {
    const { closesOrder } = await import('./courier-page');
    expect(closesOrder({ remaining: 100, isTicketOpen: true }, { step: 'paid', method: 'cash' })).toBe(true);
    expect(closesOrder({ remaining: 0, isTicketOpen: true }, { step: 'delivered' })).toBe(true);
    expect(closesOrder({ remaining: 100, isTicketOpen: true }, { step: 'delivered' })).toBe(false);
    expect(closesOrder({ remaining: 100, isTicketOpen: true }, { step: 'picked_up' })).toBe(false);
  });
});
