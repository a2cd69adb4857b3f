/**
 * Recorded sample order payloads, one per platform, for the contract tests and the simulator.
 * RECONSTRUCTED from the platforms' public documentation (docs/integrations.md)
 * (Delivery Hero POS middleware v2 transcription and OmniConnect README for Yemeksepeti,
 * developers.getir.com/food and its AsyncAPI webhooks for Getir Yemek, developers.trendyol.com
 * webhook model for Trendyol Yemek) — not captured from a live account. Field names follow the
 * documents; values are invented. Amounts are in TL as the platforms send them (strings or numbers).
 */

export const YEMEKSEPETI_ORDER = {
  token: 'ys-tok-7f3a9c',
  code: 'YS-4821-9931',
  shortCode: '9931',
  expeditionType: 'delivery',
  test: false,
  preOrder: false,
  expiryDate: '2026-11-26T18:15:00.000Z',
  customer: { firstName: 'Ayşe', lastName: 'Yılmaz', mobilePhone: '+905321234567' },
  delivery: {
    expectedDeliveryTime: '2026-11-26T18:40:00.000Z',
    address: { street: 'Moda Cad.', number: '5', city: 'İstanbul', deliveryInstructions: 'Kapı kodu 1234', latitude: 40.9812, longitude: 29.0263 },
  },
  comments: { customerComment: 'Zili çalmayın' },
  payment: { status: 'pending', type: 'Cash' },
  price: { grandTotal: '255.00', payRestaurant: '255.00', collectFromCustomer: '255.00' },
  products: [
    {
      remoteCode: 'YS-MERC',
      name: 'Mercimek Çorbası',
      quantity: 2,
      unitPrice: '90.00',
      comment: 'Limonlu',
      selectedToppings: [{ type: 'VARIANT', remoteCode: 'YS-BUYUK', name: 'Büyük Porsiyon', price: '15.00' }],
    },
    { remoteCode: 'YS-EZO', name: 'Ezogelin Çorbası', quantity: 1, unitPrice: 95, selectedToppings: [] },
  ],
  discounts: [{ name: 'Yemeksepeti kampanyası', amount: '30.00', sponsorships: [{ sponsor: 'PLATFORM', amount: '20.00' }, { sponsor: 'VENDOR', amount: '10.00' }] }],
};

export const GETIR_ORDER = {
  id: '65a1f0c2e4b0a1b2c3d4e5f6',
  status: 325,
  confirmationId: 'X7K2',
  isTestOrder: false,
  client: {
    name: 'Mehmet Demir',
    clientUnmaskedPhoneNumber: '+905359876543',
    deliveryAddress: { address: 'Bağdat Cad. No: 120', aptNo: 'Gül Apt.', floor: '3', doorNo: '7', description: 'Eczanenin üstü' },
    location: { lat: 40.9641, lon: 29.0705 },
  },
  products: [
    {
      product: 'getir-p-merc',
      name: { tr: 'Mercimek Çorbası', en: 'Lentil Soup' },
      count: 1,
      price: 90,
      note: 'Acısız',
      optionCategories: [{ name: { tr: 'Ekmek' }, options: [{ option: 'getir-o-lavas', name: { tr: 'Lavaş' }, price: 5 }] }],
    },
  ],
  deliveryType: 2,
  paymentMethod: 4,
  paymentMethodText: { tr: 'Multinet' },
  isScheduled: false,
  clientNote: 'Çatal bıçak istemiyorum',
  totalPrice: 95,
  totalDiscountedPrice: 80,
  getirDiscountAmount: 15,
};

export const TRENDYOL_ORDER = {
  id: 987654321,
  orderNumber: 'TY-10293847',
  packageStatus: 'Created',
  isTestOrder: false,
  deliveryType: 'STORE',
  customer: { firstName: 'Zeynep', lastName: 'Kaya', phone: '05421112233' },
  address: { address1: 'Caferağa Mah. Sakız Sok. No: 3', district: 'Kadıköy', city: 'İstanbul', latitude: '40.9875', longitude: '29.0260', addressDescription: 'Zil 4' },
  customerNote: 'Bol limon',
  lines: [
    {
      productId: 5551,
      name: 'Ezogelin Çorbası',
      quantity: 2,
      price: '95.00',
      modifierProducts: [{ productId: 7001, name: 'Ekstra Ekmek', price: '7.50' }],
      ingredientOptions: { excludes: [{ name: 'Nane' }] },
    },
  ],
  payment: { paymentType: 'PAY_WITH_CARD' },
  totalPrice: '205.00',
  platformDiscount: '25.00',
};
