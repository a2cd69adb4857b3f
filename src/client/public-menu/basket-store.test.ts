import { beforeEach, describe, expect, it } from 'vitest';
import type { PublicMenu } from '../../shared/public-menu';
import { tableMenu } from './menu-test-kit';
import { BASKET_MAX_AGE_MS, type BasketLine, basketStoreKey, droppedNote, loadBasket, reconcileBasket, saveBasket } from './basket-store';

const menu = tableMenu;

const line = (patch: Partial<BasketLine> = {}): BasketLine => ({
  itemId: 'adana',
  name: 'Adana Kebap',
  optionIds: ['p15'],
  optionText: 'Porsiyon: 1,5',
  unit: 53000,
  quantity: 2,
  note: 'soğansız',
  ...patch,
});

const KEY = basketStoreKey('r1', 'tok');
beforeEach(() => localStorage.clear());

describe('the guest’s basket in the browser', () => {
  it('is kept per restaurant and table token, with the key of a send still waiting, and comes back as it was', () => {
    saveBasket(localStorage, KEY, { lines: [line()], key: 'k1' }, 1000);
    expect(loadBasket(localStorage, KEY, 2000)).toEqual({ lines: [line()], key: 'k1' });
    expect(loadBasket(localStorage, basketStoreKey('r1', 'another-table'), 2000)).toEqual({ lines: [], key: null });
    expect(loadBasket(localStorage, basketStoreKey('r2', 'tok'), 2000)).toEqual({ lines: [], key: null });
  });

  it('is removed when empty, and forgotten after four hours (another visit)', () => {
    saveBasket(localStorage, KEY, { lines: [line()], key: null }, 0);
    expect(loadBasket(localStorage, KEY, BASKET_MAX_AGE_MS).lines).toHaveLength(1);
    expect(loadBasket(localStorage, KEY, BASKET_MAX_AGE_MS + 1).lines).toHaveLength(0);
    saveBasket(localStorage, KEY, { lines: [], key: null });
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('survives what it cannot read: broken JSON, strange lines (and then no old key), no storage at all', () => {
    localStorage.setItem(KEY, '{"savedAt":');
    expect(loadBasket(localStorage, KEY)).toEqual({ lines: [], key: null });
    localStorage.setItem(KEY, JSON.stringify({ savedAt: Date.now(), key: 'k1', lines: [line(), { itemId: 'x', quantity: -1 }, null] }));
    expect(loadBasket(localStorage, KEY)).toEqual({ lines: [line()], key: null });
    expect(loadBasket(null, KEY)).toEqual({ lines: [], key: null });
    expect(() => saveBasket(null, KEY, { lines: [line()], key: null })).not.toThrow();
  });
});

describe('the basket against the menu now', () => {
  it('keeps what is still on the menu, with today’s names and prices', () => {
    const renamed: PublicMenu = { ...menu, menuItems: [{ ...menu.menuItems[0], name: 'Adana', price: 40000 }, menu.menuItems[1]] };
    const checked = reconcileBasket([line(), line({ itemId: 'ayran', name: 'Ayran', optionIds: [], optionText: '', unit: 4000, quantity: 1, note: '' })], renamed);
    expect(checked.dropped).toEqual([]);
    expect(checked.isChanged).toBe(true);
    expect(checked.lines.map((l) => [l.name, l.unit, l.quantity, l.note])).toEqual([
      ['Adana', 55000, 2, 'soğansız'],
      ['Ayran', 4000, 1, ''],
    ]);
    expect(reconcileBasket([line()], menu).isChanged).toBe(false);
  });

  it('drops a dish sold out or taken off the menu, and a line whose options the dish no longer allows', () => {
    const soldOut: PublicMenu = { ...menu, menuItems: [menu.menuItems[1]] };
    expect(reconcileBasket([line()], soldOut)).toMatchObject({ lines: [], dropped: ['Adana Kebap'], isChanged: true });
    const gone = reconcileBasket([line({ optionIds: ['old-option'] })], menu);
    expect(gone.dropped).toEqual(['Adana Kebap']);
    // the group became required since: a line without a choice would be refused
    const required: PublicMenu = { ...menu, menuItems: [{ ...menu.menuItems[1], optionGroups: [{ id: 'g9', name: 'Boy', min: 1, max: 1, options: [{ id: 'b', name: 'Büyük', price: 0 }] }] }] };
    expect(reconcileBasket([line({ itemId: 'ayran', name: 'Ayran', optionIds: [] })], required).dropped).toEqual(['Ayran']);
  });

  it('tells the guest in a short Turkish note, each dish once', () => {
    expect(droppedNote(['Adana Kebap', 'Künefe', 'Adana Kebap'])).toBe('Tükenen ya da menüden kalkan ürünler sepetinizden çıkarıldı: Adana Kebap, Künefe.');
  });
});
