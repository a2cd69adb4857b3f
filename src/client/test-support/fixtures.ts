import type { FloorTable } from '../../shared/floor-contract';
import type { MenuItem, OptionGroup } from '../../shared/menu-contract';
import { FREE_TABLE } from '../features/tables/floor-api';

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
