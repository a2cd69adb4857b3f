import { isWithinOrderingHours } from './table-requests-contract';

/* QR Sipariş' hours (Ayarlar → QR Menü), on the restaurant's clock: a bar open 18:00–02:00 takes orders past midnight. */
const IST = 'Europe/Istanbul';
const at = (hhmm: string, day = '2026-11-27') => new Date(`${day}T${hhmm}:00+03:00`);

describe('QR ordering hours', () => {
  it('are always open when none are set', () => {
    expect(isWithinOrderingHours(null, at('04:00'), IST)).toBe(true);
  });

  it('open at `from` and close at `to` within a day', () => {
    const lunch = { from: '11:00', to: '15:00' };
    expect(isWithinOrderingHours(lunch, at('10:59'), IST)).toBe(false);
    expect(isWithinOrderingHours(lunch, at('11:00'), IST)).toBe(true);
    expect(isWithinOrderingHours(lunch, at('14:59'), IST)).toBe(true);
    expect(isWithinOrderingHours(lunch, at('15:00'), IST)).toBe(false);
  });

  it('run past midnight when `to` is before `from`', () => {
    const night = { from: '18:00', to: '02:00' };
    expect(isWithinOrderingHours(night, at('17:59'), IST)).toBe(false);
    expect(isWithinOrderingHours(night, at('18:00'), IST)).toBe(true);
    expect(isWithinOrderingHours(night, at('23:30'), IST)).toBe(true);
    expect(isWithinOrderingHours(night, at('01:59', '2026-11-28'), IST)).toBe(true);
    expect(isWithinOrderingHours(night, at('02:00', '2026-11-28'), IST)).toBe(false);
    expect(isWithinOrderingHours(night, at('12:00'), IST)).toBe(false);
  });

  it("read the restaurant's clock, not the server's", () => {
    const lunch = { from: '11:00', to: '15:00' };
    // 12:00 in Istanbul is 09:00 UTC: open in Istanbul, closed for a restaurant in London
    expect(isWithinOrderingHours(lunch, at('12:00'), IST)).toBe(true);
    expect(isWithinOrderingHours(lunch, at('12:00'), 'Europe/London')).toBe(false);
  });
});
