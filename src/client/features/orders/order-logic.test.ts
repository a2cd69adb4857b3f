import { describe, expect, it } from 'vitest';
import type { TicketLine, TicketSummary } from '../../../shared/ticket-contract';
import { menuItem, optionGroup } from '../../test-support/fixtures';
import {
  ageLabel,
  defaultSelection,
  filterTickets,
  groupProblem,
  isLeftEmpty,
  minutesSince,
  NO_SECTION,
  orderableMenu,
  pendingLineFor,
  pickerItems,
  selectedOptionIds,
  selectionProblems,
  sumTotals,
  toggleOption,
  unitPrice,
  waitersOf,
  whereLabel,
} from './order-logic';

const cooking = optionGroup();
const extras = optionGroup({ id: 'x', name: 'Ekstra', isMultiple: true, isRequired: false, minChoices: 0, maxChoices: 2 });

describe('the options dialog', () => {
  it('a required group without a choice blocks adding, with a Turkish reason', () => {
    expect(groupProblem(cooking, {})).toBe('Pişirme: bir seçim yapın');
    expect(selectionProblems([cooking, extras], { g: ['a'] })).toEqual([]);
  });

  it('a single-choice group keeps only the last tapped option', () => {
    expect(toggleOption(toggleOption({}, cooking, 'a'), cooking, 'b')).toEqual({ g: ['b'] });
  });

  it('a multiple-choice group toggles and never goes past its maximum', () => {
    let s = toggleOption({}, extras, 'a');
    s = toggleOption(s, extras, 'b');
    expect(toggleOption(s, extras, 'c')).toEqual({ x: ['a', 'b'] });
    expect(toggleOption(s, extras, 'a')).toEqual({ x: ['b'] });
  });

  it('a group with a minimum above one names it', () => {
    expect(groupProblem(optionGroup({ isMultiple: true, minChoices: 2, maxChoices: 3 }), { g: ['a'] })).toBe('Pişirme: en az 2 seçim yapın');
  });

  it('shows the price with the add-ons and sends the chosen ids in the groups’ order', () => {
    const s = { g: ['c'], x: ['c', 'a'] };
    expect(unitPrice({ priceKurus: 10000 }, [cooking, extras], s)).toBe(10000 + 500 + 500);
    expect(selectedOptionIds([cooking, extras], s)).toEqual(['c', 'a', 'c']);
  });
});

const line = (over: Partial<TicketLine>): TicketLine => ({
  id: 'l1',
  menuItemId: 'tea',
  name: 'Çay',
  quantity: 1,
  unitPrice: 2000,
  options: [],
  note: null,
  status: 'pending',
  station: 'Bar',
  vatRate: 10,
  batchId: null,
  isComp: false,
  discount: null,
  total: 2000,
  due: 2000,
  compReason: null,
  cancelReason: null,
  paymentId: null, course: null, isHeld: false, firedAt: null,
  addedAt: '2025-01-01T12:00:00Z',
  ...over,
});

describe('a tap on an item', () => {
  it('raises the pending plain line of that item', () => {
    expect(pendingLineFor({ lines: [line({})] }, 'tea')?.id).toBe('l1');
  });

  it('never touches a sent line, a line with options or one with a note: those get a new line', () => {
    const lines = [
      line({ id: 'sent', status: 'sent' }),
      line({ id: 'opt', options: [{ name: 'Şekersiz', price: 0 }] }),
      line({ id: 'note', note: 'açık' }),
    ];
    expect(pendingLineFor({ lines }, 'tea')).toBeUndefined();
  });
});

describe('the menu picker', () => {
  const menu = orderableMenu({
    categories: [
      { id: 'c2', icon: '🍰', name: 'Tatlılar', sortOrder: 2, isVisible: true, version: 1 },
      { id: 'c1', icon: '🥤', name: 'İçecekler', sortOrder: 1, isVisible: true, version: 1 },
      { id: 'hidden', icon: '🙈', name: 'Gizli', sortOrder: 0, isVisible: false, version: 1 },
    ],
    items: [
      menuItem({ id: 'i1', categoryId: 'c1', name: 'Çay', priceKurus: 2000, station: 'Bar' }),
      menuItem({ id: 'i2', categoryId: 'c2', name: 'Şekerpare', priceKurus: 9000, isAvailable: false, station: 'Tatlı' }),
      menuItem({ id: 'i3', categoryId: 'hidden', name: 'Gizli çorba', priceKurus: 1, station: 'Mutfak' }),
    ],
    optionGroups: [],
  });

  it('offers visible categories in their order and never a hidden category’s items', () => {
    expect(menu.categories.map((c) => c.name)).toEqual(['İçecekler', 'Tatlılar']);
    expect(menu.items.map((i) => i.id)).not.toContain('i3');
  });

  it('search ignores the category and forgives missing Turkish letters', () => {
    expect(pickerItems(menu, 'c1', 'sekerp').map((i) => i.name)).toEqual(['Şekerpare']);
    expect(pickerItems(menu, 'c2', 'CAY').map((i) => i.name)).toEqual(['Çay']);
  });

  it('without a search shows the chosen category, sold-out items included (drawn disabled)', () => {
    expect(pickerItems(menu, 'c2', '  ').map((i) => i.isAvailable)).toEqual([false]);
  });
});

