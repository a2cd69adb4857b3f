/**
 * Units of the recipes and the stock (Malzemeler, Reçete): g, kg, ml, l, adet. Every quantity is
 * kept as an integer number of thousandths of its base unit ("milli": 1 g = 1000, 1 kg = 1 000 000,
 * 1 l = 1 000 000, 1 adet = 1000), so kg and g and l and ml convert exactly — 0,03 kg is 30 g to the last
 * digit, never 29.999999 — and sums over a month of sales never drift. People type at most three
 * decimals in the unit they chose ("1,5", "0,125"), which always lands on a whole milli.
 */
export const UNITS = ['g', 'kg', 'ml', 'l', 'adet'] as const;
export type Unit = (typeof UNITS)[number];
export type BaseUnit = 'g' | 'ml' | 'adet';

/** Milli of the base unit in one of `unit`. */
const MILLI_PER: Record<Unit, number> = { g: 1000, kg: 1_000_000, ml: 1000, l: 1_000_000, adet: 1000 };
const BASE: Record<Unit, BaseUnit> = { g: 'g', kg: 'g', ml: 'ml', l: 'ml', adet: 'adet' };

export const UNIT_LABELS: Record<Unit, string> = { g: 'g', kg: 'kg', ml: 'ml', l: 'l', adet: 'adet' };

export const UNIT_MESSAGES = {
  incompatible: 'Birimler uyumsuz: ağırlık (g, kg), hacim (ml, l) ve adet birbirine çevrilemez',
  badQuantity: 'Miktar en çok 3 ondalıklı bir sayı olmalı (ör. 1,5)',
  tooLarge: 'Miktar çok büyük',
} as const;

/** The largest quantity accepted, in milli (10 million kg or l, 10 billion adet): far past any kitchen. */
export const MAX_MILLI = 10_000_000_000_000;

export const isUnit = (value: string): value is Unit => (UNITS as readonly string[]).includes(value);
export const baseUnitOf = (unit: Unit): BaseUnit => BASE[unit];
export const milliPerUnit = (unit: Unit): number => MILLI_PER[unit];
/** g and kg convert, ml and l convert, adet only to itself. */
export const areCompatible = (a: Unit, b: Unit): boolean => BASE[a] === BASE[b];

/** A quantity as typed ("1,5", "0.125", "30"): digits, at most three decimals, comma or dot. */
export const QUANTITY_PATTERN = /^\d{1,9}([.,]\d{1,3})?$/;

/**
 * "1,5" kg → 1 500 000 milli (= 1500 g). Exact: the digits are read as integers, never as a float.
 * Null for anything that is not a quantity with at most three decimals.
 */
export function toMilli(quantity: string | number, unit: Unit): number | null {
  const text = typeof quantity === 'number' ? numberText(quantity) : quantity.trim();
  if (text === null || !QUANTITY_PATTERN.test(text)) return null;
  const [whole, fraction = ''] = text.split(/[.,]/);
  const thousandths = Number(whole) * 1000 + Number(fraction.padEnd(3, '0'));
  const milli = thousandths * (MILLI_PER[unit] / 1000);
  return milli > MAX_MILLI ? null : milli;
}

/** A JS number as the decimal people meant (0.03 → "0.03"); null when it is negative or not finite. */
function numberText(n: number): string | null {
  if (!Number.isFinite(n) || n < 0) return null;
  const text = String(n);
  return /e/i.test(text) ? null : text;
}

/** Milli of one unit in another compatible unit: 30 000 milli (30 g) in kg → 0.03. */
export function fromMilli(milli: number, unit: Unit): number {
  // one division of two exact integers: the nearest double to the true value, as the literal would be
  return milli / MILLI_PER[unit];
}

/** Converts a quantity between compatible units exactly (through milli); throws on incompatible units. */
export function convertQuantity(quantity: string | number, from: Unit, to: Unit): number {
  if (!areCompatible(from, to)) throw new Error(UNIT_MESSAGES.incompatible);
  const milli = toMilli(quantity, from);
  if (milli === null) throw new Error(UNIT_MESSAGES.badQuantity);
  return fromMilli(milli, to);
}

/** "1,5 kg", "30 g": Turkish decimal comma, at most three decimals of the unit, no trailing zeros. */
export function formatQuantity(milli: number, unit: Unit): string {
  const value = fromMilli(milli, unit);
  const text = value.toLocaleString('tr-TR', { maximumFractionDigits: 3, useGrouping: true });
  return `${text} ${UNIT_LABELS[unit]}`;
}

/**
 * What a quantity in `milli` costs at `unitCost` kuruş per `unit` (the ingredient's stock unit), as
 * a fraction of a kuruş: reports sum these and round once per figure.
 */
export function costOf(milli: number, unitCost: number, unit: Unit): number {
  return (milli * unitCost) / MILLI_PER[unit];
}

/**
 * Weighted average cost after an Alış: what is on hand at the old cost plus what was bought at its
 * price, over the new quantity. Nothing (or less than nothing) on hand → the purchase's own price.
 * Kuruş per `unit`, with six decimals kept.
 */
export function averageCost(onHandMilli: number, currentCost: number, boughtMilli: number, totalKurus: number, unit: Unit): number {
  const per = MILLI_PER[unit];
  const onHand = Math.max(0, onHandMilli);
  const cost = onHand > 0 ? (onHand * currentCost + totalKurus * per) / (onHand + boughtMilli) : (totalKurus * per) / boughtMilli;
  return Math.round(cost * 1_000_000) / 1_000_000;
}
