import type { AdminMenu } from '../../../shared/menu-contract';
import type { NewLine, Ticket, TicketLine } from '../../../shared/ticket-contract';
import { newIdempotencyKey } from '../../api/idempotency-key';
import { offlineQueue } from '../../api/offline-queue';
import type { DraftLine, LineChange, QueuedAction, QueuedPayload, SentRequest } from '../../api/offline-store';
import { isOffline } from '../../api/reachability';
import { applyQueued, draftLine, isDraftLineId } from './offline-ticket';
import { pendingLineFor, whereLabel } from './order-logic';

export const OFFLINE_TEXT = {
  queued: 'Bağlantı yok: işlem kaydedildi, bağlantı gelince gönderilecek.',
  sendQueued: 'Bağlantı yok: Mutfağa Gönder kaydedildi; bağlantı gelince mutfağa gidecek.',
  notLoaded: 'Bu adisyon bu cihazda hiç açılmamış; bağlantı gelince açabilirsiniz.',
  notInMenu: 'Bu ürün bu cihazdaki menüde yok; bağlantı gelince tekrar deneyin.',
  lineOnItsWay: 'Bu satır şu an gönderiliyor; birkaç saniye sonra tekrar deneyin.',
  onlineOnly: 'Bu işlem bağlantı gerektirir. Bağlantı gelince ve bekleyen işlemler gönderilince tekrar deneyin.',
} as const;

type Enqueue = Omit<QueuedAction, 'restaurantId' | 'userId' | 'createdAt'>;

/**
 * Each adisyon's offline actions, one after another: an action works out its change on the queue
 * as the previous one left it. Two quick taps on Çay must find the line the first one added (and
 * join it), not both see none and queue two separate additions.
 */
const chains = new Map<string, Promise<unknown>>();
function inTurn<R>(ticketId: string, action: () => Promise<R>): Promise<R> {
  const run = (chains.get(ticketId) ?? Promise.resolve()).then(action, action);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  chains.set(ticketId, settled);
  void settled.then(() => chains.get(ticketId) === settled && chains.delete(ticketId));
  return run;
}

/**
 * The adisyon's writes while the server cannot be reached: each becomes an action in the offline
 * queue, worked out on the ticket as the screen shows it (the server's last answer with the
 * waiting actions over it). Lines added offline have no server id yet: changing one changes the
 * waiting action that adds it.
 */
