import { useCallback, useRef, useState } from 'react';
import type {
  Approval,
  CloseResponse,
  CompRequest,
  PaymentRequest,
  PaymentResponse,
  SplitResponse,
} from '../../../../shared/bill-contract';
import type { PrintResponse } from '../../../../shared/printing-contract';
import type { Discount, Ticket } from '../../../../shared/ticket-contract';
import { MESSAGES } from '../../../../shared/errors';
import { fieldErrorsFrom, messageFor, type FieldErrors } from '../../../api/field-errors';
import { ApiError, api } from '../../../api/http';
import { newIdempotencyKey } from '../../../api/idempotency-key';
import { useTicketForWrites } from '../../orders/api';
import { queryKeys } from '../../../api/query-keys';
import { currentRestaurantId, restaurantPath } from '../../../api/restaurant';
import { createWriteQueue } from '../../../api/write-queue';

const rid = currentRestaurantId;
const ticketUrl = (ticketId: string) => restaurantPath(`/tickets/${encodeURIComponent(ticketId)}`);

/** Added to the server's sentence after a 409: the screen already shows the fresh bill. */
export const REFRESHED_NOTE = 'Hesap güncellendi; lütfen kontrol edip tekrar deneyin.';
/** Instead of the server's stale-version sentence ("reload the page"): the bill on the screen is already fresh. */
export const STALE_BILL = 'Bu hesap siz işlem yaparken başka bir ekranda değişti. Ekrandaki hesap güncellendi; kontrol edip tekrar deneyin.';

/** Yazıcıya Gönder: the server prints the bill on the network bill printer (503 when it does not answer). */
export const sendBillToPrinter = (ticketId: string) => api<PrintResponse>(`${ticketUrl(ticketId)}/print`, { method: 'POST' });

/** "4 kişiye böl": the server splits what remains (the odd kuruş on the last shares). */
export const fetchSplit = (ticketId: string, shares: number) => api<SplitResponse>(`${ticketUrl(ticketId)}/split?shares=${shares}`);

export async function reopenBill(billId: string, reason: string) {
  return api<Ticket>(restaurantPath(`/bills/${encodeURIComponent(billId)}/reopen`), { method: 'POST', body: { reason } });
}

/** The 403 of a missing right (İndirim / İkram / İptal) is answered with an owner's approval. */
export const needsApproval = (err: unknown) => err instanceof ApiError && err.status === 403;

/** What a refused write left for the screen: its sentence, its field errors, and whether an approval would help. */
export interface Refusal {
  message: string;
  fields: FieldErrors;
  needsApproval: boolean;
}

export type GuardedWrite =
  | { kind: 'discount'; discount: Discount | null }
  | { kind: 'line-discount'; lineId: string; discount: Discount | null }
  | { kind: 'comp'; lineId: string; body: Omit<CompRequest, 'version' | 'approval'> }
  | { kind: 'cancel'; lineId: string; reason: string; quantity?: number }
  | { kind: 'service-charge'; percent: number };

function guardedRequest(url: string, w: GuardedWrite, version: number, approval: Approval | undefined) {
  const extra = approval ? { approval } : {};
  switch (w.kind) {
    case 'discount':
      return { path: `${url}/discount`, body: { version, discount: w.discount, ...extra } };
    case 'line-discount':
      return { path: `${url}/lines/${encodeURIComponent(w.lineId)}/discount`, body: { version, discount: w.discount, ...extra } };
    case 'comp':
      return { path: `${url}/lines/${encodeURIComponent(w.lineId)}/comp`, body: { version, ...w.body, ...extra } };
    case 'cancel':
      return { path: `${url}/lines/${encodeURIComponent(w.lineId)}/cancel`, body: { version, reason: w.reason, ...(w.quantity ? { quantity: w.quantity } : {}), ...extra } };
    case 'service-charge':
      return { path: `${url}/service-charge`, body: { version, percent: w.percent, ...extra } };
  }
}

/**
 * The bill's writes. One at a time, each with the version the ticket has when it starts; the
 * answer goes into the ticket's cache at once. A 409 refetches the ticket and says so in Turkish.
 * Payments and closing carry an Idempotency-Key kept until the server answers, so a retry after a
 * lost answer never pays twice.
 */
export function useBillActions(ticketId: string) {
  const { queryClient, key, current } = useTicketForWrites(ticketId);
  const queue = useRef(createWriteQueue());
  const paymentKey = useRef<string | null>(null);
  const closeKey = useRef<string | null>(null);
  const [busy, setBusy] = useState(0);
  const url = ticketUrl(ticketId);

  const refreshLists = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.ticketLists(rid()) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.floor() });
    void queryClient.invalidateQueries({ queryKey: queryKeys.bills() });
  }, [queryClient]);

  /** Runs a write; resolves with its answer, or with the refusal to show. */
  const run = useCallback(
    <T,>(write: (t: Ticket) => Promise<T>, ticketOf: (out: T) => Ticket): Promise<{ ok: true; value: T } | { ok: false; refusal: Refusal }> => {
      setBusy((n) => n + 1);
      return queue.current
        .run(async () => {
          const out = await write(await current());
          queryClient.setQueryData(key, ticketOf(out));
          refreshLists();
          return { ok: true as const, value: out };
        })
        .catch(async (err: unknown) => {
          let message = messageFor(err);
          if (err instanceof ApiError && err.status === 409) {
            await queryClient.invalidateQueries({ queryKey: key, exact: true });
            refreshLists();
            message = err.message === MESSAGES.versionConflict ? STALE_BILL : `${err.message} ${REFRESHED_NOTE}`;
          }
          return { ok: false as const, refusal: { message, fields: fieldErrorsFrom(err), needsApproval: needsApproval(err) } };
        })
        .finally(() => setBusy((n) => n - 1));
    },
    [current, key, queryClient, refreshLists],
  );

  /** Keeps one key per action until the server answers (a lost answer keeps it for the retry). */
  const withKey = async <T,>(slot: { current: string | null }, call: (headers: Record<string, string>) => Promise<T>) => {
    slot.current ??= newIdempotencyKey();
    try {
      const out = await call({ 'idempotency-key': slot.current });
      slot.current = null;
      return out;
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 0)) slot.current = null;
      throw err;
    }
  };

  const same = (t: Ticket) => t;
  return {
    busy: busy > 0,
    guarded: (w: GuardedWrite, approval?: Approval) =>
      run((t) => {
        const { path, body } = guardedRequest(url, w, t.version, approval);
        return api<Ticket>(path, { method: 'POST', body });
      }, same),
    pay: (payment: Omit<PaymentRequest, 'version'>) =>
      run(
        (t) => withKey(paymentKey, (headers) => api<PaymentResponse>(`${url}/payments`, { method: 'POST', body: { version: t.version, ...payment }, headers })),
        (out) => {
          const { paymentId: _id, change: _change, ...ticket } = out;
          return ticket;
        },
      ),
    close: () =>
      run((t) => withKey(closeKey, (headers) => api<CloseResponse>(`${url}/close`, { method: 'POST', body: { version: t.version }, headers })), (out) => out.ticket),
    requestBill: (billRequested: boolean) =>
      run((t) => api<Ticket>(url, { method: 'PATCH', body: { version: t.version, billRequested } }), same),
  };
}
export type BillActions = ReturnType<typeof useBillActions>;
