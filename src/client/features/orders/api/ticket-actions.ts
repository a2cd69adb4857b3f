import { useCallback, useMemo, useRef, useState } from 'react';
import type {
  FireCourseResponse,
  MoveLinesResponse,
  NewLine,
  OpenTicketRequest,
  SendResponse,
  Ticket,
  TicketLine,
  UpdateLineRequest,
  UpdateTicketRequest,
} from '../../../../shared/ticket-contract';
import { MESSAGES } from '../../../../shared/errors';
import { ApiError, api } from '../../../api/http';
import { newIdempotencyKey, useIdempotentRequest } from '../../../api/idempotency-key';
import { menuQuery } from '../../menu/api';
import { useTicketForWrites } from './ticket-for-writes';
import { queryKeys } from '../../../api/query-keys';
import { messageFor } from '../../../api/field-errors';
import { currentRestaurantId, restaurantPath } from '../../../api/restaurant';
import { isLeftEmpty, pendingLineFor } from '../order-logic';
import { createWriteQueue } from '../../../api/write-queue';
import { OFFLINE_TEXT, createOfflineTicketActions, shouldQueue } from '../offline-actions';

const rid = currentRestaurantId;
const base = () => restaurantPath('/tickets');

/** Added to the server's sentence after a 409: the screen already shows the fresh ticket. */
export const REFRESHED_NOTE = 'Adisyon güncellendi; lütfen kontrol edip tekrar deneyin.';
/**
 * Instead of the server's stale-version sentence, which says to reload the page: the adisyon on the
 * screen has already been fetched again, so a reload is not needed.
 */
export const STALE_TICKET = 'Bu adisyon siz düzenlerken başka bir ekranda değişti. Ekrandaki adisyon güncellendi; kontrol edip tekrar deneyin.';
const conflictMessage = (err: ApiError) => (err.message === MESSAGES.versionConflict ? STALE_TICKET : `${err.message} ${REFRESHED_NOTE}`);

/**
 * Opens a ticket. For a table that already has one, the server answers 409 naming it: that ticket
 * is what the person wanted, so its id comes back instead of an error.
 */
export async function openTicket(body: OpenTicketRequest): Promise<{ ticketId: string; ticket?: Ticket }> {
  try {
    const ticket = await api<Ticket>(base(), { method: 'POST', body });
    return { ticketId: ticket.id, ticket };
  } catch (err) {
    if (err instanceof ApiError && err.status === 409 && typeof err.body.ticketId === 'string') return { ticketId: err.body.ticketId };
    throw err;
  }
}

type Write<T> = (ticket: Ticket) => Promise<T>;
type LineChange = Omit<UpdateLineRequest, 'version'>;
type TicketChange = Omit<UpdateTicketRequest, 'version'>;

/**
 * The adisyon's writes. They run one after another, each with the version the ticket has when it
 * starts; the answer goes into the cache at once (so the next write carries the new version) and
 * the floor and open lists refresh. A 409 refetches the ticket and shows the server's sentence.
 */
