import { describe, expect, it } from 'vitest';
import { ingredientUse } from './recipe-report-parts';

type Row = Parameters<typeof ingredientUse>[0][number];
const row = (id: string, name: string, unit: string) => ({ id, name, unit, unitCost: 0 }) as unknown as Row;

describe("Reçete Raporu's ingredient table", () => {
  it('lists what recipes used and what was only counted, and leaves out what neither touched', () => {
    const rows = [row('un', 'Un', 'kg'), row('tuz', 'Tuz', 'kg'), row('yag', 'Zeytinyağı', 'l')];
    // 2 kg of flour by the recipes (in micro: thousandths of a milli), 1,5 l of oil counted and no recipe used any
    const used = new Map([['un', 2 * 1_000_000 * 1000]]);
    const counted = new Map([['yag', 1_500_000]]);
    expect(ingredientUse(rows, used, counted)).toEqual([
      { id: 'un', name: 'Un', unit: 'kg', theoretical: 2, actual: null, variance: null, cost: 0 },
      { id: 'yag', name: 'Zeytinyağı', unit: 'l', theoretical: 0, actual: 1.5, variance: 1.5, cost: 0 },
    ]);
  });
});
