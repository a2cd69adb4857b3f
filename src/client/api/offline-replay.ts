import { MESSAGES } from '../../shared/errors';
import type { SendResponse, Ticket } from '../../shared/ticket-contract';
import { ApiError } from './http';
import { newIdempotencyKey } from './idempotency-key';
import type { OfflineStore, QueuedAction, SentRequest } from './offline-store';

/**
 * Sends the queued actions to the server, oldest first, each once.
 *
 * Versions: an action queued offline does not keep the version the waiter saw. The first action
 * of a ticket starts from the ticket as the server has it now (one GET), and each next one uses
 * the version the previous answer returned (chaining). The action itself is an intent checked
 * against that fresh ticket — the line still there, still unsent, unchanged since the waiter saw
 * it — so what the version check protects (not overwriting someone else's change) still holds,
 * and a ticket touched by the kitchen meanwhile does not refuse the whole queue.
 *
 * Once: the request is written down (`sent`) before it goes out and the action leaves the queue
 * only after an answer. A retry after a lost answer sends the same key and the same body, so the
 * server answers with what it stored. A stale-version refusal proves the request did not apply:
 * only then is the action planned again, with a new key, from the fresh ticket.
 */
export interface ReplayDeps {
  store: OfflineStore;
  request: <T>(path: string, init: { method: string; body?: unknown; headers?: Record<string, string> }) => Promise<T>;
  /** '/api/restaurants/<id>/tickets/<ticketId>' */
  ticketUrl: (ticketId: string) => string;
  owner: { restaurantId: string; userId: string };
  /** true when the last answer was the service worker's saved copy, not the server's (reachability.ts) */
  isOffline?: () => boolean;
}

export type ReplayResult = { applied: number; failed: number; isStopped: boolean };

/** The server is busy with the same key (another tab or a slow first try): try again later. */
const IN_PROGRESS = 'Aynı istek hâlâ işleniyor; birkaç saniye sonra tekrar deneyin';
const MAX_REPLANS = 3;

export const OFFLINE_ADVICE = {
  closed: 'Adisyon kapatılmış. Masayı yeniden açıp ürünleri tekrar ekleyin ya da işletme sahibine sorun.',
  moved: 'Adisyonu yeni masasında açıp kontrol edin; gerekiyorsa ürünleri tekrar ekleyin.',
  line: 'Adisyonu açıp satırı kontrol edin; gerekiyorsa değişikliği tekrar yapın.',
  refused: 'Adisyonu açıp kontrol edin; gerekiyorsa ürünü değiştirip tekrar ekleyin.',
} as const;

type Plan = { kind: 'send'; req: SentRequest } | { kind: 'done' } | { kind: 'conflict'; reason: string; advice: string };

const ofOwner = (a: QueuedAction, o: ReplayDeps['owner']) => a.restaurantId === o.restaurantId && a.userId === o.userId;

/** What to send for `a` against the server's ticket `t`, or why nothing is to be sent. */
export function planAction(a: QueuedAction, t: Ticket, url: string): Plan {
  if (t.status !== 'open') return { kind: 'conflict', reason: `${a.where}: adisyon siz çevrimdışıyken kapatıldı.`, advice: OFFLINE_ADVICE.closed };
  if (a.tableId && t.tableId !== a.tableId) {
    return { kind: 'conflict', reason: `${a.where} siz çevrimdışıyken ${t.tableName ?? 'başka bir masaya'} taşındı; işlem uygulanmadı.`, advice: OFFLINE_ADVICE.moved };
  }
  const p = a.payload;
  if (p.kind === 'add-lines') {
    const lines = p.lines.map(({ tempId: _t, name: _n, unitPrice: _u, options: _o, vatRate: _v, ...line }) => line);
    return { kind: 'send', req: { method: 'POST', path: `${url}/lines`, body: { version: t.version, lines }, key: a.key } };
  }
  if (p.kind === 'send') {
    if (!t.lines.some((l) => l.status === 'pending')) return { kind: 'done' };
    const body = { version: t.version, ...(p.holdCourses.length > 0 ? { holdCourses: p.holdCourses } : {}) };
    return { kind: 'send', req: { method: 'POST', path: `${url}/send`, body, key: a.key } };
  }
  const line = t.lines.find((l) => l.id === p.lineId);
  if (p.kind === 'delete-line') {
    if (!line || line.status === 'cancelled') return { kind: 'done' };
    if (line.status !== 'pending') return { kind: 'conflict', reason: `${a.where}: "${p.lineName}" mutfağa gönderilmiş; silinemedi.`, advice: 'İptal için Hesap ekranını kullanın.' };
    return { kind: 'send', req: { method: 'DELETE', path: `${url}/lines/${p.lineId}?version=${t.version}` } };
  }
  if (!line) return { kind: 'conflict', reason: `${a.where}: "${p.lineName}" satırı artık yok; değişiklik uygulanmadı.`, advice: OFFLINE_ADVICE.line };
  const now = { quantity: line.quantity, note: line.note, course: line.course };
  const wanted = { ...now, ...p.change };
  const isSame = (x: typeof now) => x.quantity === wanted.quantity && x.note === wanted.note && x.course === wanted.course;
  // Already as the waiter wanted: an earlier try applied it and only its answer was lost.
  if (isSame(now)) return { kind: 'done' };
  if (line.status !== 'pending') return { kind: 'conflict', reason: `${a.where}: "${p.lineName}" mutfağa gönderilmiş; değişiklik uygulanmadı.`, advice: 'Gerekiyorsa Hesap ekranından iptal edip yeniden ekleyin.' };
  const isUnchanged = now.quantity === p.before.quantity && now.note === p.before.note && now.course === p.before.course;
  if (!isUnchanged) {
    return { kind: 'conflict', reason: `${a.where}: "${p.lineName}" siz çevrimdışıyken başka bir ekranda değiştirildi; sizin değişikliğiniz uygulanmadı.`, advice: OFFLINE_ADVICE.line };
  }
  return { kind: 'send', req: { method: 'PATCH', path: `${url}/lines/${p.lineId}`, body: { version: t.version, ...p.change } } };
}

