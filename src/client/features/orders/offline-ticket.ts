import type { AdminMenu } from '../../../shared/menu-contract';
import type { NewLine, Ticket, TicketLine } from '../../../shared/ticket-contract';
import type { DraftLine, QueuedAction } from '../../api/offline-store';

/**
 * The adisyon as the waiter left it: the server's last known ticket with the actions still waiting
 * in the offline queue laid over it. Totals are the server's plus what the waiting lines add (the
 * server prices them again when they arrive).
 */
export function applyQueued(t: Ticket, queued: readonly QueuedAction[]): Ticket {
  const mine = queued.filter((a) => a.ticketId === t.id);
  if (mine.length === 0) return t;
  let lines: TicketLine[] = t.lines.map((l) => ({ ...l }));
  for (const a of mine) {
    const p = a.payload;
    if (p.kind === 'add-lines') lines.push(...p.lines.map((d) => lineOfDraft(d, a.createdAt)));
    else if (p.kind === 'update-line') {
      lines = lines.map((l) => (l.id === p.lineId && l.status === 'pending' ? withTotal({ ...l, ...p.change, note: p.change.note === undefined ? l.note : p.change.note, course: p.change.course === undefined ? l.course : p.change.course }) : l));
    } else if (p.kind === 'delete-line') lines = lines.filter((l) => !(l.id === p.lineId && l.status === 'pending'));
    else lines = lines.map((l) => (l.status === 'pending' ? { ...l, status: 'sent', isHeld: !!l.course && p.holdCourses.includes(l.course) } : l));
  }
  const due = (ls: TicketLine[]) => ls.reduce((s, l) => s + (l.status === 'cancelled' ? 0 : l.due), 0);
  const delta = due(lines) - due(t.lines);
  return { ...t, lines, totals: { ...t.totals, subtotal: t.totals.subtotal + delta, total: t.totals.total + delta, remaining: Math.max(0, t.totals.remaining + delta) } };
}

/** Lines the queue still has to tell the server about (added, changed or to be sent): marked on screen. */
export function queuedLineIds(t: Ticket, queued: readonly QueuedAction[]): Set<string> {
  const ids = new Set<string>();
  const shownBefore = new Map<string, string>();
  for (const l of t.lines) shownBefore.set(l.id, l.status);
  for (const a of queued) {
    if (a.ticketId !== t.id) continue;
    const p = a.payload;
    if (p.kind === 'add-lines') p.lines.forEach((d) => ids.add(d.tempId));
    else if (p.kind === 'update-line') ids.add(p.lineId);
    else if (p.kind === 'send') for (const [id, status] of shownBefore) if (status === 'pending') ids.add(id);
  }
  return ids;
}

export const isDraftLineId = (id: string) => id.startsWith('tmp-');

const withTotal = (l: TicketLine): TicketLine => ({ ...l, total: l.unitPrice * l.quantity, due: l.isComp ? 0 : l.unitPrice * l.quantity });

function lineOfDraft(d: DraftLine, createdAt: number): TicketLine {
  return withTotal({
    id: d.tempId,
    menuItemId: d.menuItemId,
    name: d.name,
    quantity: d.quantity,
    unitPrice: d.unitPrice,
    options: d.options.map((o) => ({ name: o.name, price: o.priceKurus })),
    note: d.note ?? null,
    status: 'pending',
    station: '',
    vatRate: d.vatRate,
    batchId: null,
    isComp: false,
    discount: null,
    total: 0,
    addedAt: new Date(createdAt).toISOString(),
    due: 0,
    compReason: null,
    cancelReason: null,
    paymentId: null,
    course: d.course ?? null,
    isHeld: false,
    firedAt: null,
  });
}

/** A line to add offline, priced from the menu as last seen; null when the item is not in it. */
export function draftLine(menu: AdminMenu | undefined, line: NewLine, tempId: string): DraftLine | null {
  const item = menu?.items.find((i) => i.id === line.menuItemId);
  if (!item) return null;
  const chosen = (menu?.optionGroups ?? []).flatMap((g) => g.options).filter((o) => line.optionIds?.includes(o.id));
  return {
    ...line,
    tempId,
    name: item.name,
    unitPrice: item.priceKurus + chosen.reduce((s, o) => s + o.priceKurus, 0),
    options: chosen.map((o) => ({ name: o.name, priceKurus: o.priceKurus })),
    vatRate: item.vatRate,
  };
}
