import { MESSAGES } from '../../shared/errors';
import type { Ticket, TicketLine } from '../../shared/ticket-contract';
import { ApiError } from './http';
import type { QueuedAction } from './offline-store';

/**
 * A small stand-in for the ticket endpoints, with the server's rules that matter to the offline
 * queue: version checks, a stored answer per Idempotency-Key (success or refusal), and a way to
 * lose an answer after the change was applied, or to be unreachable. Used by the queue's tests.
 */
export function createFakeTicketServer(restaurantId = 'r1') {
  const base = `/api/restaurants/${restaurantId}/tickets/t1`;
  let n = 0;
  const ticket = {
    id: 't1',
    status: 'open' as 'open' | 'closed',
    tableId: 'table-5',
    tableName: 'Masa 5',
    version: 1,
    lines: [] as Pick<TicketLine, 'id' | 'menuItemId' | 'quantity' | 'note' | 'course' | 'status' | 'name'>[],
  };
  const stored = new Map<string, { ok: true; value: unknown } | { ok: false; error: ApiError }>();
  const log: { method: string; path: string; key?: string }[] = [];
  const state = { isDown: false, loseNextAnswer: false, batches: 0, delay: 0 };

  const view = () => structuredClone(ticket) as unknown as Ticket;
  const checkVersion = (v: unknown) => {
    if (v !== ticket.version) throw new ApiError(409, MESSAGES.versionConflict);
  };
  const handle = (method: string, path: string, body: Record<string, unknown> | undefined): unknown => {
    const [route, query] = path.split('?');
    if (method === 'GET' && route === base) return view();
    if (ticket.status !== 'open') throw new ApiError(409, 'Bu adisyon kapatılmış; değişiklik yapılamaz');
    if (method === 'POST' && route === `${base}/lines`) {
      checkVersion(body?.version);
      for (const l of body!.lines as { menuItemId: string; quantity: number; note?: string }[]) {
        if (l.menuItemId === 'sold-out') throw new ApiError(409, '"Künefe" tükendi; eklenemez');
        ticket.lines.push({ id: `l${++n}`, menuItemId: l.menuItemId, name: l.menuItemId, quantity: l.quantity, note: l.note ?? null, course: null, status: 'pending' });
      }
      ticket.version++;
      return view();
    }
    if (method === 'POST' && route === `${base}/send`) {
      checkVersion(body?.version);
      const pending = ticket.lines.filter((l) => l.status === 'pending');
      if (pending.length === 0) throw new ApiError(409, 'Mutfağa gönderilecek yeni ürün yok');
      pending.forEach((l) => (l.status = 'sent'));
      state.batches++;
      ticket.version++;
      return { ticket: view(), batch: { id: `b${state.batches}`, lineIds: pending.map((l) => l.id) } };
    }
    const lineId = route.slice(`${base}/lines/`.length);
    const line = ticket.lines.find((l) => l.id === lineId);
    if (method === 'PATCH') {
      checkVersion(body?.version);
      if (!line) throw new ApiError(404, 'Satır bulunamadı');
      Object.assign(line, body, { version: undefined });
      ticket.version++;
      return view();
    }
    if (method === 'DELETE') {
      checkVersion(Number(new URLSearchParams(query).get('version')));
      if (!line) throw new ApiError(404, 'Satır bulunamadı');
      ticket.lines.splice(ticket.lines.indexOf(line), 1);
      ticket.version++;
      return view();
    }
    throw new ApiError(404, 'İstenen adres bulunamadı');
  };

  async function request<T>(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<T> {
    const method = init.method ?? 'GET';
    const key = init.headers?.['idempotency-key'];
    if (state.delay) await new Promise((r) => setTimeout(r, state.delay));
    if (state.isDown) throw new ApiError(0, 'Sunucuya ulaşılamadı');
    log.push({ method, path, key });
    const earlier = key ? stored.get(key) : undefined;
    let answer: { ok: true; value: unknown } | { ok: false; error: ApiError };
    if (earlier) answer = earlier;
    else {
      try {
        answer = { ok: true, value: handle(method, path, init.body as Record<string, unknown> | undefined) };
      } catch (error) {
        answer = { ok: false, error: error as ApiError };
      }
      if (key && method === 'POST') stored.set(key, answer);
    }
    if (state.loseNextAnswer && method !== 'GET') {
      state.loseNextAnswer = false;
      throw new ApiError(0, 'Sunucuya ulaşılamadı');
    }
    if (!answer.ok) throw answer.error;
    return structuredClone(answer.value) as T;
  }

  return { ticket, state, log, request, base };
}

/** A waiter's queued write to Masa 5's ticket t1 (restaurant r1, user u1) under the Idempotency-Key `key`. */
export const queuedAction = (key: string, payload: QueuedAction['payload'], over: Partial<QueuedAction> = {}): QueuedAction => ({
  key,
  restaurantId: 'r1',
  userId: 'u1',
  ticketId: 't1',
  where: 'Masa 5',
  tableId: 'table-5',
  payload,
  createdAt: 1,
  ...over,
});