const isUnreachable = (err: unknown) => !(err instanceof ApiError) || err.status === 0 || err.status >= 500 || err.status === 401 || err.status === 429;

/** Replays this person's queue until it is empty or the server cannot be reached. */
export async function replayQueue(deps: ReplayDeps): Promise<ReplayResult> {
  const { store, request, owner } = deps;
  const result: ReplayResult = { applied: 0, failed: 0, isStopped: false };
  const tickets = new Map<string, Ticket>();

  const fetchTicket = async (ticketId: string) => {
    const known = tickets.get(ticketId);
    if (known) return known;
    const t = await request<Ticket>(deps.ticketUrl(ticketId), { method: 'GET' });
    // a saved copy is what the waiter already saw, not the server's ticket: nothing to plan from
    if (deps.isOffline?.()) throw new ApiError(0, 'Sunucuya ulaşılamadı');
    tickets.set(ticketId, t);
    return t;
  };
  const fail = async (a: QueuedAction, reason: string, advice: string) => {
    await store.fail(a, reason, advice);
    result.failed++;
  };

  for (;;) {
    // Read again each round: actions queued during the replay join its end.
    const next = (await store.all()).find((a) => ofOwner(a, owner));
    if (!next) return result;
    let a = next;
    let outcome: 'applied' | 'failed' | 'stop' | 'reread' = 'stop';
    for (let round = 0; round <= MAX_REPLANS; round++) {
      let req = a.sent;
      if (!req) {
        let t: Ticket;
        try {
          t = await fetchTicket(a.ticketId);
        } catch (err) {
          if (isUnreachable(err)) break;
          const reason = err instanceof ApiError && err.status === 404 ? `${a.where}: adisyon artık yok (kapatılmış ya da başka bir adisyonla birleştirilmiş).` : `${a.where}: ${(err as Error).message}`;
          await fail(a, reason, OFFLINE_ADVICE.closed);
          outcome = 'failed';
          break;
        }
        const plan = planAction(a, t, deps.ticketUrl(a.ticketId));
        if (plan.kind === 'done') {
          await store.remove(a.seq!);
          outcome = 'applied';
          break;
        }
        if (plan.kind === 'conflict') {
          await fail(a, plan.reason, plan.advice);
          outcome = 'failed';
          break;
        }
        req = plan.req;
        // written down before it goes out
        if ((await store.markSent(a, req)) === 'changed') {
          outcome = 'reread';
          break;
        }
        a = { ...a, sent: req };
      }
      try {
        const out = await request<Ticket | SendResponse>(req.path, {
          method: req.method,
          body: req.body,
          headers: req.key ? { 'idempotency-key': req.key } : undefined,
        });
        const ticket = out && 'ticket' in out ? out.ticket : (out as Ticket | undefined);
        if (ticket?.id === a.ticketId && ticket.version >= (tickets.get(a.ticketId)?.version ?? 0)) tickets.set(a.ticketId, ticket);
        else tickets.delete(a.ticketId);
        await store.remove(a.seq!);
        outcome = 'applied';
        break;
      } catch (err) {
        if (isUnreachable(err) || (err instanceof ApiError && err.message === IN_PROGRESS)) break;
        const e = err as ApiError;
        if (e.status === 409 && e.message === MESSAGES.versionConflict && round < MAX_REPLANS) {
          // Refused as stale = not applied: plan it again from the ticket as it is now.
          tickets.delete(a.ticketId);
          a = { ...a, key: newIdempotencyKey(), sent: undefined };
          await store.put(a);
          continue;
        }
        tickets.delete(a.ticketId);
        if (e.status === 404 && a.payload.kind === 'delete-line') {
          // the line is gone, which is what was wanted (an earlier try removed it)
          await store.remove(a.seq!);
          outcome = 'applied';
          break;
        }
        const advice = a.payload.kind === 'add-lines' ? OFFLINE_ADVICE.refused : OFFLINE_ADVICE.line;
        await fail(a, `${a.where}: ${e.message}`, advice);
        outcome = 'failed';
        break;
      }
    }
    if (outcome === 'stop') {
      result.isStopped = true;
      return result;
    }
    if (outcome === 'applied') result.applied++;
  }
}
