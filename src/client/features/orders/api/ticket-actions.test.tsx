import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Ticket, type TicketLine } from '../../../../shared/ticket-contract';
import { setUserSession } from '../../../api/session';
import { ticket as ticketFixture } from '../../../test-support/fixtures';
import { MESSAGES } from '../../../../shared/errors';
import { offlineQueue } from '../../../api/offline-queue';
import { markReachable } from '../../../api/reachability';
import { OFFLINE_TEXT } from '../offline-actions';
import { REFRESHED_NOTE, STALE_TICKET, openTicket, useTicketActions } from './ticket-actions';
import { useTicket } from './ticket-hooks';

const RID = 'r1';
const TID = 't1';

/**
 * A ticket server in memory, strict about versions like the real one: a write with a stale
 * version is refused with 409 and the Turkish sentence.
 */
function fakeServer() {
  let ticket: Ticket = ticketFixture({ id: TID });
  const calls: { method: string; path: string; body: unknown; headers: Record<string, string> }[] = [];
  let failNextWith: { status: number; message: string } | null = null;
  let lineSeq = 0;
  const line = (menuItemId: string, quantity: number): TicketLine => ({
    id: `l${++lineSeq}`,
    menuItemId,
    name: menuItemId,
    quantity,
    unitPrice: 1000,
    options: [],
    note: null,
    status: 'pending',
    station: 'Mutfak',
    vatRate: 10,
    batchId: null,
    isComp: false,
    discount: null,
    total: 1000 * quantity,
    due: 1000 * quantity,
    compReason: null,
    cancelReason: null,
    paymentId: null, course: null, isHeld: false, firedAt: null,
    addedAt: '2025-01-01T12:00:00Z',
  });
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const bump = (change: Partial<Ticket>) => {
    ticket = { ...ticket, ...change, version: ticket.version + 1 };
    return ticket;
  };

  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = url.replace(`/api/restaurants/${RID}/tickets`, '');
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path, body, headers: (init.headers ?? {}) as Record<string, string> });
    if (failNextWith !== null) {
      const { status, message } = failNextWith;
      failNextWith = null;
      if (status === 0) throw new TypeError('Failed to fetch');
      return json(status, { error: message });
    }
    if (method === 'POST' && path === '') return json(409, { error: 'Bu masada açık bir adisyon var', ticketId: 'open-one' });
    if (method === 'GET') return json(200, ticket);
    const version = body?.version ?? Number(new URL(url, 'http://x').searchParams.get('version'));
    if (version !== ticket.version) return json(409, { error: MESSAGES.versionConflict });
    if (method === 'POST' && path === `/${TID}/lines`) {
      return json(200, bump({ lines: [...ticket.lines, ...body.lines.map((l: { menuItemId: string; quantity: number }) => line(l.menuItemId, l.quantity))] }));
    }
    const lineMatch = path.match(new RegExp(`^/${TID}/lines/([^/?]+)`));
    if (method === 'PATCH' && lineMatch) {
      return json(200, bump({ lines: ticket.lines.map((l) => (l.id === lineMatch[1] ? { ...l, quantity: body.quantity ?? l.quantity } : l)) }));
    }
    if (method === 'POST' && path === `/${TID}/send`) {
      const ids = ticket.lines.filter((l) => l.status === 'pending').map((l) => l.id);
      const sent = bump({ lines: ticket.lines.map((l) => ({ ...l, status: 'sent' as const })) });
      return json(200, { ticket: sent, batch: { id: 'b1', lineIds: ids } });
    }
    return json(404, { error: 'Bulunamadı' });
  });
  return {
    fetch,
    calls,
    get ticket() {
      return ticket;
    },
    /** someone else writes: the version moves on */
    otherWrite: () => bump({ guests: 3 }),
    failNext: (status: number, message = 'Sunucu hatası') => (failNextWith = { status, message }),
  };
}

let server: ReturnType<typeof fakeServer>;
function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => ({ query: useTicket(TID), actions: useTicketActions(TID) }), { wrapper });
}

