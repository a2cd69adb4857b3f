import { z } from 'zod';
import type { OrderingHours } from './restaurant-settings';
import { multilineText } from './text';
import { TABLE_REQUEST_KINDS, TABLE_REQUEST_PROGRESS, TABLE_REQUEST_STATUSES } from './table-request-view';
import { lineNote } from './ticket-contract';

/**
 * QR Sipariş (issue 39): a guest at a table orders from the table's QR code, calls the waiter or
 * asks for the bill; staff accept (the lines go to the table's adisyon as a new round and to the
 * kitchen), reject with a reason the guest reads, or acknowledge a call. The table's QR token — not
 * its id — is the guest's key; a new token stops the old printed code at once. Money is integer kuruş.
 *
 * Guest, no sign-in (prefix /api/public/menus/:restaurantId/tables/:token):
 *   POST /requests              GuestOrderRequest + Idempotency-Key → 201 GuestRequestCreatedResponse
 *   GET  /requests/:requestId   → GuestRequestStatusResponse
 *   POST /calls                 GuestCallRequest (+ Idempotency-Key) → 201 GuestRequestCreatedResponse
 * Staff (prefix /api/restaurants/:restaurantId; owner and waiter):
 *   GET  /table-requests                     → TableRequestsResponse (waiting ones and the last hour's)
 *   POST /table-requests/:id/accept          → AcceptTableRequestResult (an order)
 *   POST /table-requests/:id/reject          RejectTableRequestRequest → 204 (an order; the guest reads the reason)
 *   POST /table-requests/:id/acknowledge     → 204 (a call: the list shows who answered)
 * Owner:
 *   GET  /tables/qr-tokens                   → QrTokensResponse (to print the table cards)
 *   POST /tables/:tableId/qr-token           → QrTokenResponse (the old token stops at once)
 * Settings: `qrOrdering` of the general settings document (restaurant-settings.ts).
 * Live event: 'table-requests' (id = the request) when one arrives or is answered.
 */

export const TABLE_REQUEST_LIMITS = {
  /** lines in one order */
  lines: 30,
  /** of one dish in one line */
  quantity: 50,
  /** orders of one table waiting for an answer at once */
  pendingPerTable: 5,
  /** guest writes (orders and calls) from one address per minute */
  perAddressPerMinute: 20,
  /** an order or a call nobody answered expires */
  expiresAfterMinutes: 15,
  reason: 200,
} as const;

export {
  TABLE_REQUEST_KINDS,
  TABLE_REQUEST_KIND_LABELS,
  TABLE_REQUEST_PROGRESS,
  TABLE_REQUEST_PROGRESS_LABELS,
  TABLE_REQUEST_STATUSES,
  TABLE_REQUEST_STATUS_LABELS,
  type TableRequestKind,
  type TableRequestProgress,
  type TableRequestStatus,
} from './table-request-view';

// ------------------------------------------------------------------ requests

const quantity = z
  .number({ error: 'Adet bir sayı olmalı' })
  .int('Adet tam sayı olmalı')
  .min(1, 'Adet en az 1 olmalı')
  .max(TABLE_REQUEST_LIMITS.quantity, `Bir üründen en fazla ${TABLE_REQUEST_LIMITS.quantity} adet istenebilir`);

export const guestOrderRequest = z.object({
  items: z
    .array(
      z.object({
        menuItemId: z.string().max(64),
        quantity,
        optionIds: z.array(z.string().max(64)).max(50).default([]),
        note: lineNote.nullable().optional(),
      }),
    )
    .min(1, 'Sepet boş: en az bir ürün seçin')
    .max(TABLE_REQUEST_LIMITS.lines, `Bir siparişte en fazla ${TABLE_REQUEST_LIMITS.lines} satır olabilir`),
});
export type GuestOrderRequest = z.infer<typeof guestOrderRequest>;

export const guestCallRequest = z.object({
  kind: z.enum(['waiter', 'bill'], { error: "Çağrı 'waiter' (Garson Çağır) ya da 'bill' (Hesap İste) olmalı" }),
});
export type GuestCallRequest = z.infer<typeof guestCallRequest>;

