import type { FloorTable } from '../../shared/floor-contract';
import type { MenuItem, OptionGroup } from '../../shared/menu-contract';
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
