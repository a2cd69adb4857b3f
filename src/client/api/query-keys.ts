import type { LiveEventType } from '../../shared/live-events';

/**
 * Every TanStack Query key, written once. Hooks build their keys here, and live events invalidate
 * through LIVE_EVENT_INVALIDATES below, so an event and the screens it refreshes cannot drift apart.
 * A key's first part names its area; invalidating a prefix refreshes every query under it.
 */
export const queryKeys = {
  menu: (restaurantId?: string) => (restaurantId ? (['menu', restaurantId] as const) : (['menu'] as const)),
  tables: (restaurantId?: string) => (restaurantId ? (['tables', restaurantId] as const) : (['tables'] as const)),
  sections: (restaurantId?: string) => (restaurantId ? (['sections', restaurantId] as const) : (['sections'] as const)),
  staff: (filter?: { search: string; role: string }) => (filter ? (['staff', filter.search, filter.role] as const) : (['staff'] as const)),
  printerSettings: (restaurantId?: string) =>
    restaurantId ? (['settings', 'printer', restaurantId] as const) : (['settings', 'printer'] as const),
  generalSettings: (restaurantId?: string) =>
    restaurantId ? (['settings', 'general', restaurantId] as const) : (['settings', 'general'] as const),
  preferences: () => ['me', 'preferences'] as const,
  /** the floor view: sections, tables and their open tickets */
  floor: (restaurantId?: string) => (restaurantId ? (['floor', restaurantId] as const) : (['floor'] as const)),
  /** open ticket lists and single tickets */
  tickets: (restaurantId?: string) => (restaurantId ? (['tickets', restaurantId] as const) : (['tickets'] as const)),
  ticket: (restaurantId: string, ticketId: string) => ['tickets', restaurantId, ticketId] as const,
  /** kitchen cards and history, waiter's ready lines */
  kitchen: (restaurantId?: string) => (restaurantId ? (['kitchen', restaurantId] as const) : (['kitchen'] as const)),
  /** kitchen slips that did not print (owner) */
  printFailures: (restaurantId?: string) => (restaurantId ? (['printing', 'failures', restaurantId] as const) : (['printing', 'failures'] as const)),
  /** closed bills */
  bills: (restaurantId?: string) => (restaurantId ? (['bills', restaurantId] as const) : (['bills'] as const)),
} as const;

export type QueryKey = readonly unknown[];

/**
 * What each live event refreshes. `sessions-ended` is handled apart (the person's screen leaves);
 * it still refreshes the staff list, where last sign-in and status show.
 */
export const LIVE_EVENT_INVALIDATES: Record<LiveEventType, readonly QueryKey[]> = {
  menu: [queryKeys.menu()],
  tables: [queryKeys.tables(), queryKeys.sections(), queryKeys.floor()],
  // A sent batch makes kitchen cards; a ticket's total and state show on the floor and open lists.
  tickets: [queryKeys.tickets(), queryKeys.floor(), queryKeys.kitchen()],
  // A line's status shows on kitchen cards, the waiter's ready lines, the ticket and the floor.
  kitchen: [queryKeys.kitchen(), queryKeys.tickets(), queryKeys.floor()],
  printing: [queryKeys.printFailures()],
  staff: [queryKeys.staff()],
  'settings.printer': [queryKeys.printerSettings()],
  'settings.general': [queryKeys.generalSettings()],
  'me.preferences': [queryKeys.preferences()],
  'sessions-ended': [queryKeys.staff()],
};
