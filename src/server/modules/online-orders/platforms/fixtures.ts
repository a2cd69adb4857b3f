/**
 * Sample bodies, one per platform, for the route tests and the simulator, written in each
 * platform's real format as the fixtures under tests/fixtures/platforms/ show it (their sources are
 * in tests/fixtures/platforms/SOURCES.md); the values are Sofra's test menu (Mercimek, Ezogelin).
 * - Yemeksepeti: Delivery Hero's order dispatch (pluginOrder.yaml examples): quantities and prices
 *   as strings, toppings with `children`, discounts with sponsors, `price.grandTotal`.
 * - Getir: the order as Getir's read endpoint (GET /food-orders/{id}) answers it; its webhooks send
 *   the same object in `{"foodOrder": …}` (getirWebhook below). paymentMethod 5 = Kapıda Multinet.
 * - Trendyol: one package of GET …/packages ("Model 1"): a line's quantity is its `items[]`.
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
    riderPickupTime: null,
    address: { street: 'Moda Cad.', number: '5', city: 'İstanbul', deliveryInstructions: 'Kapı kodu 1234', latitude: 40.9812, longitude: 29.0263 },
  },
  comments: { customerComment: 'Zili çalmayın' },
  payment: { status: 'pending', type: 'Cash' },
  price: { grandTotal: '275.00', deliveryFee: '0', payRestaurant: '275.00', collectFromCustomer: '275.00' },
  products: [
    {
      remoteCode: 'YS-MERC',
      name: 'Mercimek Çorbası',
      quantity: '2',
      unitPrice: '90.00',
      comment: 'Limonlu',
      selectedToppings: [{ type: 'VARIANT', remoteCode: 'YS-BUYUK', name: 'Büyük Porsiyon', price: '15.00', quantity: 1, children: [] }],
    },
    { remoteCode: 'YS-EZO', name: 'Ezogelin Çorbası', quantity: '1', unitPrice: '95.00', selectedToppings: [] },
  ],
  discounts: [{ name: 'Yemeksepeti kampanyası', amount: '30.00', sponsorships: [{ sponsor: 'PLATFORM', amount: '20.00' }, { sponsor: 'VENDOR', amount: '10.00' }] }],
};

export const GETIR_ORDER = {
  id: '65a1f0c2e4b0a1b2c3d4e5f6',
  status: 400,
  isScheduled: false,
  confirmationId: 'X7K2',
  client: {
    name: 'Mehmet Demir',
    clientPhoneNumber: '+90 535 *** ** 43',
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
      optionCategories: [{ name: { tr: 'Ekmek', en: 'Bread' }, options: [{ option: 'getir-o-lavas', name: { tr: 'Lavaş', en: 'Lavash' }, price: 5 }] }],
    },
  ],
  deliveryType: 2,
  paymentMethod: 5,
  paymentMethodText: { tr: 'Kapıda Multinet', en: 'Multinet at the door' },
  clientNote: 'Çatal bıçak istemiyorum',
  totalPrice: 95,
  totalDiscountedPrice: 80,
};

/** What Getir's new-order webhook posts: the order in its envelope. */
export const getirWebhook = (order: object) => ({ foodOrder: order });

export const TRENDYOL_ORDER = {
  id: '987654321',
  supplierId: 3344,
  orderNumber: '10293847',
  orderCode: 'A7C',
  packageStatus: 'Created',
  testPackage: false,
  storePickupSelected: false,
  deliveryType: 'STORE',
  customer: { id: 55001, firstName: 'Zeynep', lastName: 'Kaya' },
  address: {
    address1: 'Caferağa Mah. Sakız Sok. No: 3',
    district: 'Kadıköy',
    city: 'İstanbul',
    latitude: '40.9875',
    longitude: '29.0260',
    addressDescription: 'Zil 4',
    phone: '05421112233',
  },
  customerNote: 'Bol limon',
  lines: [
    {
      productId: 5551,
      name: 'Ezogelin Çorbası',
      price: 95,
      items: [
        { packageItemId: '3000001', isCancelled: false },
        { packageItemId: '3000002', isCancelled: false },
      ],
      modifierProducts: [{ productId: 7001, modifierGroupId: 70, name: 'Ekstra Ekmek', price: 7.5, modifierProducts: [], extraIngredients: [], removedIngredients: [] }],
      extraIngredients: [],
      removedIngredients: [{ id: 801, name: 'Nane' }],
    },
  ],
  payment: { paymentType: 'PAY_WITH_CARD', mealCard: null, onDelivery: null },
  totalPrice: 180,
  totalDiscount: 0,
  totalTyDiscount: 25,
};
