import { UnknownGetirPayment, getirPayment, getirPaymentCatalog } from './getir';

/*
 * How a Getir order's payment is named (platforms/getir.ts): Getir's own list of payment methods
 * (GET /payment-methods) first, then the order's paymentMethodText, then one integrator's table of
 * ids (tests/fixtures/platforms/SOURCES.md); never guessed. The list's shape is Getir's Swagger
 * (Model1: {id, name: {tr, en}, icon, paymentGroup, deliveryTypes, type}); its ids and names here
 * are the test's own, Getir publishing no example.
 */
const catalog = getirPaymentCatalog([
  { id: '4', name: { tr: 'Kapıda Nakit', en: 'Cash' }, icon: 'x', paymentGroup: 2, deliveryTypes: [1, 2], type: 1 },
  { id: '31', name: { tr: 'Kapıda Setcard', en: 'Setcard' }, paymentGroup: 2, deliveryTypes: [2], type: 1 },
  { id: 40, name: { tr: 'Kapıda Kredi Kartı' } },
  { id: '41', name: null },
]);

describe('a Getir payment', () => {
  it('is read from Getir’s list of payment methods, the order’s id matched as text', () => {
    expect(catalog && [...catalog.entries()]).toEqual([
      ['4', 'Kapıda Nakit'],
      ['31', 'Kapıda Setcard'],
      ['40', 'Kapıda Kredi Kartı'],
    ]);
    expect(getirPayment(31, null, catalog)).toEqual({ method: 'meal_card', brand: 'Setcard' });
    expect(getirPayment(40, undefined, catalog)).toEqual({ method: 'card', brand: null });
  });

  it('falls back to the order’s own text, then to the known ids, and is refused when none names it', () => {
    expect(getirPayment(99, 'Kapıda Multinet')).toEqual({ method: 'meal_card', brand: 'Multinet' });
    expect(getirPayment(4, null)).toEqual({ method: 'cash', brand: null });
    expect(getirPayment(1, null)).toEqual({ method: 'online', brand: null });
    // the list outranks the table: an id the list names otherwise is what the list says
    expect(getirPayment(4, null, new Map([['4', 'Online Kredi Kartı']]))).toEqual({ method: 'online', brand: null });
    expect(() => getirPayment(99, null, catalog)).toThrow(UnknownGetirPayment);
    expect(() => getirPayment(99, 'Bilinmeyen', catalog)).toThrow(/Getir ödeme yöntemi tanınmadı \(paymentMethod 99, "Bilinmeyen"\)/);
  });

  it('list that cannot be read is no list', () => {
    expect(getirPaymentCatalog({ error: 'x' })).toBeUndefined();
    expect(getirPaymentCatalog(null)).toBeUndefined();
  });
});
