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
