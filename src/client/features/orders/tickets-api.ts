import { useQuery, useQueryClient } from '@tanstack/react-query';
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
} from '../../../shared/ticket-contract';
import { MESSAGES } from '../../../shared/errors';
import { ApiError, api } from '../../api/http';
import { useIdempotentRequest } from '../../api/idempotency-key';
import { openTicketsQuery, ticketQuery } from '../../api/queries/tickets';
import { queryKeys } from '../../api/query-keys';
import { messageFor } from '../../api/field-errors';
import { currentRestaurantId, restaurantPath } from '../../api/restaurant';
import { isLeftEmpty, pendingLineFor } from './order-logic';
import { createWriteQueue } from '../../api/write-queue';

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

/** Open tickets (Açık Masalar, Masa Birleştir); the 'tickets' and 'kitchen' live events refresh them. */
export const useOpenTickets = () => useQuery(openTicketsQuery());

export const useTicket = (ticketId: string) => useQuery(ticketQuery(ticketId));

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
  const queryClient = useQueryClient();
  const query = useMemo(() => ticketQuery(ticketId), [ticketId]);
  const key = query.queryKey;
  const queue = useRef(createWriteQueue());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(0);

  const current = useCallback(async () => {
    // A refetch that started before this write could land after it with an older version.
    await queryClient.cancelQueries({ queryKey: key, exact: true });
    return queryClient.getQueryData(key) ?? queryClient.fetchQuery(query);
  }, [queryClient, key, query]);

  const refreshLists = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.ticketLists(rid()) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.floor() });
  }, [queryClient]);

  /** Queues a write; resolves with its answer, or undefined when it was refused (the message shows). */
  const run = useCallback(
    <T,>(write: Write<T>, ticketOf: (out: T) => Ticket | undefined): Promise<T | undefined> => {
      setBusy((n) => n + 1);
      return queue.current
        .run(async () => {
          const out = await write(await current());
          const next = ticketOf(out);
          if (next) queryClient.setQueryData(key, next);
          setError(null);
          refreshLists();
          return out;
        })
        .catch(async (err: unknown) => {
          if (err instanceof ApiError && err.status === 409) {
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

  const sendRequest = useIdempotentRequest(({ t, holdCourses }: { t: Ticket; holdCourses: readonly string[] }, headers: Record<string, string>) =>
    api<SendResponse>(`${url}/send`, { method: 'POST', body: { version: t.version, ...(holdCourses.length > 0 ? { holdCourses } : {}) }, headers }),
  );
  const fireRequest = useIdempotentRequest(({ t, course }: { t: Ticket; course: string }, headers: Record<string, string>) =>
    api<FireCourseResponse>(`${url}/courses/fire`, { method: 'POST', body: { version: t.version, course }, headers }),
  );

  return {
    error,
    clearError: () => setError(null),
    /** writes queued or running */
    busy: busy > 0,
    addLines: (lines: NewLine[]) => run((t) => api<Ticket>(`${url}/lines`, { method: 'POST', body: { version: t.version, lines } }), same),
    /**
     * One tap on an item without options: raises its pending line, or adds one. Decided when the
     * write runs, so three quick taps make one line of 3.
     */
    tapItem: (menuItemId: string) =>
      run(async (t) => {
        const line = pendingLineFor(t, menuItemId);
        if (line) return api<Ticket>(`${url}/lines/${line.id}`, { method: 'PATCH', body: { version: t.version, quantity: line.quantity + 1 } });
        return api<Ticket>(`${url}/lines`, { method: 'POST', body: { version: t.version, lines: [{ menuItemId, quantity: 1 }] } });
      }, same),
    /**
     * A pending line's quantity or note. Given a function, the change is worked out from the line
     * as it is when the write runs, so two quick taps on + make +2, not +1 twice.
     */
    updateLine: (lineId: string, change: LineChange | ((line: TicketLine) => LineChange | null)) =>
      run(async (t) => {
        const line = t.lines.find((l) => l.id === lineId);
        const body = typeof change === 'function' ? (line ? change(line) : null) : change;
        if (!body) return t;
        return api<Ticket>(`${url}/lines/${lineId}`, { method: 'PATCH', body: { version: t.version, ...body } });
      }, same),
    deleteLine: (lineId: string) => run((t) => api<Ticket>(`${url}/lines/${lineId}?version=${t.version}`, { method: 'DELETE' }), same),
    /** Guests or Hesap İste; a function works from the ticket as it is when the write runs. */
    update: (change: TicketChange | ((ticket: Ticket) => TicketChange | null)) =>
      run(async (t) => {
        const body = typeof change === 'function' ? change(t) : change;
        if (!body) return t;
        return api<Ticket>(url, { method: 'PATCH', body: { version: t.version, ...body } });
      }, same),
    /** Mutfağa Gönder; lines of `holdCourses` reach the kitchen held ("Ana yemek beklet"). */
    send: (holdCourses: readonly string[] = []) => run((t) => sendRequest({ t, holdCourses }), (out) => out.ticket),
    /** "Ana yemek başlat": the held lines of the course go to the kitchen to be cooked. */
    fireCourse: (course: string) => run((t) => fireRequest({ t, course }), (out) => out.ticket),
    move: (tableId: string) => run((t) => api<Ticket>(`${url}/move`, { method: 'POST', body: { version: t.version, tableId } }), same),
    moveLines: (tableId: string, lines: { lineId: string; quantity: number }[]) =>
      run((t) => api<MoveLinesResponse>(`${url}/move-lines`, { method: 'POST', body: { version: t.version, tableId, lines } }), (out) => out.ticket),
    merge: (fromTicketId: string) =>
      run((t) => api<Ticket>(`${url}/merge`, { method: 'POST', body: { version: t.version, fromTicketId } }), same),
    /**
     * The waiter leaves the adisyon: an empty table ticket (isLeftEmpty) is discarded so the table
     * is free again. Queued behind any write still on its way, and decided on the ticket as that
     * write left it; a refusal (someone added meanwhile) keeps the ticket and shows nothing.
     */
    discardIfEmpty: () =>
      queue.current
        .run(async () => {
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
