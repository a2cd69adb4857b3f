import { describe, expect, it } from 'vitest';
import { describeOption } from './menu-format';

describe('Menü Yönetimi money', () => {
  it('writes an add-on price in TL like every staff screen (₺ is the public menu’s alone, per the spec)', () => {
    expect(describeOption({ name: 'Porsiyon: 1,5', priceKurus: 15_000 })).toBe('Porsiyon: 1,5 (+150,00 TL)');
    expect(describeOption({ name: 'Acılı', priceKurus: 0 })).toBe('Acılı');
  });
});
