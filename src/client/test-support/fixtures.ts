import type { FloorTable } from '../../shared/floor-contract';
import type { KitchenLine, KitchenOrder, ReadyLine } from '../../shared/kitchen-contract';
import type { MenuItem, OptionGroup } from '../../shared/menu-contract';
import type { OnlineOrderInfo } from '../../shared/online-orders-contract';
import type { TableRequestInfo } from '../../shared/table-requests-contract';
import { EMPTY_TOTALS, type Ticket, type TicketLine } from '../../shared/ticket-contract';
import { FREE_TABLE } from '../features/tables/api';

/**
 * Test data for the client's unit tests: each builder answers one valid object as the API sends
 * it; `over` sets what a test is about.
 */

/** A free square table "Salon 1" for four, 80 × 80 at (100, 100) on the plan. */
export const floorTable = (over: Partial<FloorTable> = {}): FloorTable => ({
  id: 't1',
  sectionId: 's1',
  name: 'Salon 1',
  seats: 4,
  shape: 'square',
  x: 100,
  y: 100,
  width: 80,
  height: 80,
  rotation: 0,
  version: 1,
  ...FREE_TABLE,
  ...over,
});

/** Çay, 20 TL at 10 % VAT, on sale at the Bar, without options. */
export const menuItem = (over: Partial<MenuItem> = {}): MenuItem => ({
  id: 'i1',
  categoryId: 'c1',
  name: 'Çay',
  description: null,
  priceKurus: 2000,
  vatRate: 10,
  sortOrder: 0,
  isAvailable: true,
  station: 'Bar',
  photoUrl: null,
  optionGroupIds: [],
  version: 1,
  ...over,
});

/** "Pişirme": one required choice of Az, Orta or İyi (+5 TL). */
export const optionGroup = (over: Partial<OptionGroup> = {}): OptionGroup => ({
  id: 'g',
  name: 'Pişirme',
  isMultiple: false,
  isRequired: true,
  minChoices: 1,
  maxChoices: 1,
  sortOrder: 0,
  version: 1,
  options: [
    { id: 'a', name: 'Az', priceKurus: 0, sortOrder: 0 },
    { id: 'b', name: 'Orta', priceKurus: 0, sortOrder: 1 },
    { id: 'c', name: 'İyi', priceKurus: 500, sortOrder: 2 },
  ],
  ...over,
});

/** One Mercimek Çorbası at 90 TL, sent to the kitchen and waiting there. */
export const ticketLine = (over: Partial<TicketLine> = {}): TicketLine => {
  const line: TicketLine = {
    id: 'l1',
    menuItemId: 'i1',
    name: 'Mercimek Çorbası',
    quantity: 1,
    unitPrice: 9000,
    options: [],
    note: null,
    status: 'sent',
    station: 'Mutfak',
    vatRate: 10,
    batchId: 'b1',
    isComp: false,
    discount: null,
    total: 9000,
    due: 9000,
    addedAt: '2025-01-01T12:00:00Z',
    compReason: null,
    cancelReason: null,
    paymentId: null, course: null, isHeld: false, firedAt: null,
    ...over,
  };
  return { ...line, total: line.unitPrice * line.quantity, due: over.due ?? line.unitPrice * line.quantity };
};

/** An open table ticket #7 on "Salon 1" for Ayşe, with `lines` (none unless told). */
export const ticket = (over: Partial<Ticket> = {}): Ticket => ({
  id: 't1',
  number: 7,
  type: 'table',
  tableId: 'tab',
  tableName: 'Salon 1',
  status: 'open',
  guests: null,
  waiterId: 'w',
  waiterName: 'Ayşe',
  customer: null,
  openedAt: '2025-01-01T12:00:00Z',
  billRequestedAt: null,
  state: 'open',
  version: 1,
  lines: [],
  totals: EMPTY_TOTALS,
  discount: null,
  payments: [],
  billNumber: null,
  closedAt: null,
  ...over,
});

