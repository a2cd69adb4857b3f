import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DELIVERY_PLATFORMS, ONLINE_ORDER_SOURCES } from './channels';
import { PAYMENT_METHODS } from './payment-methods';
import { ROLES } from './roles';

/*
 * One word per concept: each list of src/shared/domain/ is written once, in its file, and spelled
 * one way. Elsewhere a list literal that copies the whole list, or names its words spelled otherwise,
 * is a second copy that will drift, as the payment methods once did ('mealCard' in Ayarlar,
 * 'meal_card' on the bill). A subset that means something of its own (what a courier collects, what
 * a new restaurant starts with) is a choice, not a copy; tests may write what they expect.
 */

const SRC = path.resolve(__dirname, '../..');
const VOCABULARIES = { PAYMENT_METHODS, DELIVERY_PLATFORMS, ONLINE_ORDER_SOURCES, ROLES } as const;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return full === __dirname || name === 'migrations' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$|-test-kit\.ts$/.test(name) ? [full] : [];
  });
}

/** Array literals of quoted words only: ['cash', 'card'] */
const WORD_LISTS = /\[\s*((?:'[\w-]+'\s*,\s*)+'[\w-]+'\s*,?\s*)\]/g;
const normal = (word: string) => word.toLowerCase().replace(/[_-]/g, '');

/** Whether a list literal copies `words` whole, or spells two or more of them otherwise. */
function copies(list: string[], words: readonly string[]) {
  const known = new Map(words.map((w) => [normal(w), w]));
  const hits = list.filter((w) => known.has(normal(w)));
  const respelled = hits.filter((w) => known.get(normal(w)) !== w);
  return new Set(hits).size === words.length || (hits.length >= 2 && respelled.length > 0);
}

describe('the vocabulary of src/shared/domain', () => {
  const files = sourceFiles(SRC);

  it('reads the code', () => {
    expect(files.some((f) => f.endsWith(path.join('shared', 'ticket-contract.ts')))).toBe(true);
  });

  it('knows a copy when it sees one', () => {
    expect(copies(['cash', 'card', 'mealCard'], PAYMENT_METHODS)).toBe(true);
    expect(copies([...DELIVERY_PLATFORMS], DELIVERY_PLATFORMS)).toBe(true);
    expect(copies(['cash', 'card', 'meal_card'], PAYMENT_METHODS)).toBe(false);
  });

  it.each(Object.entries(VOCABULARIES))('writes %s once, in its own file', (_, words) => {
    const found = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(WORD_LISTS)]
        .filter((m) => copies(m[1].match(/'[\w-]+'/g)!.map((w) => w.slice(1, -1)), words))
        .map((m) => `${path.relative(SRC, file)}: ${m[0].replace(/\s+/g, ' ')}`),
    );
    expect(found).toEqual([]);
  });
});
