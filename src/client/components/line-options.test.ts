import { describe, expect, it } from 'vitest';
import { lineOptionsText } from './line-options';

describe('lineOptionsText', () => {
  it('names each option and shows only the add-ons with their price', () => {
    expect(lineOptionsText([{ name: 'Büyük', price: 2000 }, { name: 'Az pişmiş', price: 0 }])).toBe('Büyük (+20,00 TL), Az pişmiş');
  });
  it('is empty without options', () => {
    expect(lineOptionsText([])).toBe('');
  });
});