const summary = (over: Partial<TicketSummary>): TicketSummary => ({
  id: 't',
  number: 1,
  type: 'table',
  tableId: 'tab',
  tableName: 'Salon 1',
  sectionId: 's1',
  waiterId: 'w1',
  waiterName: 'Ayşe',
  customerName: null,
  guests: 2,
  total: 10000,
  remaining: 10000,
  openedAt: '2025-01-01T12:00:00Z',
  state: 'open',
  version: 1,
  ...over,
});

describe('Açık Masalar', () => {
  const list = [
    summary({ id: 'a' }),
    summary({ id: 'b', sectionId: 's2', waiterId: 'w2', waiterName: 'Ömer', state: 'ready', total: 2550 }),
    summary({ id: 'c', type: 'takeaway', tableId: null, tableName: null, sectionId: null, customerName: 'Zeynep', total: 450 }),
  ];

  it('filters by section, waiter and state together', () => {
    expect(filterTickets(list, { sectionId: 's2', waiterId: '', state: '' }).map((t) => t.id)).toEqual(['b']);
    expect(filterTickets(list, { sectionId: '', waiterId: 'w1', state: 'open' }).map((t) => t.id)).toEqual(['a', 'c']);
    expect(filterTickets(list, { sectionId: NO_SECTION, waiterId: '', state: '' }).map((t) => t.id)).toEqual(['c']);
  });

  it('sums the shown tickets in kuruş', () => {
    expect(sumTotals(list)).toBe(13000);
  });

  it('lists each waiter once, in Turkish order', () => {
    expect(waitersOf([...list, summary({ id: 'd', waiterId: 'w3', waiterName: 'Çiğdem' })]).map((w) => w.label)).toEqual(['Ayşe', 'Çiğdem', 'Ömer']);
  });

  it('names a ticket by its table, or by its type and customer', () => {
    expect(whereLabel(list[0])).toBe('Salon 1');
    expect(whereLabel(list[2])).toBe('Gel-Al · Zeynep');
    expect(whereLabel({ type: 'delivery', tableName: null })).toBe('Paket Servis');
  });

  it('ages in whole minutes, never negative, hours after the first', () => {
    const opened = '2025-01-01T12:00:00Z';
    expect(minutesSince(opened, Date.parse(opened) + 125 * 60_000 + 59_000)).toBe(125);
    expect(minutesSince(opened, Date.parse(opened) - 5000)).toBe(0);
    expect(ageLabel(125)).toBe('2 sa 5 dk');
    expect(ageLabel(7)).toBe('7 dk');
  });
});

describe('an adisyon left empty', () => {
  const empty = { type: 'table' as const, status: 'open' as const, lines: [], guests: null, billRequestedAt: null, payments: [], billNumber: null };
  it('is a table ticket nothing was put on', () => {
    expect(isLeftEmpty(empty)).toBe(true);
  });
  it('is not one with a line, a guest count, Hesap İste, a payment, nor a closed, Gel-Al or Paket Servis one', () => {
    expect(isLeftEmpty({ ...empty, lines: [{} as TicketLine] })).toBe(false);
    expect(isLeftEmpty({ ...empty, guests: 2 })).toBe(false);
    expect(isLeftEmpty({ ...empty, billRequestedAt: '2026-11-25T20:00:00Z' })).toBe(false);
    expect(isLeftEmpty({ ...empty, payments: [{} as never] })).toBe(false);
    expect(isLeftEmpty({ ...empty, status: 'closed' })).toBe(false);
    expect(isLeftEmpty({ ...empty, type: 'takeaway' })).toBe(false);
    expect(isLeftEmpty({ ...empty, type: 'delivery' })).toBe(false);
  });
  it('is not a reopened bill emptied of its lines: its bill number keeps it', () => {
    expect(isLeftEmpty({ ...empty, billNumber: 41 })).toBe(false);
  });
});

describe('the options a dialog starts with', () => {
  const portion = optionGroup({
    id: 'p',
    name: 'Porsiyon',
    options: [
      { id: 'one', name: '1', priceKurus: 0, sortOrder: 0 },
      { id: 'onehalf', name: '1,5', priceKurus: 15000, sortOrder: 1 },
    ],
  });

  it('starts a required single-choice group whose first choice costs nothing on that choice', () => {
    expect(defaultSelection([portion])).toEqual({ p: ['one'] });
    expect(defaultSelection([cooking])).toEqual({ g: ['a'] });
  });

  it('chooses nothing where the first choice costs extra, the group is optional or it takes several', () => {
    const priced = optionGroup({ id: 'sos', options: [{ id: 'hot', name: 'Acılı', priceKurus: 500, sortOrder: 0 }] });
    const optional = optionGroup({ id: 'opt', isRequired: false, minChoices: 0 });
    const several = optionGroup({ id: 'meze', isMultiple: true, minChoices: 2, maxChoices: 3 });
    const empty = optionGroup({ id: 'none', options: [] });
    expect(defaultSelection([priced, optional, several, extras, empty])).toEqual({});
  });
});
