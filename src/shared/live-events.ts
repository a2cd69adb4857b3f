/**
 * Every live event type, written once. The server's hub publishes only these; the client maps each
 * to the query keys it invalidates (src/client/api/query-keys.ts). An event says *what changed*
 * (type + optional id), never the data, so screens always re-read through the authorised API.
 */
export const LIVE_EVENT_TYPES = [
  /** categories, items, option groups, sold-out switches */
  'menu',
  /** sections and tables (layout, names, seats) */
  'tables',
  /** a ticket opened, changed, sent to the kitchen, moved, merged or closed; id = ticket id */
  'tickets',
  /** a kitchen slip did not reach its network printer, or its retry ended; id = the failure's id */
  'printing',
  /** kitchen progress: a line's status (preparing, ready, served), bump, recall, a batch received or not received in time; id = ticket id when one ticket changed */
  'kitchen',
  /** a held course was fired ("Ana yemek başlat"): kitchen screens highlight it; id = ticket id */
  'kitchen.course-fired',
  /** staff list and memberships */
  'staff',
  'settings.printer',
  'settings.general',
  /** one person's own preferences; id = user id */
  'me.preferences',
  /** a person's sessions were ended (deactivated, password reset, sign out everywhere); id = user id */
  'sessions-ended',
  /** ingredients (Alış, Sayım) and recipes changed: Reçete Raporu refreshes; id = the ingredient, dish or option */
  'recipes',
  /** Gün Sonu taken, a Kasa movement or an İade recorded: the Gün Sonu tab and the reports refresh; id = the day close, movement or refund */
  'days',
  /** Kurye Takibi: a courier added or changed, a link made or revoked, an order given, picked up, delivered or paid, a position, a settlement; id = the courier */
  'couriers',
  /** an online order arrived, was accepted or rejected (Online Sipariş Takibi rings on every owner screen, and on the kitchen's when Ayarlar says so); id = the order */
  'online-orders',
  /**
   * a guest's order request or call from a table's QR (Garson Çağır, Hesap İste) arrived, or staff
   * answered one (accepted, rejected, acknowledged): the waiter's phone rings for a new one; id = the request
   */
  'table-requests',
] as const;

export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

export const SESSIONS_ENDED_EVENT = 'sessions-ended' satisfies LiveEventType;

export const isLiveEventType = (value: string): value is LiveEventType => (LIVE_EVENT_TYPES as readonly string[]).includes(value);

/** What a screen receives. `seq` orders events within one restaurant. */
export interface LiveEvent {
  seq: number;
  restaurantId: string;
  type: LiveEventType;
  id?: string;
}
