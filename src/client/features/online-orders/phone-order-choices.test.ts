import { describe, expect, it } from 'vitest';
import { type ChoiceGroup, choiceProblem, customerForNumber, initialChoices, toggleChoice } from './phone-order-choices';

const portion: ChoiceGroup = { id: 'p', name: 'Porsiyon', isRequired: true, isMultiple: false, minChoices: 1, maxChoices: 1, options: [{ id: 'p1', name: '1', priceKurus: 0 }, { id: 'p15', name: '1,5', priceKurus: 4500 }] };
const extras: ChoiceGroup = { id: 'e', name: 'Ekstralar', isRequired: false, isMultiple: true, minChoices: 0, maxChoices: 2, options: [{ id: 'e1', name: 'Limon', priceKurus: 0 }, { id: 'e2', name: 'Kıtır', priceKurus: 500 }, { id: 'e3', name: 'Tereyağı', priceKurus: 700 }] };

describe('the phone order form’s choices', () => {
  it('start with a required single choice chosen, as the waiter’s dialog does, and nothing else', () => {
    expect(initialChoices([portion, extras])).toEqual({ p: ['p1'] });
  });

  it('take several Ekstralar up to the group’s maximum, and one portion', () => {
    let c = initialChoices([portion, extras]);
    c = toggleChoice(c, extras, 'e1');
    c = toggleChoice(c, extras, 'e2');
    expect(toggleChoice(c, extras, 'e3')).toEqual(c);
    c = toggleChoice(c, extras, 'e1');
    expect(c.e).toEqual(['e2']);
    expect(toggleChoice(c, portion, 'p15').p).toEqual(['p15']);
  });

  it('say in Turkish what is missing or too much', () => {
    expect(choiceProblem([portion], {})).toBe('Porsiyon: bir seçim yapın');
    expect(choiceProblem([{ ...extras, minChoices: 2, isRequired: true }], { e: ['e1'] })).toBe('Ekstralar: en az 2 seçim yapın');
    expect(choiceProblem([extras], { e: ['e1', 'e2', 'e3'] })).toBe('Ekstralar: en fazla 2 seçim yapılabilir');
    expect(choiceProblem([portion, extras], { p: ['p1'] })).toBeNull();
  });
});

describe('the caller’s name and address', () => {
  const known = { names: ['Ayşe Yılmaz'], addresses: [{ address: 'Moda Cad. No: 5', lat: null, lng: null, lastUsedAt: '2026-11-01T10:00:00Z' }] };
  const unknown = { names: [], addresses: [] };

  it('are cleared when the number changes to one never seen (no food to the previous caller’s door)', () => {
    expect(customerForNumber({ name: 'Ayşe Yılmaz', address: 'Moda Cad. No: 5' }, true, unknown)).toEqual({ name: '', address: '' });
  });

  it('are the new caller’s newest when the number changes to a known one', () => {
    expect(customerForNumber({ name: 'Mehmet', address: 'Bağdat Cad.' }, true, known)).toEqual({ name: 'Ayşe Yılmaz', address: 'Moda Cad. No: 5' });
  });

  it('for the first number, keep what the operator typed and fill only empty fields', () => {
    expect(customerForNumber({ name: 'Ayşe Hanım', address: '' }, false, known)).toEqual({ name: 'Ayşe Hanım', address: 'Moda Cad. No: 5' });
  });
});
