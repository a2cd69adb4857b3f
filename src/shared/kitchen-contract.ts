import { z } from 'zod';
import { isoDate } from './dates';
import { nameText } from './text';
import { LINE_STATUSES, TICKET_TYPES, type LineStatus } from './ticket-contract';

/**
 * The kitchen display, the waiter's Garson Ekranı and the kitchen history. A card is one kitchen
 * batch (one "Mutfağa Gönder") as one station sees it. Line statuses come from ticket-contract.
 */

/** A batch that no kitchen screen of its station has received within this time alerts. */
export const UNACKNOWLEDGED_ALERT_SECONDS = 30;

/** What the kitchen may set; `sent` is set by Mutfağa Gönder and `served` by the waiter. */
export const KITCHEN_SETTABLE_STATUSES = ['preparing', 'ready'] as const;
export type KitchenSettableStatus = (typeof KITCHEN_SETTABLE_STATUSES)[number];

/** Lines the kitchen still has to make. */
export const ACTIVE_KITCHEN_STATUSES = ['sent', 'preparing'] as const satisfies readonly LineStatus[];
export const isActiveKitchenStatus = (s: LineStatus) => (ACTIVE_KITCHEN_STATUSES as readonly LineStatus[]).includes(s);

/** The one order of a line's life; recall (Geri Al) is the only step back (ready → preparing). */
const RANK: Record<LineStatus, number> = { pending: 0, sent: 1, preparing: 2, ready: 3, served: 4, cancelled: 5 };
export const isForwardStep = (from: LineStatus, to: LineStatus) => from !== 'cancelled' && RANK[to] > RANK[from];

/** A tap on a line moves it one step: Bekliyor → Hazırlanıyor → Hazır. */
export function nextKitchenStatus(status: LineStatus): KitchenSettableStatus | null {
  if (status === 'sent') return 'preparing';
  if (status === 'preparing') return 'ready';
  return null;
}

export const STATION_MAX = 40;
const station = nameText('İstasyon', { max: STATION_MAX });

export const kitchenOrdersQuery = z.object({
  /** '' or absent = every station */
  station: station.optional(),
  /**
   * 'open' (the default): every batch not fully served, ready ones too. 'active': only batches
   * with something still to make — what the kitchen screen shows, which on a busy night is a
   * fraction of the ready-but-not-served ones.
   */
  scope: z.enum(['open', 'active'], { error: 'Kapsam "open" ya da "active" olmalı' }).optional(),
});
export type KitchenOrdersQuery = z.infer<typeof kitchenOrdersQuery>;

export const kitchenLine = z.object({
  id: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  options: z.array(z.object({ name: z.string(), groupName: z.string().nullable() })),
  note: z.string().nullable(),
  status: z.enum(LINE_STATUSES),
  station: z.string(),
  preparingAt: z.string().nullable(),
  readyAt: z.string().nullable(),
  servedAt: z.string().nullable(),
  /** Servis sırası of the line, null = none */
  course: z.string().nullable(),
  /** held by the waiter: shown apart ("Bekleyen: Ana yemek"), not to be cooked yet */
  isHeld: z.boolean(),
  /** when its course was fired; the card shows "Ana yemek başladı" until the cook starts it */
  firedAt: z.string().nullable(),
});
export type KitchenLine = z.infer<typeof kitchenLine>;

export const kitchenOrder = z.object({
  batchId: z.string(),
  ticketId: z.string(),
  ticketNumber: z.number().int(),
  tableName: z.string().nullable(),
  type: z.enum(TICKET_TYPES),
  /** Gel-Al / Paket Servis: the customer's name */
  customerName: z.string().nullable(),
  waiterName: z.string().nullable(),
  sentAt: z.string(),
  /** an addition (ek sipariş) to a ticket that had been sent before */
  isAddition: z.boolean(),
  sequence: z.number().int(),
  /**
   * The ticket's bill is closed (paid): the card says "Hesap kapandı". What is still to make stays
   * on the kitchen screen (a Gel-Al is paid before it is cooked); Geri Al is no longer offered.
   */
  isTicketClosed: z.boolean(),
  /**
   * A scheduled online or phone order (one the customer asked for later): when it was promised
   * (ISO), so the card says "Teslim: 17:15" and the cook times it; null for every other ticket.
   */
  promisedAt: z.string().nullable(),
  lines: z.array(kitchenLine),
});
export type KitchenOrder = z.infer<typeof kitchenOrder>;

export const lineStatusRequest = z.object({
  status: z.enum(KITCHEN_SETTABLE_STATUSES, { error: "Durum 'preparing' ya da 'ready' olmalı" }),
});
export type LineStatusRequest = z.infer<typeof lineStatusRequest>;

