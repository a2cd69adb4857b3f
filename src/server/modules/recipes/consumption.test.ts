import type { RecipeMode } from '../../../shared/recipes-contract';
import { unitUse, versionAt, type RecipeIndex, type RecipeVersion } from './consumption';

const T0 = new Date('2026-03-01T09:00:00.000Z');
const T1 = new Date('2026-03-10T09:00:00.000Z');
const T2 = new Date('2026-03-20T09:00:00.000Z');

type Line = { ingredientId: string; quantityMilli: number; isRemoved?: boolean };

let n = 0;
function version(over: { menuItemId?: string; optionId?: string; mode?: RecipeMode; factorMilli?: number | null; validFrom?: Date; validTo?: Date | null; lines?: Line[] }): RecipeVersion {
  return {
    id: `v${++n}`,
    menuItemId: over.menuItemId ?? null,
    optionId: over.optionId ?? null,
    version: n,
    mode: over.mode ?? 'add',
    factorMilli: over.factorMilli ?? null,
    factorText: null,
    validFrom: over.validFrom ?? T0,
    validTo: over.validTo ?? null,
    lines: (over.lines ?? []).map((l) => ({ ingredientId: l.ingredientId, quantityMilli: l.quantityMilli, isRemoved: l.isRemoved ?? false, enteredQuantity: '', enteredUnit: 'g' })),
  };
}

function indexOf(items: Record<string, RecipeVersion[]>, options: Record<string, RecipeVersion[]> = {}): RecipeIndex {
  return { items: new Map(Object.entries(items)), options: new Map(Object.entries(options)) };
}

const asObject = (m: Map<string, number>) => Object.fromEntries([...m].sort(([a], [b]) => a.localeCompare(b)));

describe('versionAt', () => {
  it('picks the version whose interval holds the instant: from is inside, to is outside', () => {
    const first = version({ validFrom: T0, validTo: T1 });
    const second = version({ validFrom: T1, validTo: null });
    expect(versionAt([first, second], T0)?.id).toBe(first.id);
    expect(versionAt([first, second], new Date(T1.getTime() - 1))?.id).toBe(first.id);
    expect(versionAt([first, second], T1)?.id).toBe(second.id);
    expect(versionAt([first, second], T2)?.id).toBe(second.id);
  });

  it('answers null before the first version, after a closed last one, and without versions', () => {
    const only = version({ validFrom: T1, validTo: T2 });
    expect(versionAt([only], new Date(T1.getTime() - 1))).toBeNull();
    expect(versionAt([only], T2)).toBeNull();
    expect(versionAt(undefined, T1)).toBeNull();
    expect(versionAt([], T1)).toBeNull();
  });
});

