/** The receipt model the preview and the test print render (spec section 3, sample receipt shape). */
export interface ReceiptProperty {
  name: string;
  /** kuruş added per unit; shown only when above 0 */
  price: number;
}
export interface ReceiptLine {
  name: string;
  quantity: number;
  /** unit price in kuruş */
  price: number;
  properties: ReceiptProperty[];
}
export interface ReceiptAdjustment {
  item: string;
  quantity: number;
  price: number;
}
export interface Receipt {
  tableName: string;
  waiter: string;
  orderType: string;
  date: Date;
  items: ReceiptLine[];
  discount: { type: 'amount'; value: number; label: string };
  complimentary: ReceiptAdjustment[];
  cancelled: ReceiptAdjustment[];
}

export function lineTotal(line: ReceiptLine): number {
  const addOns = line.properties.reduce((sum, p) => sum + p.price, 0);
  return (line.price + addOns) * line.quantity;
}

export function receiptSubtotal(r: Receipt): number {
  return r.items.reduce((sum, l) => sum + lineTotal(l), 0);
}

/** Complimentary lines are listed for the record; they are not in `items`, so they cost nothing. */
export function receiptTotal(r: Receipt): number {
  return Math.max(0, receiptSubtotal(r) - r.discount.value);
}

export function sampleReceipt(now: Date): Receipt {
  return {
    tableName: 'Salon 5',
    waiter: 'Ayşe',
    orderType: 'Masa',
    date: now,
    items: [
      { name: 'Mercimek Çorbası', quantity: 2, price: 9000, properties: [] },
      {
        name: 'Adana Kebap',
        quantity: 1,
        price: 38000,
        properties: [
          { name: 'Porsiyon: 1,5', price: 19000 },
          { name: 'Acılı', price: 0 },
        ],
      },
      { name: 'Ayran', quantity: 2, price: 4500, properties: [] },
      { name: 'Künefe', quantity: 1, price: 22000, properties: [{ name: 'Ekstra peynir', price: 1500 }] },
    ],
    discount: { type: 'amount', value: 5000, label: 'Müdavim indirimi' },
    complimentary: [{ item: 'Türk Kahvesi', quantity: 2, price: 6000 }],
    cancelled: [{ item: 'Kola', quantity: 1, price: 5000 }],
  };
}
