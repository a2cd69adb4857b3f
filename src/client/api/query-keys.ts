import type { LiveEventType } from '../../shared/live-events';

/**
 * Every TanStack Query key, written once. Each endpoint's typed queryOptions (key + fetcher, in
 * src/client/api) builds its key here and screens never write one themselves
 * (app/guard-conventions.test.ts), so one key never holds two shapes. Invalidation uses these
 * too, and live events invalidate through LIVE_EVENT_INVALIDATES below, so an event and the
 * screens it refreshes cannot drift apart.
 * A key's first part names its area; invalidating a prefix refreshes every query under it.
 */
export const queryKeys = {
  /** Reçete Raporu: ingredients, the recipe book and the report (a sale changes the report too: refetched on open) */
  recipes: (restaurantId?: string) => (restaurantId ? (['recipes', restaurantId] as const) : (['recipes'] as const)),
  ingredients: (restaurantId: string) => ['recipes', restaurantId, 'ingredients'] as const,
  recipeBook: (restaurantId: string) => ['recipes', restaurantId, 'book'] as const,
  recipeReport: (restaurantId: string, from: string, to: string) => ['recipes', restaurantId, 'report', from, to] as const,
  menu: (restaurantId?: string) => (restaurantId ? (['menu', restaurantId] as const) : (['menu'] as const)),
  tables: (restaurantId?: string) => (restaurantId ? (['tables', restaurantId] as const) : (['tables'] as const)),
  /** under 'tables': the tables event (a new table, a new QR token) refreshes the cards' codes */
  qrTokens: (restaurantId: string) => ['tables', restaurantId, 'qr-tokens'] as const,
  sections: (restaurantId?: string) => (restaurantId ? (['sections', restaurantId] as const) : (['sections'] as const)),
  staff: (filter?: { search: string; role: string }) => (filter ? (['staff', filter.search, filter.role] as const) : (['staff'] as const)),
  /** under 'staff': the staff live event refreshes them too (devices and PINs change with it) */
  sharedDevices: (restaurantId: string) => ['staff', 'shared-devices', restaurantId] as const,
  staffPins: (restaurantId: string) => ['staff', 'pins', restaurantId] as const,
  /** this browser as a shared device, and the names on its pad (owners for a PIN approval) */
  sharedDeviceInfo: () => ['staff', 'this-device'] as const,
  ownPin: () => ['me', 'pin'] as const,
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
  /** open ticket lists (Açık Masalar, Masa Birleştir): refreshed after every ticket write */
  ticketLists: (restaurantId: string) => ['tickets', restaurantId, 'list'] as const,
  openTickets: (restaurantId: string) => ['tickets', restaurantId, 'list', 'open'] as const,
  /** kitchen cards and history, waiter's ready lines */
  kitchen: (restaurantId?: string) => (restaurantId ? (['kitchen', restaurantId] as const) : (['kitchen'] as const)),
  kitchenOrders: (restaurantId: string, station: string) => ['kitchen', restaurantId, 'orders', station] as const,
  kitchenHistory: (restaurantId: string, query: string) => ['kitchen', restaurantId, 'history', query] as const,
  readyLines: (restaurantId: string) => ['kitchen', restaurantId, 'ready'] as const,
  kitchenAlerts: (restaurantId: string) => ['kitchen', restaurantId, 'alerts'] as const,
  /** kitchen slips that did not print (owner) */
  printFailures: (restaurantId?: string) => (restaurantId ? (['printing', 'failures', restaurantId] as const) : (['printing', 'failures'] as const)),
  /** closed bills */
  bills: (restaurantId?: string) => (restaurantId ? (['bills', restaurantId] as const) : (['bills'] as const)),
  billList: (restaurantId: string, query: string) => ['bills', restaurantId, 'list', query] as const,
  billDetail: (restaurantId: string, billId: string | null) => ['bills', restaurantId, 'detail', billId] as const,
  /** what was refunded of a closed bill (under 'bills': an İade refreshes it with the bill) */
  billRefunds: (restaurantId: string, billId: string) => ['bills', restaurantId, 'refunds', billId] as const,
  /** Satış Raporları: one report per period (closed bills change it: the tickets event refreshes it) */
  reports: (restaurantId?: string) => (restaurantId ? (['reports', restaurantId] as const) : (['reports'] as const)),
  salesReport: (restaurantId: string, from: string, to: string) => ['reports', restaurantId, 'sales', from, to] as const,
  /** Gün Sonu tab: the day to close (preview), closed days, one report, the open day's Kasa movements */
  days: (restaurantId?: string) => (restaurantId ? (['days', restaurantId] as const) : (['days'] as const)),
  dayPreview: (restaurantId: string) => ['days', restaurantId, 'current'] as const,
  dayList: (restaurantId: string) => ['days', restaurantId, 'list'] as const,
  dayReport: (restaurantId: string, number: number) => ['days', restaurantId, 'report', number] as const,
  /** the business day open now (every screen's Bugün; under 'days': a Gün Sonu's live event refreshes it) */
  openDay: (restaurantId: string) => ['days', restaurantId, 'open'] as const,
  cashMovements: (restaurantId: string) => ['days', restaurantId, 'cash-movements'] as const,
  /** Kayıt bütünlüğü: the hash chains checked on request (no live event refreshes it) */
  auditChain: (restaurantId: string, full: boolean) => ['audit-chain', restaurantId, full ? 'full' : 'since-last'] as const,
  /** Ayarlar → Yedek anahtarı: where the backup key is and, until it is marked kept, the key */
  backupKey: (restaurantId: string) => ['backup-key', restaurantId] as const,
  /** Online Sipariş Takibi: the inbox (all statuses; the screen filters) */
  onlineOrders: (restaurantId?: string) => (restaurantId ? (['online-orders', restaurantId] as const) : (['online-orders'] as const)),
  /** the kitchen screen's ring: how many orders wait for the owner's answer (under 'online-orders': its live event refreshes it) */
  onlineOrdersWaiting: (restaurantId: string) => ['online-orders', restaurantId, 'waiting'] as const,
  /** the secret of the restaurant's own order channel (Ayarlar) */
  sofraSecret: (restaurantId: string) => ['online-orders', restaurantId, 'sofra-secret'] as const,
  /** Telefon Siparişi: what earlier orders tell of a phone number (canonical form) */
  onlineCustomer: (restaurantId: string, phone: string) => ['online-orders', restaurantId, 'customer', phone] as const,
  /** Ayarlar > Yemek Platformları: the connections (under 'online-orders': a pause or a mapping refreshes them) */
  platformConnections: (restaurantId: string) => ['online-orders', restaurantId, 'platforms'] as const,
  /** Ayarlar > Deneme Siparişleri: whether this restaurant has demo data (and which sources can send) */
  onlineOrderSimulator: (restaurantId: string) => ['online-orders', restaurantId, 'simulator'] as const,
  /** Kurye Takibi: couriers, their orders and positions, and the ready Paket Servis orders to give them */
  couriers: (restaurantId?: string) => (restaurantId ? (['couriers', restaurantId] as const) : (['couriers'] as const)),
  courierBoard: (restaurantId: string) => ['couriers', restaurantId, 'board'] as const,
  /** QR Sipariş: the guests' waiting order requests and calls, and the last hour's answered ones */
  tableRequests: (restaurantId?: string) => (restaurantId ? (['table-requests', restaurantId] as const) : (['table-requests'] as const)),
} as const;