export function useTicketActions(ticketId: string) {
  const { queryClient, key, current } = useTicketForWrites(ticketId);
  const queue = useRef(createWriteQueue());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(0);
  /** "kaydedildi, bağlantı gelince gönderilecek": the last write went to the offline queue */
  const [notice, setNotice] = useState<string | null>(null);
  const offline = useMemo(
    () =>
      createOfflineTicketActions({
        ticketId,
        serverTicket: () => queryClient.getQueryData(key),
        menu: () => queryClient.getQueryData(menuQuery().queryKey),
      }),
    [ticketId, queryClient, key],
  );

  const refreshLists = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.ticketLists(rid()) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.floor() });
  }, [queryClient]);

  /**
   * Queues a write; resolves with its answer, or undefined when it was refused (the message shows).
   * `unanswered`: what to do when the request got no answer at all (the network went): hand it to
   * the offline queue, which finds out whether it applied.
   */
  const run = useCallback(
    <T,>(write: Write<T>, ticketOf: (out: T) => Ticket | undefined, unanswered?: () => Promise<unknown>): Promise<T | undefined> => {
      setBusy((n) => n + 1);
      return queue.current
        .run(async () => {
          const out = await write(await current());
          const next = ticketOf(out);
          if (next) queryClient.setQueryData(key, next);
          setError(null);
          setNotice(null);
          refreshLists();
          return out;
        })
        .catch(async (err: unknown) => {
          if (err instanceof ApiError && err.status === 0 && unanswered) {
            await unanswered();
            setError(null);
            setNotice(OFFLINE_TEXT.queued);
          } else if (err instanceof ApiError && err.status === 409) {
            await queryClient.invalidateQueries({ queryKey: key, exact: true });
            refreshLists();
            setError(conflictMessage(err));
          } else setError(messageFor(err));
          return undefined;
        })
        .finally(() => setBusy((n) => n - 1));
    },
    [current, key, queryClient, refreshLists],
  );

  const url = `${base()}/${encodeURIComponent(ticketId)}`;
  const same = (t: Ticket) => t;

  /**
   * While the server cannot be reached (or this ticket's earlier offline actions still wait), a
   * write goes to the offline queue; it resolves with the adisyon as it now shows, or undefined
   * when it could not be queued (the message shows).
   */
  const queued = useCallback(
    async <T,>(write: () => Promise<T>, text: string = OFFLINE_TEXT.queued): Promise<T | undefined> => {
      try {
        const out = await write();
        setError(null);
        setNotice(text);
        return out;
      } catch (err) {
        setError(messageFor(err));
        return undefined;
      }
    },
    [],
  );
  /** A write that only makes sense with the server there (Masa Taşı, Birleştir, Hesap İste...). */
  const online = <T,>(write: () => Promise<T | undefined>): Promise<T | undefined> => {
    if (!shouldQueue(ticketId)) return write();
    setError(OFFLINE_TEXT.onlineOnly);
    return Promise.resolve(undefined);
  };

  const fireRequest = useIdempotentRequest(({ t, course }: { t: Ticket; course: string }, headers: Record<string, string>) =>
    api<FireCourseResponse>(`${url}/courses/fire`, { method: 'POST', body: { version: t.version, course }, headers }),
  );

  return {
    error,
    clearError: () => setError(null),
    notice,
    clearNotice: () => setNotice(null),
    /** writes queued or running */
    busy: busy > 0,
    addLines: (lines: NewLine[]) => {
      if (shouldQueue(ticketId)) return queued(() => offline.addLines(lines));
      // the key lets a retry after a lost answer get the stored result instead of a second line
      const key = newIdempotencyKey();
      let sent: { t: Ticket; body: { version: number; lines: NewLine[] } } | undefined;
      return run(
        (t) => ((sent = { t, body: { version: t.version, lines } }), api<Ticket>(`${url}/lines`, { method: 'POST', body: sent.body, headers: { 'idempotency-key': key } })),
        same,
        () => offline.unanswered.addLines(sent!.t, lines, { method: 'POST', path: `${url}/lines`, body: sent!.body, key }),
      );
    },
    /**
     * One tap on an item without options: raises its pending line, or adds one. Decided when the
     * write runs, so three quick taps make one line of 3.
     */
    tapItem: (menuItemId: string) => {
      if (shouldQueue(ticketId)) return queued(() => offline.tapItem(menuItemId));
      const key = newIdempotencyKey();
      let unanswered: (() => Promise<unknown>) | undefined;
      return run(
        async (t) => {
          const line = pendingLineFor(t, menuItemId);
          if (line) {
            unanswered = () => offline.unanswered.updateLine(t, line, { quantity: line.quantity + 1 });
            return api<Ticket>(`${url}/lines/${line.id}`, { method: 'PATCH', body: { version: t.version, quantity: line.quantity + 1 } });
          }
          const body = { version: t.version, lines: [{ menuItemId, quantity: 1 }] };
          unanswered = () => offline.unanswered.addLines(t, body.lines, { method: 'POST', path: `${url}/lines`, body, key });
          return api<Ticket>(`${url}/lines`, { method: 'POST', body, headers: { 'idempotency-key': key } });
        },
        same,
        () => unanswered?.() ?? Promise.resolve(),
      );
    },
    /**
     * A pending line's quantity or note. Given a function, the change is worked out from the line
     * as it is when the write runs, so two quick taps on + make +2, not +1 twice.
     */
    updateLine: (lineId: string, change: LineChange | ((line: TicketLine) => LineChange | null)) => {
      if (shouldQueue(ticketId)) return queued(() => offline.updateLine(lineId, change));
      let unanswered: (() => Promise<unknown>) | undefined;
      return run(
        async (t) => {
          const line = t.lines.find((l) => l.id === lineId);
          const body = typeof change === 'function' ? (line ? change(line) : null) : change;
          if (!body) return t;
          if (line) unanswered = () => offline.unanswered.updateLine(t, line, body);
          return api<Ticket>(`${url}/lines/${lineId}`, { method: 'PATCH', body: { version: t.version, ...body } });
        },
        same,
        () => unanswered?.() ?? Promise.resolve(),
      );
    },
    deleteLine: (lineId: string) => {
      if (shouldQueue(ticketId)) return queued(() => offline.deleteLine(lineId));
      let unanswered: (() => Promise<unknown>) | undefined;
      return run(
        (t) => {
          const line = t.lines.find((l) => l.id === lineId);
          if (line) unanswered = () => offline.unanswered.deleteLine(t, line);
          return api<Ticket>(`${url}/lines/${lineId}?version=${t.version}`, { method: 'DELETE' });
        },
        same,
        () => unanswered?.() ?? Promise.resolve(),
      );
    },
    /** Guests or Hesap İste; a function works from the ticket as it is when the write runs. */
    update: (change: TicketChange | ((ticket: Ticket) => TicketChange | null)) =>
      online(() =>
        run(async (t) => {
          const body = typeof change === 'function' ? change(t) : change;
          if (!body) return t;
          return api<Ticket>(url, { method: 'PATCH', body: { version: t.version, ...body } });
        }, same),
      ),
    /**
     * Mutfağa Gönder; lines of `holdCourses` reach the kitchen held ("Ana yemek beklet"). Offline it
     * is queued and resolves undefined (the notice says so); the kitchen gets it once, on replay.
     */
    send: (holdCourses: readonly string[] = []): Promise<SendResponse | undefined> => {
      if (shouldQueue(ticketId)) return queued(() => offline.send(holdCourses), OFFLINE_TEXT.sendQueued).then(() => undefined);
      const key = newIdempotencyKey();
      let sent: { t: Ticket; body: { version: number; holdCourses?: string[] } } | undefined;
      return run(
        (t) => {
          sent = { t, body: { version: t.version, ...(holdCourses.length > 0 ? { holdCourses: [...holdCourses] } : {}) } };
          return api<SendResponse>(`${url}/send`, { method: 'POST', body: sent.body, headers: { 'idempotency-key': key } });
        },
        (out) => out.ticket,
        () => offline.unanswered.send(sent!.t, holdCourses, { method: 'POST', path: `${url}/send`, body: sent!.body, key }),
      );
    },
    /** "Ana yemek başlat": the held lines of the course go to the kitchen to be cooked. */
    fireCourse: (course: string) => online(() => run((t) => fireRequest({ t, course }), (out) => out.ticket)),
    move: (tableId: string) => online(() => run((t) => api<Ticket>(`${url}/move`, { method: 'POST', body: { version: t.version, tableId } }), same)),
    moveLines: (tableId: string, lines: { lineId: string; quantity: number }[]) =>
      online(() => run((t) => api<MoveLinesResponse>(`${url}/move-lines`, { method: 'POST', body: { version: t.version, tableId, lines } }), (out) => out.ticket)),
    merge: (fromTicketId: string) =>
      online(() => run((t) => api<Ticket>(`${url}/merge`, { method: 'POST', body: { version: t.version, fromTicketId } }), same)),
    /**
     * The waiter leaves the adisyon: an empty table ticket (isLeftEmpty) is discarded so the table
     * is free again. Queued behind any write still on its way, and decided on the ticket as that
     * write left it; a refusal (someone added meanwhile) keeps the ticket and shows nothing.
     */
    discardIfEmpty: () =>
      queue.current
        .run(async () => {
          // lines waiting in the offline queue are not on the server's ticket yet
          if (shouldQueue(ticketId)) return;
          const t = await current();
          if (!isLeftEmpty(t)) return;
          await api(`${url}?version=${t.version}`, { method: 'DELETE' });
          queryClient.removeQueries({ queryKey: key, exact: true });
          refreshLists();
        })
        .catch(() => undefined),
  };
}
export type TicketActions = ReturnType<typeof useTicketActions>;