export function createOfflineTicketActions(deps: { ticketId: string; serverTicket(): Ticket | undefined; menu(): AdminMenu | undefined }) {
  const queue = offlineQueue();
  const pendingOfTicket = () => queue.getState().pending.filter((a) => a.ticketId === deps.ticketId);
  const shown = () => {
    const t = deps.serverTicket();
    return t ? applyQueued(t, pendingOfTicket()) : undefined;
  };
  const base = (t: Ticket, payload: QueuedPayload, key = newIdempotencyKey(), sent?: SentRequest): Enqueue => ({
    key,
    ticketId: t.id,
    where: whereLabel({ type: t.type, tableName: t.tableName, customerName: t.customer?.name }),
    tableId: t.tableId,
    payload,
    ...(sent ? { sent } : {}),
  });
  const put = async (action: Enqueue) => {
    await queue.enqueue(action);
    // the replay's first read doubles as the probe: the server may be back since the last failure
    if (typeof navigator === 'undefined' || navigator.onLine !== false) void queue.replay();
    return shown();
  };
  const drafts = (lines: NewLine[], key: string) =>
    lines.map((l, i) => draftLine(deps.menu(), l, `tmp-${key}-${i}`) ?? { ...l, tempId: `tmp-${key}-${i}`, name: '…', unitPrice: 0, options: [], vatRate: 0 });
  /** The waiting action that adds the offline line `tempId`, if it has not gone out yet. */
  const draftOwner = (tempId: string) =>
    pendingOfTicket().find((a) => a.payload.kind === 'add-lines' && a.payload.lines.some((d) => d.tempId === tempId));
  const changeDraft = async (tempId: string, edit: (d: DraftLine) => DraftLine | null) => {
    const owner = draftOwner(tempId);
    if (!owner || owner.payload.kind !== 'add-lines' || owner.sent) throw new Error(OFFLINE_TEXT.lineOnItsWay);
    const lines = owner.payload.lines.flatMap((d) => (d.tempId === tempId ? (edit(d) ?? []) : [d]));
    const isDone = lines.length === 0 ? await queue.remove(owner) : await queue.replace({ ...owner, payload: { kind: 'add-lines', lines } });
    if (!isDone) throw new Error(OFFLINE_TEXT.lineOnItsWay);
    return shown();
  };
  const need = () => {
    const t = shown();
    if (!t) throw new Error(OFFLINE_TEXT.notLoaded);
    return t;
  };
  const addLines = async (lines: NewLine[]) => {
    const t = need();
    const key = newIdempotencyKey();
    const d = lines.map((l) => draftLine(deps.menu(), l, `tmp-${key}`));
    if (d.some((x) => !x)) throw new Error(OFFLINE_TEXT.notInMenu);
    return put(base(t, { kind: 'add-lines', lines: drafts(lines, key) }, key));
  };
  const updateLine = async (lineId: string, change: LineChange | ((line: TicketLine) => LineChange | null)) => {
    const t = need();
    const line = t.lines.find((l) => l.id === lineId);
    if (!line) return t;
    const body = typeof change === 'function' ? change(line) : change;
    if (!body) return t;
    if (isDraftLineId(lineId)) return changeDraft(lineId, (d) => ({ ...d, ...body, note: body.note ?? undefined }));
    const before = { quantity: line.quantity, note: line.note, course: line.course };
    return put(base(t, { kind: 'update-line', lineId, lineName: line.name, before, change: body }));
  };

  const turn = <R>(action: () => Promise<R>) => inTurn(deps.ticketId, action);

  return {
    addLines: (lines: NewLine[]) => turn(() => addLines(lines)),
    updateLine: (lineId: string, change: LineChange | ((line: TicketLine) => LineChange | null)) => turn(() => updateLine(lineId, change)),
    tapItem: (menuItemId: string) =>
      turn(async () => {
        const line = pendingLineFor(need(), menuItemId);
        if (!line) return addLines([{ menuItemId, quantity: 1 }]);
        return updateLine(line.id, (now) => ({ quantity: now.quantity + 1 }));
      }),
    deleteLine: (lineId: string) =>
      turn(async () => {
        const t = need();
        if (isDraftLineId(lineId)) return changeDraft(lineId, () => null);
        const line = t.lines.find((l) => l.id === lineId);
        if (!line) return t;
        return put(base(t, { kind: 'delete-line', lineId, lineName: line.name }));
      }),
    send: (holdCourses: readonly string[]) =>
      turn(async () => {
        const t = need();
        if (!t.lines.some((l) => l.status === 'pending')) return t;
        return put(base(t, { kind: 'send', holdCourses: [...holdCourses] }));
      }),
    /**
     * A write that got no answer (the network went during it): its outcome is unknown, so it
     * joins the queue as it was sent — same key, same body — and the replay finds out.
     */
    unanswered: {
      addLines: (t: Ticket, lines: NewLine[], sent: SentRequest & { key: string }) =>
        put(base(t, { kind: 'add-lines', lines: drafts(lines, sent.key) }, sent.key, sent)),
      updateLine: (t: Ticket, line: TicketLine, change: LineChange) =>
        put(base(t, { kind: 'update-line', lineId: line.id, lineName: line.name, before: { quantity: line.quantity, note: line.note, course: line.course }, change })),
      deleteLine: (t: Ticket, line: TicketLine) => put(base(t, { kind: 'delete-line', lineId: line.id, lineName: line.name })),
      send: (t: Ticket, holdCourses: readonly string[], sent: SentRequest & { key: string }) =>
        put(base(t, { kind: 'send', holdCourses: [...holdCourses] }, sent.key, sent)),
    },
  };
}

/** Whether this ticket's writes go to the queue: no server, or earlier actions still waiting (order). */
export const shouldQueue = (ticketId: string) =>
  isOffline() || offlineQueue().getState().pending.some((a) => a.ticketId === ticketId);