export type QueryKey = readonly unknown[];

/**
 * What each live event refreshes. `sessions-ended` is handled apart (the person's screen leaves);
 * it still refreshes the staff list, where last sign-in and status show.
 */
export const LIVE_EVENT_INVALIDATES: Record<LiveEventType, readonly QueryKey[]> = {
  menu: [queryKeys.menu(), queryKeys.recipes()],
  tables: [queryKeys.tables(), queryKeys.sections(), queryKeys.floor()],
  // A sent batch makes kitchen cards; a ticket's total and state show on the floor and open lists.
  tickets: [queryKeys.tickets(), queryKeys.floor(), queryKeys.kitchen(), queryKeys.reports(), queryKeys.recipes(), queryKeys.days(), queryKeys.couriers()],
  // A line's status shows on kitchen cards, the waiter's ready lines, the ticket and the floor.
  // Kurye Takibi lists the ready Paket Servis orders.
  // Online Sipariş Takibi reads Hazırlanıyor / Hazır from the ticket's lines, and the floor's list
  // of the hour's table requests how far an accepted QR order got (Hazır, Servis edildi).
  kitchen: [queryKeys.kitchen(), queryKeys.tickets(), queryKeys.floor(), queryKeys.couriers(), queryKeys.onlineOrders(), queryKeys.tableRequests()],
  // Held lines became lines to cook: the kitchen cards, the ticket and its table change.
  'kitchen.course-fired': [queryKeys.kitchen(), queryKeys.tickets(), queryKeys.floor()],
  printing: [queryKeys.printFailures()],
  staff: [queryKeys.staff()],
  'settings.printer': [queryKeys.printerSettings()],
  'settings.general': [queryKeys.generalSettings()],
  'me.preferences': [queryKeys.preferences()],
  'sessions-ended': [queryKeys.staff()],
  recipes: [queryKeys.recipes()],
  // a Gün Sonu, Kasa movement or İade: the Gün Sonu tab, the reports (İade nets) and Kapalı Hesaplar
  days: [queryKeys.days(), queryKeys.reports(), queryKeys.bills()],
  // a courier's step can take a payment and close the ticket: the open lists and bills follow
  couriers: [queryKeys.couriers(), queryKeys.tickets(), queryKeys.bills()],
  // the inbox, and the kitchen lists the accepted order's ticket
  'online-orders': [queryKeys.onlineOrders(), queryKeys.tickets(), queryKeys.kitchen()],
  // a guest's request or call, or its answer: an accepted order's round is on the adisyon and the kitchen's cards
  'table-requests': [queryKeys.tableRequests(), queryKeys.tickets(), queryKeys.floor(), queryKeys.kitchen()],
};
