// The words of QR Sipariş both the guest's page and the staff's screens use, kept apart from the
// zod schemas (table-requests-contract.ts) so the customer's menu page ships without a validation library.

/** What a guest may ask for from the table. */
export const TABLE_REQUEST_KINDS = ['order', 'waiter', 'bill'] as const;
export type TableRequestKind = (typeof TABLE_REQUEST_KINDS)[number];
export const TABLE_REQUEST_KIND_LABELS: Record<TableRequestKind, string> = { order: 'Sipariş isteği', waiter: 'Garson çağrısı', bill: 'Hesap isteği' };

/** `expired` is never stored: a request still pending past its expiry reads as expired. */
export const TABLE_REQUEST_STATUSES = ['pending', 'accepted', 'rejected', 'expired'] as const;
export type TableRequestStatus = (typeof TABLE_REQUEST_STATUSES)[number];
/** What the guest's page says for each state of an order. */
export const TABLE_REQUEST_STATUS_LABELS: Record<TableRequestStatus, string> = {
  pending: 'Garsona iletildi',
  accepted: 'Onaylandı, mutfakta',
  rejected: 'Reddedildi',
  expired: 'Yanıt alınamadı; garsonu çağırın',
};

/** How far the kitchen got with an accepted order (from its lines). */
export const TABLE_REQUEST_PROGRESS = ['sent', 'preparing', 'ready', 'served'] as const;
export type TableRequestProgress = (typeof TABLE_REQUEST_PROGRESS)[number];
export const TABLE_REQUEST_PROGRESS_LABELS: Record<TableRequestProgress, string> = {
  sent: 'Onaylandı, mutfakta',
  preparing: 'Hazırlanıyor',
  ready: 'Hazır',
  served: 'Servis edildi',
};