/**
 * Bump (Tümü Hazır) and recall (Geri Al) act on one station's lines of a batch, or on all. The
 * body may be left out altogether (a POST without one arrives as null).
 */
export const batchActionRequest = z.object({ station: station.optional() }).nullish();

export const acknowledgeRequest = z.object({
  batchIds: z.array(z.string()).min(1).max(500),
  /** the screen's station; '' = it shows every station, so it received each one */
  station: station.default(''),
});
export type AcknowledgeRequest = z.infer<typeof acknowledgeRequest>;

/** A line that changed status, as every status write answers. */
export const lineStatusResponse = z.object({ id: z.string(), ticketId: z.string(), status: z.enum(LINE_STATUSES) });
export type LineStatusResponse = z.infer<typeof lineStatusResponse>;
export const batchActionResponse = z.object({ batchId: z.string(), changed: z.number().int() });

// ------------------------------------------------------------------ waiter (Garson Ekranı)

/** Tümünü Servis Et / Geri Al: the lines the waiter's screen showed (or just served) of one ticket. */
export const serveLinesRequest = z.object({
  lineIds: z.array(z.string()).min(1, 'Servis edilecek ürün seçilmedi').max(200, 'Bir seferde en fazla 200 ürün'),
});
export type ServeLinesRequest = z.infer<typeof serveLinesRequest>;
/** The lines this request changed (the ones a Geri Al would take back). */
export const serveLinesResponse = z.object({ ticketId: z.string(), lineIds: z.array(z.string()) });
export type ServeLinesResponse = z.infer<typeof serveLinesResponse>;
/** A mistaken Servis Edildi can be taken back (served → ready) for this long after the serve. */
export const SERVE_UNDO_SECONDS = 30;

export const readyLine = z.object({
  id: z.string(),
  ticketId: z.string(),
  ticketNumber: z.number().int(),
  ticketVersion: z.number().int(),
  tableName: z.string().nullable(),
  type: z.enum(TICKET_TYPES),
  customerName: z.string().nullable(),
  waiterId: z.string().nullable(),
  waiterName: z.string().nullable(),
  name: z.string(),
  quantity: z.number().int(),
  options: z.array(z.object({ name: z.string(), groupName: z.string().nullable() })),
  note: z.string().nullable(),
  readyAt: z.string(),
});
export type ReadyLine = z.infer<typeof readyLine>;

export const kitchenAlert = z.object({
  batchId: z.string(),
  ticketId: z.string(),
  ticketNumber: z.number().int(),
  tableName: z.string().nullable(),
  type: z.enum(TICKET_TYPES),
  sentAt: z.string(),
  sentByName: z.string().nullable(),
  /** the stations no kitchen screen has received yet */
  stations: z.array(z.string()),
});
export type KitchenAlert = z.infer<typeof kitchenAlert>;

// ------------------------------------------------------------------ history

export const kitchenHistoryQuery = z
  .object({
    /** business days (Ayarlar: time zone and day start hour), inclusive */
    from: isoDate.optional(),
    to: isoDate.optional(),
    station: station.optional(),
    /** a table's name, matched exactly; Gel-Al / Paket Servis by their type label */
    table: nameText('Masa', { max: 60 }).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'Başlangıç tarihi bitişten sonra olamaz', path: ['from'] });
export type KitchenHistoryQuery = z.infer<typeof kitchenHistoryQuery>;

export const historyBatch = kitchenOrder.extend({
  /** the last line made ready, the last served; null while none */
  readyAt: z.string().nullable(),
  servedAt: z.string().nullable(),
  /** sent → last ready, seconds */
  prepSeconds: z.number().int().nullable(),
  /** sent → last served, seconds */
  totalSeconds: z.number().int().nullable(),
  /** Geri Al is possible: some line is ready and not served, and the ticket's bill is not closed */
  canRecall: z.boolean(),
});
export type HistoryBatch = z.infer<typeof historyBatch>;

export const prepStat = z.object({
  name: z.string(),
  count: z.number().int(),
  avgSeconds: z.number().int(),
  p90Seconds: z.number().int(),
});
export type PrepStat = z.infer<typeof prepStat>;

export const kitchenHistoryResponse = z.object({
  batches: z.array(historyBatch),
  stats: z.array(prepStat),
  /** true when more batches matched than the answer carries */
  isTruncated: z.boolean(),
});
export type KitchenHistoryResponse = z.infer<typeof kitchenHistoryResponse>;

export const HISTORY_LIMIT = 300;