beforeEach(() => {
  setUserSession({ uid: 'u', email: 'garson@example.com', role: 'waiter', restaurantId: RID });
  server = fakeServer();
  vi.stubGlobal('fetch', server.fetch);
  markReachable();
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the adisyon’s writes', () => {
  it('three quick taps on an item make one pending line of 3, each write carrying the version the one before produced', async () => {
    const { result } = setup();
    await waitFor(() => expect(result.current.query.data).toBeDefined());
    await act(async () => {
      await Promise.all([result.current.actions.tapItem('tea'), result.current.actions.tapItem('tea'), result.current.actions.tapItem('tea')]);
    });
    expect(server.ticket.lines).toHaveLength(1);
    expect(server.ticket.lines[0].quantity).toBe(3);
    const writes = server.calls.filter((c) => c.method !== 'GET');
    expect(writes.map((c) => (c.body as { version: number }).version)).toEqual([1, 2, 3]);
    expect(result.current.actions.error).toBeNull();
    expect(result.current.query.data?.version).toBe(4);
  });

  it('two quick taps on a line’s + raise it by two: the change is worked out when each write runs', async () => {
    const { result } = setup();
    await waitFor(() => expect(result.current.query.data).toBeDefined());
    await act(async () => void (await result.current.actions.tapItem('soup')));
    const lineId = server.ticket.lines[0].id;
    const plusOne = (l: TicketLine) => ({ quantity: l.quantity + 1 });
    await act(async () => {
      await Promise.all([result.current.actions.updateLine(lineId, plusOne), result.current.actions.updateLine(lineId, plusOne)]);
    });
    expect(server.ticket.lines[0].quantity).toBe(3);
    expect(result.current.actions.error).toBeNull();
  });

  it('a stale version is refused: the ticket is fetched again and the screen says so, without asking for a reload', async () => {
    const { result } = setup();
    await waitFor(() => expect(result.current.query.data).toBeDefined());
    server.otherWrite();
    let answer: unknown = 'not yet';
    await act(async () => {
      answer = await result.current.actions.tapItem('tea');
    });
    expect(answer).toBeUndefined();
    expect(result.current.actions.error).toBe(STALE_TICKET);
    expect(result.current.actions.error).not.toContain('yenileyip');
    await waitFor(() => expect(result.current.query.data?.version).toBe(2));
    // The next tap starts from the fresh version and goes through.
    await act(async () => {
      await result.current.actions.tapItem('tea');
    });
    expect(server.ticket.lines).toHaveLength(1);
    expect(result.current.actions.error).toBeNull();
  });

  it('any other refusal with 409 shows the server’s own sentence and that the adisyon was fetched again', async () => {
    const { result } = setup();
    await waitFor(() => expect(result.current.query.data).toBeDefined());
    server.failNext(409, 'Bu satır mutfağa gönderildi; artık değiştirilemez.');
    await act(async () => {
      await result.current.actions.tapItem('tea');
    });
    expect(result.current.actions.error).toBe(`Bu satır mutfağa gönderildi; artık değiştirilemez. ${REFRESHED_NOTE}`);
  });

  it('Mutfağa Gönder whose answer was lost waits in the offline queue and goes again with the same Idempotency-Key; the next send a new one', async () => {
    const { result } = setup();
    await waitFor(() => expect(result.current.query.data).toBeDefined());
    await act(async () => void (await result.current.actions.tapItem('soup')));
    server.failNext(0);
    await act(async () => void (await result.current.actions.send()));
    expect(result.current.actions.error).toBeNull();
    expect(result.current.actions.notice).toBe(OFFLINE_TEXT.queued);
    // the queue sends it at once (the server answers again); waiting for that replay to end
    await act(async () => void (await offlineQueue().replay()));
    expect(offlineQueue().getState().pending).toEqual([]);
    await act(async () => void (await result.current.actions.tapItem('tea')));
    await act(async () => void (await result.current.actions.send()));
    const keys = server.calls.filter((c) => c.path.endsWith('/send')).map((c) => c.headers['idempotency-key']);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('offline, taps, quantities and Mutfağa Gönder are kept and shown; back online the kitchen gets one send', async () => {
    const { result } = setup();
    await waitFor(() => expect(result.current.query.data).toBeDefined());
    await act(async () => void (await result.current.actions.tapItem('soup')));
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const before = server.calls.length;
    await act(async () => void (await result.current.actions.tapItem('soup'))); // the server's line: 1 → 2
    await act(async () => void (await result.current.actions.addLines([{ menuItemId: 'tea', quantity: 1 }])));
    expect(result.current.actions.error).toBe(OFFLINE_TEXT.notInMenu); // no menu on this device: nothing to show it with
    await act(async () => void (await result.current.actions.send()));
    expect(result.current.actions.notice).toBe(OFFLINE_TEXT.sendQueued);
    expect(server.calls.length).toBe(before);
    await waitFor(() => expect(result.current.query.data?.lines.map((l) => [l.quantity, l.status])).toEqual([[2, 'sent']]));
    expect(result.current.query.queuedIds.size).toBe(1);
    online.mockRestore();
    await act(async () => void (await offlineQueue().replay()));
    expect(server.ticket.lines.map((l) => [l.menuItemId, l.quantity, l.status])).toEqual([['soup', 2, 'sent']]);
    expect(server.calls.filter((c) => c.path.endsWith('/send'))).toHaveLength(1);
    expect(offlineQueue().getState().pending).toEqual([]);
  });
});

describe('opening a table', () => {
  it('a table that already has an open ticket opens that ticket instead of failing', async () => {
    await expect(openTicket({ type: 'table', tableId: 'tab' })).resolves.toEqual({ ticketId: 'open-one' });
  });
});