describe('unitUse', () => {
  const dish = version({ menuItemId: 'dish', lines: [{ ingredientId: 'et', quantityMilli: 150_000 }, { ingredientId: 'sogan', quantityMilli: 20_000 }] });

  it('one unit of a dish uses its recipe lines, in micro (thousandths of a milli)', () => {
    const use = unitUse({ menuItemId: 'dish', optionIds: [], sentAt: T1 }, indexOf({ dish: [dish] }));
    expect(use.hasRecipe).toBe(true);
    expect(asObject(use.micro)).toEqual({ et: 150_000_000, sogan: 20_000_000 });
  });

  it('a dish without a recipe, or whose recipe has no lines, has none and uses nothing', () => {
    expect(unitUse({ menuItemId: 'other', optionIds: [], sentAt: T1 }, indexOf({ dish: [dish] }))).toEqual({ hasRecipe: false, micro: new Map() });
    const empty = version({ menuItemId: 'dish', lines: [] });
    expect(unitUse({ menuItemId: 'dish', optionIds: [], sentAt: T1 }, indexOf({ dish: [empty] })).hasRecipe).toBe(false);
    expect(unitUse({ menuItemId: null, optionIds: [], sentAt: T1 }, indexOf({ dish: [dish] })).hasRecipe).toBe(false);
  });

  it('scale options multiply the dish lines (1,5 × 1,2 = 1,8) but never the lines they add', () => {
    const large = version({ optionId: 'large', mode: 'scale', factorMilli: 1500, lines: [{ ingredientId: 'kasar', quantityMilli: 30_000 }] });
    const extra = version({ optionId: 'extra', mode: 'scale', factorMilli: 1200 });
    const use = unitUse({ menuItemId: 'dish', optionIds: ['large', 'extra'], sentAt: T1 }, indexOf({ dish: [dish] }, { large: [large], extra: [extra] }));
    expect(asObject(use.micro)).toEqual({ et: 150_000 * 1800, kasar: 30_000_000, sogan: 20_000 * 1800 });
  });

  it('an add option with a factor left over does not scale the dish', () => {
    const add = version({ optionId: 'add', mode: 'add', factorMilli: 2000, lines: [{ ingredientId: 'kasar', quantityMilli: 30_000 }] });
    const use = unitUse({ menuItemId: 'dish', optionIds: ['add'], sentAt: T1 }, indexOf({ dish: [dish] }, { add: [add] }));
    expect(asObject(use.micro)).toEqual({ et: 150_000_000, kasar: 30_000_000, sogan: 20_000_000 });
  });

  it('a replace option stands in for the dish at its own quantities (no scale), other options still add', () => {
    const half = version({ optionId: 'half', mode: 'replace', lines: [{ ingredientId: 'et', quantityMilli: 80_000 }] });
    const large = version({ optionId: 'large', mode: 'scale', factorMilli: 2000 });
    const sauce = version({ optionId: 'sauce', mode: 'add', lines: [{ ingredientId: 'sos', quantityMilli: 10_000 }] });
    const use = unitUse({ menuItemId: 'dish', optionIds: ['half', 'large', 'sauce'], sentAt: T1 }, indexOf({ dish: [dish] }, { half: [half], large: [large], sauce: [sauce] }));
    expect(use.hasRecipe).toBe(true);
    expect(asObject(use.micro)).toEqual({ et: 80_000_000, sos: 10_000_000 });
  });

  it('a replace option gives a dish without a recipe one', () => {
    const half = version({ optionId: 'half', mode: 'replace', lines: [{ ingredientId: 'et', quantityMilli: 80_000 }] });
    const use = unitUse({ menuItemId: 'nodish', optionIds: ['half'], sentAt: T1 }, indexOf({}, { half: [half] }));
    expect(use.hasRecipe).toBe(true);
    expect(asObject(use.micro)).toEqual({ et: 80_000_000 });
  });

  it('an add option alone does not give a dish a recipe, though its lines are used', () => {
    const sauce = version({ optionId: 'sauce', mode: 'add', lines: [{ ingredientId: 'sos', quantityMilli: 10_000 }] });
    const use = unitUse({ menuItemId: 'nodish', optionIds: ['sauce'], sentAt: T1 }, indexOf({}, { sauce: [sauce] }));
    expect(use.hasRecipe).toBe(false);
    expect(asObject(use.micro)).toEqual({ sos: 10_000_000 });
  });

  it('a removing option line takes that ingredient out of the dish, and is itself never used', () => {
    const noOnion = version({ optionId: 'no-onion', mode: 'add', lines: [{ ingredientId: 'sogan', quantityMilli: 20_000, isRemoved: true }] });
    const use = unitUse({ menuItemId: 'dish', optionIds: ['no-onion'], sentAt: T1 }, indexOf({ dish: [dish] }, { 'no-onion': [noOnion] }));
    expect(asObject(use.micro)).toEqual({ et: 150_000_000 });
  });

  it('a removed line of the dish recipe itself is not used', () => {
    const withRemoved = version({ menuItemId: 'dish', lines: [{ ingredientId: 'et', quantityMilli: 150_000 }, { ingredientId: 'sogan', quantityMilli: 20_000, isRemoved: true }] });
    const use = unitUse({ menuItemId: 'dish', optionIds: [], sentAt: T1 }, indexOf({ dish: [withRemoved] }));
    expect(asObject(use.micro)).toEqual({ et: 150_000_000 });
  });

  it('the same ingredient in the dish and an option adds up', () => {
    const moreMeat = version({ optionId: 'more', mode: 'add', lines: [{ ingredientId: 'et', quantityMilli: 50_000 }] });
    const use = unitUse({ menuItemId: 'dish', optionIds: ['more'], sentAt: T1 }, indexOf({ dish: [dish] }, { more: [moreMeat] }));
    expect(asObject(use.micro)).toEqual({ et: 200_000_000, sogan: 20_000_000 });
  });

  it('dish and options use the versions in force when the line was sent', () => {
    const old = version({ menuItemId: 'dish', validFrom: T0, validTo: T1, lines: [{ ingredientId: 'et', quantityMilli: 100_000 }] });
    const current = version({ menuItemId: 'dish', validFrom: T1, lines: [{ ingredientId: 'et', quantityMilli: 120_000 }] });
    const scaleThen = version({ optionId: 'large', mode: 'scale', factorMilli: 1500, validFrom: T0, validTo: T1 });
    const index = indexOf({ dish: [old, current] }, { large: [scaleThen] });
    expect(asObject(unitUse({ menuItemId: 'dish', optionIds: ['large'], sentAt: T0 }, index).micro)).toEqual({ et: 150_000_000 });
    expect(asObject(unitUse({ menuItemId: 'dish', optionIds: ['large'], sentAt: T1 }, index).micro)).toEqual({ et: 120_000_000 });
  });
});
