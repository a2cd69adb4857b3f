import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FloorResponse } from '../../../../shared/floor-contract';
import { useFloor } from './floor-queries';
import { setUserSession } from '../../../api/session';
import { floorTable } from '../../../test-support/fixtures';
import { STALE_LAYOUT_MESSAGE, useTableSaver } from './floor-mutations';

const RID = 'r1';
const table = floorTable();

/** The layout API in memory, strict about versions like the real one. */
function fakeServer() {
  let t = { ...table };
  const patches: { version: number; x?: number }[] = [];
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetch = vi.fn(async (_url: string, init: RequestInit = {}) => {
    if ((init.method ?? 'GET') === 'GET') return json(200, { sections: [{ id: 's1', name: 'Salon', version: 1, tables: [t] }] } satisfies FloorResponse);
    const body = JSON.parse(String(init.body));
    patches.push(body);
    if (body.version !== t.version) return json(409, { error: 'Bu masa başka bir ekranda değişti.' });
    t = { ...t, ...body, version: t.version + 1 };
    const { ticketId: _1, ticketNumber: _2, total: _3, openedAt: _4, waiterId: _5, waiterName: _6, guests: _7, state: _8, ...layout } = t;
    return json(200, layout);
  });
  return {
    fetch,
    patches,
    get table() {
      return t;
    },
    /** the owner's other screen saves first */
    otherSave: () => (t = { ...t, x: 500, version: t.version + 1 }),
  };
}

let server: ReturnType<typeof fakeServer>;
function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => ({ floor: useFloor(), saver: useTableSaver() }), { wrapper });
}
const shownX = (floor: FloorResponse | undefined) => floor?.sections[0].tables[0].x;

beforeEach(() => {
  setUserSession({ uid: 'u', email: 'sahip@example.com', role: 'owner', restaurantId: RID });
  server = fakeServer();
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('saving the layout', () => {
  it('two quick drags of one table are both saved, the second with the version the first produced', async () => {
    const { result } = setup();
    await waitFor(() => expect(result.current.floor.data).toBeDefined());
    await act(async () => {
      await Promise.all([
        result.current.saver.save('t1', { x: 200, y: 100 }, { optimistic: true }),
        result.current.saver.save('t1', { x: 300, y: 100 }, { optimistic: true }),
      ]);
    });
    expect(server.patches.map((p) => p.version)).toEqual([1, 2]);
    expect(server.table.x).toBe(300);
    expect(result.current.saver.error).toBeNull();
  });

  it('a drag over someone else’s newer save is refused: the plan shows theirs and says so in Turkish', async () => {
    const { result } = setup();
    await waitFor(() => expect(result.current.floor.data).toBeDefined());
    server.otherSave();
    await act(async () => void (await result.current.saver.save('t1', { x: 200, y: 100 }, { optimistic: true })));
    expect(result.current.saver.error).toBe(`Bu masa başka bir ekranda değişti. ${STALE_LAYOUT_MESSAGE}`);
    await waitFor(() => expect(shownX(result.current.floor.data)).toBe(500));
  });
});