export const rejectTableRequestRequest = z.object({
  reason: multilineText('Neden', { min: 1, max: TABLE_REQUEST_LIMITS.reason }),
});
export type RejectTableRequestRequest = z.infer<typeof rejectTableRequestRequest>;

// ------------------------------------------------------------------ answers

/** A guest's new order or call; straight to the kitchen, an order is `accepted` at once. */
export const guestRequestCreatedResponse = z.object({ requestId: z.string(), status: z.enum(TABLE_REQUEST_STATUSES) });
export type GuestRequestCreatedResponse = z.infer<typeof guestRequestCreatedResponse>;

/** What the guest's page polls. `reason` with a rejection; `progress` once the kitchen has the order. */
export const guestRequestStatusResponse = z.object({
  status: z.enum(TABLE_REQUEST_STATUSES),
  reason: z.string().optional(),
  kind: z.enum(TABLE_REQUEST_KINDS),
  progress: z.enum(TABLE_REQUEST_PROGRESS).optional(),
});
export type GuestRequestStatusResponse = z.infer<typeof guestRequestStatusResponse>;

/** One line of an order as the guest asked for it, priced from the menu when it arrived. */
export const tableRequestLineInfo = z.object({
  menuItemId: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  unitPriceKurus: z.number().int(),
  options: z.array(z.object({ optionId: z.string(), groupName: z.string(), name: z.string(), priceKurus: z.number().int() })),
  note: z.string().nullable(),
});
export type TableRequestLineInfo = z.infer<typeof tableRequestLineInfo>;

export const tableRequestInfo = z.object({
  id: z.string(),
  kind: z.enum(TABLE_REQUEST_KINDS),
  status: z.enum(TABLE_REQUEST_STATUSES),
  /** null when the table has since been deleted */
  tableId: z.string().nullable(),
  tableName: z.string(),
  sectionName: z.string().nullable(),
  lines: z.array(tableRequestLineInfo),
  /** dishes in the order (sum of quantities); 0 for a call */
  itemCount: z.number().int(),
  totalKurus: z.number().int(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  answeredAt: z.string().nullable(),
  answeredByName: z.string().nullable(),
  /** the adisyon an accepted order went to; for a waiting one, the table's open adisyon if any */
  ticketId: z.string().nullable(),
  /** the waiter of the table's open adisyon (null: nobody has the table) */
  tableWaiterId: z.string().nullable(),
  /** for the caller to answer: they have the table, or nobody has it (the owner: always) */
  isMine: z.boolean(),
  progress: z.enum(TABLE_REQUEST_PROGRESS).optional(),
});
export type TableRequestInfo = z.infer<typeof tableRequestInfo>;

/** Waiting requests first (oldest first), then the last hour's answered and expired ones (newest first). */
export const tableRequestsResponse = z.object({ requests: z.array(tableRequestInfo) });
export type TableRequestsResponse = z.infer<typeof tableRequestsResponse>;

export const acceptTableRequestResult = z.object({ ticketId: z.string() });
export type AcceptTableRequestResult = z.infer<typeof acceptTableRequestResult>;

export const qrTokenResponse = z.object({ token: z.string() });
export type QrTokenResponse = z.infer<typeof qrTokenResponse>;
export const qrTokensResponse = z.object({ tables: z.array(z.object({ tableId: z.string(), token: z.string() })) });
export type QrTokensResponse = z.infer<typeof qrTokensResponse>;

// ------------------------------------------------------------------ rules both sides use

/** Minutes since midnight on the wall clock of `timeZone`. */
function minuteOfDay(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', hour: '2-digit', minute: '2-digit' }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return get('hour') * 60 + get('minute');
}
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether guests may order at `at`: no hours = always; `to` before `from` runs past midnight. */
export function isWithinOrderingHours(hours: OrderingHours | null, at: Date, timeZone: string): boolean {
  if (!hours) return true;
  const now = minuteOfDay(at, timeZone);
  const from = minutes(hours.from);
  const to = minutes(hours.to);
  return from < to ? now >= from && now < to : now >= from || now < to;
}
