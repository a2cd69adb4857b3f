import fc from 'fast-check';
import {
  MAX_MILLI,
  UNIT_MESSAGES,
  areCompatible,
  averageCost,
  baseUnitOf,
  convertQuantity,
  costOf,
  formatQuantity,
  fromMilli,
  isUnit,
  milliPerUnit,
  toMilli,
} from './units';

describe('units of recipes and stock', () => {
  it('a recipe in kg used in g, and in l used in ml, converts exactly', () => {
    expect(toMilli('0,03', 'kg')).toBe(toMilli('30', 'g'));
    expect(convertQuantity('0,03', 'kg', 'g')).toBe(30);
    expect(convertQuantity('0.25', 'l', 'ml')).toBe(250);
    expect(convertQuantity('750', 'ml', 'l')).toBe(0.75);
    expect(convertQuantity(0.1, 'kg', 'g')).toBe(100);
    // three times 0,03 kg is 0,09 kg exactly (0.03 * 3 in floats is 0.09000000000000001)
    expect(fromMilli(3 * toMilli('0,03', 'kg')!, 'kg')).toBe(0.09);
  });

  it('any quantity with up to three decimals survives kg → g → kg and l → ml → l unchanged', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 999 }), fc.constantFrom(['kg', 'g'] as const, ['l', 'ml'] as const), (whole, frac, [big, small]) => {
        const text = `${whole},${String(frac).padStart(3, '0')}`;
        const inSmall = convertQuantity(text, big, small);
        expect(Number.isInteger(inSmall)).toBe(true);
        expect(convertQuantity(inSmall, small, big)).toBe(Number(`${whole}.${String(frac).padStart(3, '0')}`));
      }),
    );
  });

  it('sums in milli never drift: n portions of a quantity are n times its milli', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999 }), fc.integer({ min: 1, max: 10_000 }), (thousandths, n) => {
        const milli = toMilli(`${Math.floor(thousandths / 1000)},${String(thousandths % 1000).padStart(3, '0')}`, 'kg')!;
        expect(milli).toBe(thousandths * 1000);
        expect(Array.from({ length: 3 }, () => milli * n).reduce((a, b) => a + b)).toBe(3 * thousandths * 1000 * n);
      }),
    );
  });

  it('weight, volume and pieces do not convert into each other', () => {
    expect(areCompatible('g', 'kg')).toBe(true);
    expect(areCompatible('ml', 'l')).toBe(true);
    expect(areCompatible('g', 'ml')).toBe(false);
    expect(areCompatible('adet', 'g')).toBe(false);
    expect(() => convertQuantity('1', 'kg', 'l')).toThrow(/^Birimler uyumsuz/);
  });

  it('refuses what is not a quantity: four decimals, negatives, words, exponents', () => {
    for (const bad of ['1,2345', '-1', 'bir', '1e3', '', '1,', ',5']) expect(toMilli(bad, 'g'), bad).toBeNull();
    expect(toMilli(-1, 'g')).toBeNull();
    expect(toMilli(1e21, 'g')).toBeNull();
  });

  it('shows quantities with a Turkish decimal comma', () => {
    expect(formatQuantity(toMilli('1,5', 'kg')!, 'kg')).toBe('1,5 kg');
    expect(formatQuantity(toMilli('1,5', 'kg')!, 'g')).toBe('1.500 g');
  });

  it('costs a quantity at its unit cost and averages a purchase with what is on hand', () => {
    // 30 g at 200 TL per kg = 6 TL
    expect(costOf(toMilli('30', 'g')!, 20_000, 'kg')).toBe(600);
    // nothing on hand: the purchase's own price per unit
    expect(averageCost(0, 0, toMilli('2', 'kg')!, 30_000, 'kg')).toBe(15_000);
    // 2 kg at 150 TL + 1 kg for 200 TL → 166,67 TL per kg
    expect(averageCost(toMilli('2', 'kg')!, 15_000, toMilli('1', 'kg')!, 20_000, 'kg')).toBeCloseTo(16_666.666667, 5);
    // a negative theoretical stock counts as nothing on hand
    expect(averageCost(-5_000, 99_999, toMilli('1', 'kg')!, 10_000, 'kg')).toBe(10_000);
  });
});

describe('units: names, bases and limits', () => {
  it('knows its five units and nothing else', () => {
    expect(isUnit('kg')).toBe(true);
    expect(isUnit('adet')).toBe(true);
    expect(isUnit('KG')).toBe(false);
    expect(isUnit('lt')).toBe(false);
  });

  it('gives each unit its base unit and its milli per unit', () => {
    expect(baseUnitOf('kg')).toBe('g');
    expect(baseUnitOf('l')).toBe('ml');
    expect(baseUnitOf('adet')).toBe('adet');
    expect(milliPerUnit('g')).toBe(1000);
    expect(milliPerUnit('kg')).toBe(1_000_000);
    expect(milliPerUnit('l')).toBe(1_000_000);
    expect(milliPerUnit('adet')).toBe(1000);
  });

  it('accepts exactly up to the largest quantity and refuses one milli more', () => {
    expect(toMilli('10000000', 'kg')).toBe(MAX_MILLI);
    expect(toMilli('10000000,001', 'kg')).toBeNull();
    expect(toMilli(10_000_000, 'l')).toBe(MAX_MILLI);
    expect(toMilli(' 1,5 ', 'adet')).toBe(1500);
  });

  it('refuses to convert what is not a quantity with the quantity message', () => {
    expect(() => convertQuantity('1,2345', 'kg', 'g')).toThrow(UNIT_MESSAGES.badQuantity);
    expect(() => convertQuantity('1,2345', 'kg', 'g')).toThrow('Miktar en çok 3 ondalıklı bir sayı olmalı (ör. 1,5)');
  });
});