/** A new Getir delivery for Ayşe Yılmaz, paid online, 170 TL without a fee or discounts, `items` none unless told. */
export const onlineOrder = (over: Partial<OnlineOrderInfo> = {}): OnlineOrderInfo => ({
  id: 'o1',
  source: 'getir',
  externalId: 'G-9',
  status: 'new',
  type: 'delivery',
  customer: { name: 'Ayşe Yılmaz', phone: '+905321234567', address: 'Moda Cad. No: 5', lat: null, lng: null },
  items: [],
  payment: { method: 'online', brand: null },
  subtotal: 17_000,
  platformDiscount: 0,
  restaurantDiscount: 0,
  total: 17_000,
  deliveryFee: 0,
  customerPays: 17_000,
  collectAtDoor: 17_000,
  platformCourier: false,
  note: null,
  expectedAt: null,
  isScheduled: false,
  prepMinutes: null,
  rejectReason: null,
  rejectNote: null,
  ticketId: null,
  ticketNumber: null,
  receivedAt: '2026-11-26T17:00:00Z',
  answeredAt: null,
  version: 1,
  isTest: false,
  deliveries: [],
  ...over,
});

/** A guest's waiting order from Salon 7's QR: 2 Adana (1,5 portion, soğansız) and an Ayran, 1.100 TL, mine to answer. */
export const tableRequest = (id: string, patch: Partial<TableRequestInfo> = {}): TableRequestInfo => ({
  id,
  kind: 'order',
  status: 'pending',
  tableId: 'tb7',
  tableName: 'Salon 7',
  sectionName: 'Salon',
  lines: [
    { menuItemId: 'm1', name: 'Adana Kebap', quantity: 2, unitPriceKurus: 53000, options: [{ optionId: 'o1', groupName: 'Porsiyon', name: 'Porsiyon: 1,5', priceKurus: 15000 }], note: 'soğansız' },
    { menuItemId: 'm2', name: 'Ayran', quantity: 1, unitPriceKurus: 4000, options: [], note: null },
  ],
  itemCount: 3,
  totalKurus: 110000,
  reason: null,
  createdAt: '2026-11-25T18:00:00Z',
  expiresAt: '2026-11-25T18:15:00Z',
  answeredAt: null,
  answeredByName: null,
  ticketId: null,
  tableWaiterId: null,
  isMine: true,
  ...patch,
});

/** A sent kitchen line: one Adana Kebap at the Mutfak station, not in a course. */
export const kitchenLine = (over: Partial<KitchenLine> = {}): KitchenLine => ({
  id: 'l1',
  name: 'Adana Kebap',
  quantity: 1,
  options: [],
  note: null,
  status: 'sent',
  station: 'Mutfak',
  preparingAt: null,
  readyAt: null,
  servedAt: null,
  course: null,
  isHeld: false,
  firedAt: null,
  ...over,
});

/** A kitchen card: ticket #12 of Salon 4, sent by Mehmet at 18:00 UTC, with `lines`. */
export const kitchenCard = (lines: KitchenLine[], over: Partial<KitchenOrder> = {}): KitchenOrder => ({
  batchId: 'b1',
  ticketId: 't1',
  ticketNumber: 12,
  tableName: 'Salon 4',
  type: 'table',
  customerName: null,
  waiterName: 'Mehmet',
  sentAt: '2026-11-25T18:00:00Z',
  isAddition: false,
  isTicketClosed: false,
  promisedAt: null,
  sequence: 1,
  lines,
  ...over,
});

/** A dish ready for the floor: one Adana of Salon 1's ticket #1, Mehmet's table, ready at 18:00 UTC. */
export const readyLine = (over: Partial<ReadyLine> = {}): ReadyLine => ({
  id: 'r1',
  ticketId: 't1',
  ticketNumber: 1,
  ticketVersion: 1,
  tableName: 'Salon 1',
  type: 'table',
  customerName: null,
  waiterId: 'w',
  waiterName: 'Mehmet',
  name: 'Adana',
  quantity: 1,
  options: [],
  note: null,
  readyAt: '2026-11-25T18:00:00Z',
  ...over,
});
